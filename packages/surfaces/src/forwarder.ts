// What a command hook prints and exits with, for every surface (DESIGN.md "Agent surfaces"). The
// one copy of these rules: the Node forwarder (`service hook --surface S`, which has only the
// server's response body) and the server's hook endpoint (which answers the curl hook command with
// exactly these bytes and the exit code) both call `exitCodeForResponseBody` / `hookOutputBytes`;
// `forwarderExitCode` and `forwarderStderr` say the same from a Decision, and tests hold the two
// in agreement. Kept small and import-light: the Node forwarder loads it on every tool call.
import type { Decision, Surface } from './types.js';
export { HOOK_SURFACES, isHookSurface, type HookSurface } from './types.js';
import { cut } from './bounds.js';
import { isObject } from './payload.js';
import { DEFAULT_DENY_REASON, DEFAULT_WARN_REASON, MAX_REASON_CHARS, reasonText, WARNING_PREFIX } from './render-text.js';

/**
 * Exit 2 only where it is the sole way to block: Windsurf pre-hooks have no JSON decision
 * protocol (agent-hook-formats.md §6). Everywhere else the JSON body blocks at exit 0, and exit 0
 * is the safe code: Codex fails open on any other code even with deny JSON (verified-gemini-codex.md
 * §2.5), and Antigravity and Copilot's command `preToolUse` treat a non-zero exit as a deny.
 */
export function forwarderExitCode(surface: Surface, decision: Decision): 0 | 2 {
  return surface === 'windsurf' && decision.verdict === 'deny' ? 2 : 0;
}

/** The stderr text that goes with exit 2: the reason, which Cascade shows to the agent. */
export function forwarderStderr(surface: Surface, decision: Decision): string | undefined {
  return forwarderExitCode(surface, decision) === 2 ? reasonText(decision) : undefined;
}

export interface ForwarderOutcome {
  code: 0 | 2;
  /** Write to stderr (with exit 2). */
  stderr?: string;
  /** Write to stdout; absent means print nothing. */
  stdout?: string;
}

/** The server's error envelope (`{error, message, code}`, spec: Errors) is not a decision. */
function isErrorEnvelope(body: Record<string, unknown>): boolean {
  return typeof body.error === 'string' && typeof body.message === 'string';
}

/**
 * The forwarder's whole behaviour for one response body. Anything that is not a decision body
 * (not an object, an error envelope) fails open: exit 0 and print nothing, because every agent
 * treats empty output at exit 0 as "proceed", while some treat stray JSON as a deny (Antigravity
 * denies on `{}`). The forwarder should do the same when the server cannot be reached.
 */
export function exitCodeForResponseBody(surface: Surface, body: unknown): ForwarderOutcome {
  if (!isObject(body) || isErrorEnvelope(body)) return { code: 0 };
  const decision = body.decision;
  const reason = typeof body.reason === 'string' && body.reason.trim() !== '' ? cut(body.reason.trim(), MAX_REASON_CHARS) : undefined;
  switch (surface) {
    case 'windsurf':
      // Exit codes and plain text only (§6): stderr on a block, stdout (shown with show_output) on a warning.
      if (decision === 'deny') return { code: 2, stderr: reason ?? DEFAULT_DENY_REASON };
      if (decision === 'warn') return { code: 0, stdout: `${WARNING_PREFIX}${reason ?? DEFAULT_WARN_REASON}` };
      return { code: 0 };
    case 'gemini':
      // `ask` hangs a headless Gemini run forever (verified-gemini-codex.md §1): the server asked
      // for a person, and a Gemini hook cannot ask one, so the safe reading is "not without one".
      if (decision === 'ask') return { code: 0, stdout: JSON.stringify({ decision: 'deny', reason: `${reason ?? DEFAULT_DENY_REASON} (needs approval, which a Gemini hook cannot ask for)` }) };
      return Object.keys(body).length === 0 ? { code: 0 } : { code: 0, stdout: JSON.stringify(body) };
    case 'antigravity':
      // agy 1.2.3 denies on `{}` or an empty decision (§7), and an explicit `allow` runs the tool
      // without the person's own approval: print only deny / ask / force_ask, nothing otherwise
      // (no output lets the tool run under the person's normal approval policy).
      if (typeof decision === 'string' && ['deny', 'ask', 'force_ask'].includes(decision)) {
        return { code: 0, stdout: JSON.stringify(body) };
      }
      return { code: 0 };
    default:
      return Object.keys(body).length === 0 ? { code: 0 } : { code: 0, stdout: JSON.stringify(body) };
  }
}

/**
 * What a hook prints when the server cannot be reached or gives no usable answer: nothing, at
 * exit 0, which every surface reads as "go on" — except Cursor's prompt hook, whose documented
 * answer is `{"continue": true}`.
 */
export function failOpenOutcome(surface: Surface, event: string | undefined): ForwarderOutcome {
  if (surface === 'cursor' && event === 'beforeSubmitPrompt') return { code: 0, stdout: '{"continue":true}' };
  return { code: 0 };
}

/** The exact bytes of an outcome: each non-empty stream ends with one newline. */
export interface HookOutputBytes {
  code: 0 | 2;
  stdout: string;
  stderr: string;
}

export function hookOutputBytes(outcome: ForwarderOutcome): HookOutputBytes {
  return {
    code: outcome.code,
    stdout: outcome.stdout ? `${outcome.stdout}\n` : '',
    stderr: outcome.stderr ? `${outcome.stderr}\n` : '',
  };
}

/**
 * After-the-fact events go to audit, everything else to evaluate. Every surface names them
 * with a post/after prefix: PostToolUse, postToolUse, AfterTool, post_run_command,
 * afterShellExecution, afterFileEdit.
 */
export function isAuditEvent(event: string | undefined): boolean {
  return event !== undefined && /^(post|after)/i.test(event);
}

/** Server path for a forwarded hook call: Claude Code has its own routes, the others share one. */
export function forwardPath(surface: Surface, kind: 'evaluate' | 'audit'): string {
  if (surface === 'claude-code') return `/api/v1/claude-code/${kind}`;
  return `/api/v1/${kind}?tool=${surface}`;
}
