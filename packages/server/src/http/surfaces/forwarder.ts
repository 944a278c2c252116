// What `service hook --surface S` (the command-hook forwarder, DESIGN.md "Agent surfaces") does
// with the server's answer. It pipes the agent's stdin to /api/v1/evaluate or /audit and has only
// the response body, so `exitCodeForResponseBody` works from that body alone; `forwarderExitCode`
// and `forwarderStderr` say the same from a Decision, and tests hold the two in agreement.
import type { Decision, Surface } from '../../policy/types.js';
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
    case 'antigravity':
      // agy 1.2.3 denies on `{}` or an empty decision (§7): print only a body with a real decision.
      if (typeof decision === 'string' && ['allow', 'deny', 'ask', 'force_ask'].includes(decision)) {
        return { code: 0, stdout: JSON.stringify(body) };
      }
      return { code: 0 };
    default:
      return Object.keys(body).length === 0 ? { code: 0 } : { code: 0, stdout: JSON.stringify(body) };
  }
}
