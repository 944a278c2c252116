// @service/surfaces, the one home of each agent surface's wire rules: its hook payload in, one
// ToolCall out; a Decision in, the agent's own response body out; and what a command hook prints
// and exits with (forwarder.ts). Pure functions, no dependencies: the server's routes and the
// CLI's forwarder import the same code. docs/surfaces.md is the per-surface reference.
import type { Decision, Surface, ToolCall } from './types.js';
import type { NormalizeContext, SurfaceAdapter } from './adapter.js';
import { antigravityAdapter } from './antigravity.js';
import { buildToolCall } from './build-call.js';
import { claudeCodeAdapter } from './claude-code.js';
import { codexAdapter } from './codex.js';
import { copilotAdapter } from './copilot.js';
import { cursorAdapter } from './cursor.js';
import { geminiAdapter } from './gemini.js';
import { genericAdapter } from './generic.js';
import { describeType, isObject } from './payload.js';
import { SurfaceInputError } from './surface-input-error.js';
import { windsurfAdapter } from './windsurf.js';

export { SurfaceInputError } from './surface-input-error.js';
export { HOOK_SURFACES, isHookSurface, type HookSurface, SURFACES, isSurface, type CanonicalTool, type Decision, type HookPhase, type Surface, type ToolCall, type Verdict } from './types.js';
export {
  HOSTNAME_HEADER,
  MACHINE_ID_HEADER,
  USER_HINT_HEADER,
  MAX_IDENTITY_CHARS,
  IdentityTooLongError,
  boundedIdentity,
  headerValue,
  hostIdentity,
  resolveIdentity,
  type HeaderBag,
  type IdentityCandidates,
  type OverlongIdentity,
  type ResolvedIdentity,
} from './identity.js';
export { phaseOfEvent, canBlock } from './phases.js';
export {
  exitCodeForResponseBody,
  failOpenOutcome,
  forwarderExitCode,
  forwarderStderr,
  forwardPath,
  hookOutputBytes,
  isAuditEvent,
  type ForwarderOutcome,
  type HookOutputBytes,
} from './forwarder.js';
export {
  MAX_INPUT_DEPTH,
  MAX_INPUT_ENTRIES,
  MAX_INPUT_TOTAL_CHARS,
  MAX_NAME_CHARS,
  MAX_PATH_CHARS,
  MAX_TEXT_CHARS,
} from './bounds.js';
export { DEFAULT_DENY_REASON, MAX_REASON_CHARS } from './render-text.js';
export type { NormalizeContext } from './adapter.js';

const ADAPTERS: Record<Surface, SurfaceAdapter> = {
  'claude-code': claudeCodeAdapter,
  'claude-chat': genericAdapter('claude-chat'),
  cowork: genericAdapter('cowork'),
  cursor: cursorAdapter,
  windsurf: windsurfAdapter,
  copilot: copilotAdapter,
  codex: codexAdapter,
  gemini: geminiAdapter,
  antigravity: antigravityAdapter,
  grok: genericAdapter('grok'),
};

/**
 * Normalizes a hook body from `surface` into a ToolCall. Throws `SurfaceInputError` (a 400 unless
 * the route answers otherwise) when the body is not an object, a tool event has no tool name, the
 * prompt event no prompt, or a field we read has the wrong type. Extra fields are ignored.
 */
export function normalizeHookCall(surface: Surface, body: unknown, ctx: NormalizeContext): ToolCall {
  if (!isObject(body)) {
    throw new SurfaceInputError(`${surface}: the request body must be a JSON object, but it is ${describeType(body)}.`, '(body)');
  }
  return buildToolCall(surface, ADAPTERS[surface], body, ctx);
}

/** The response body (always sent with status 200, spec: Errors rule 1) in the surface's own shape. */
export function renderDecision(surface: Surface, call: ToolCall, decision: Decision): unknown {
  return ADAPTERS[surface].render(call, decision);
}

/**
 * The answer to a successful audit (spec: audit success is `{}`), the same for every surface.
 * Antigravity's "`{}` means deny" only matters for PreToolUse, and the forwarder prints nothing
 * for a body without a decision anyway (forwarder.ts).
 */
export function renderAuditAck(_surface: Surface, _call: ToolCall): unknown {
  return {};
}
