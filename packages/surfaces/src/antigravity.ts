// Google Antigravity (research/agent-hook-formats.md §7). UNCONFIRMED: no official docs, and the
// third-party sources disagree on which events fire and on what `allow` does. What we rely on:
// - stdin (websentry PR #104): `{conversationId, stepIdx, toolCall:{name, args}, workspacePaths, …}`
//   with PascalCase args (`CommandLine`, `Cwd`, `AbsolutePath`, `TargetFile`, `CodeContent`, …) and
//   no event name, so the route tells PreToolUse from PostToolUse;
// - output `{"decision":"allow|deny|ask|force_ask","reason"}` (safe-chains, agy 1.1.2);
// - measured on agy 1.2.3: no output → the tool runs; `{}`, `{"decision":""}`, non-JSON or exit 1
//   → DENIED; `ask` → the person's normal approval policy applies; `allow` → runs with no prompt.
import type { Decision, ToolCall } from './types.js';
import type { NormalizeContext, SurfaceAdapter, SurfaceReading } from './adapter.js';
import { readClaudeShaped } from './claude-shaped.js';
import { firstArrayString, peekString, readArguments, readObject, readString, type JsonObject } from './payload.js';
import { phaseOfEvent } from './phases.js';
import { actionableVerdict, reasonText } from './render-text.js';
import { SurfaceInputError } from './surface-input-error.js';

const EVENTS = { pre: 'PreToolUse', post: 'PostToolUse', prompt: 'PreInvocation' };
const PROMPT_FIELDS = ['prompt', 'userPrompt', 'user_prompt', 'userInput'];

function readAntigravity(body: JsonObject, ctx: NormalizeContext): SurfaceReading {
  const toolCall = readObject(body, 'toolCall', 'antigravity');
  const named = readString(body, ['hook_event_name', 'hookEventName'], 'antigravity');
  if (toolCall === undefined && named === undefined) {
    // Not the agy stdin shape: accept the spec's generic body, or a bare prompt.
    if ('tool_name' in body) return readClaudeShaped(body, ctx, 'antigravity', EVENTS);
    if (peekString(body, PROMPT_FIELDS) === undefined) {
      throw new SurfaceInputError(
        'antigravity: the body has no "toolCall"; expected {"toolCall":{"name":"run_command","args":{…}}} as Antigravity sends it.',
        'toolCall',
      );
    }
  }
  const event = named ?? (toolCall ? (ctx.route === 'audit' ? EVENTS.post : EVENTS.pre) : EVENTS.prompt);
  const at = `antigravity ${event}`;
  const phase = phaseOfEvent(event);
  const reading: SurfaceReading = { event, toolNameField: 'toolCall.name', promptField: 'prompt' };
  let args: JsonObject = {};
  if (phase === 'prompt') {
    reading.prompt = readString(body, PROMPT_FIELDS, at);
  } else if (toolCall) {
    reading.toolName = readString(toolCall, ['name'], at, 'toolCall.');
    args = readArguments(toolCall, 'args', at, 'toolCall.');
    reading.toolInput = args;
    reading.toolOutput = body.toolResult ?? body.result ?? toolCall.result ?? body.output;
  }
  reading.sessionId = readString(body, ['conversationId', 'session_id'], at);
  // A command's own working directory is more precise than the workspace root.
  reading.cwd = peekString(args, ['Cwd']) ?? firstArrayString(body, 'workspacePaths') ?? readString(body, ['cwd'], at);
  return reading;
}

/**
 * Chosen shapes, given the conflicting sources:
 * - deny: `{decision:"deny", reason}`, the one shape every source agrees on.
 * - allow (pre-tool): `{decision:"ask"}`. `allow` would run the tool with no prompt on agy 1.2.3,
 *   approving on the person's behalf; `ask` leaves their normal approval policy in charge (a
 *   separate `force_ask` exists for always asking), which is what "no objection" means. `{}` is
 *   never sent: agy 1.2.3 treats it as a deny.
 * - warn (pre-tool): `{decision:"ask", reason}`, so the person's policy applies and the reason travels.
 * - prompt and other events: `{decision:"allow"}` (with the reason on warn); there is no approval to bypass.
 */
function renderAntigravity(call: ToolCall, decision: Decision): Record<string, unknown> {
  const verdict = actionableVerdict(call.phase, decision);
  if (verdict === 'deny') return { decision: 'deny', reason: reasonText(decision) };
  const decided = call.phase === 'pre_tool' ? 'ask' : 'allow';
  return verdict === 'warn' ? { decision: decided, reason: reasonText(decision) } : { decision: decided };
}

export const antigravityAdapter: SurfaceAdapter = {
  mcpStyle: 'single',
  read: readAntigravity,
  render: renderAntigravity,
};
