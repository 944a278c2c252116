// GitHub Copilot CLI / cloud agent and the VS Code agent (research/agent-hook-formats.md §5).
// Two payload flavours: a camelCase event (`preToolUse`) gets camelCase fields (`toolName`,
// `toolArgs`, which may be a JSON string, `toolResult`, epoch-ms `timestamp`) and *no event name*
// in the body; a PascalCase event (`PreToolUse`) gets the VS Code / Claude snake_case body.
import type { Decision, ToolCall } from './types.js';
import type { NormalizeContext, SurfaceAdapter, SurfaceReading } from './adapter.js';
import { CLAUDE_EVENTS } from './claude-code.js';
import { readClaudeShaped } from './claude-shaped.js';
import { peekString, readArguments, readString, type JsonObject } from './payload.js';
import { phaseOfEvent } from './phases.js';
import { actionableVerdict, reasonText, warningText } from './render-text.js';

/** camelCase bodies carry `toolName`/`toolArgs`/`toolResult`, or an epoch-ms timestamp, and no snake_case event. */
export function isCamelCaseBody(body: JsonObject): boolean {
  if ('tool_name' in body || 'hook_event_name' in body) return false;
  return 'toolName' in body || 'toolArgs' in body || 'toolResult' in body || typeof body.timestamp === 'number';
}

/** The camelCase body names no event; its fields and the route tell which one fired. */
function inferCamelEvent(body: JsonObject, route: NormalizeContext['route']): string {
  const hasTool = peekString(body, ['toolName']) !== undefined || 'toolArgs' in body;
  if (hasTool) return route === 'audit' || 'toolResult' in body ? 'postToolUse' : 'preToolUse';
  if (peekString(body, ['prompt']) !== undefined) return 'userPromptSubmitted';
  if ('source' in body) return 'sessionStart';
  return route === 'audit' ? 'postToolUse' : 'preToolUse';
}

function readCamel(body: JsonObject, ctx: NormalizeContext): SurfaceReading {
  const event = readString(body, ['hookEventName'], 'copilot') ?? inferCamelEvent(body, ctx.route);
  const at = `copilot ${event}`;
  const phase = phaseOfEvent(event);
  const reading: SurfaceReading = { event, toolNameField: 'toolName', promptField: 'prompt' };
  if (phase === 'pre_tool' || phase === 'post_tool') {
    reading.toolName = readString(body, ['toolName'], at);
    reading.toolInput = readArguments(body, 'toolArgs', at);
    reading.toolOutput = body.toolResult;
  } else if (phase === 'prompt') {
    reading.prompt = readString(body, ['prompt'], at);
  }
  reading.sessionId = readString(body, ['sessionId'], at);
  reading.cwd = readString(body, ['cwd'], at);
  return reading;
}

/**
 * - camelCase `preToolUse`: `{permissionDecision:"deny", permissionDecisionReason}` (reason
 *   required on deny). allow is `{}`, not `permissionDecision:"allow"`, which would approve the
 *   call on the person's behalf. warn has no documented field (the reason is documented for deny
 *   only), so it is `{}` and lives in the recorded event.
 * - camelCase `userPromptSubmitted`: config-file hook output is dropped (§5), so it is always `{}`;
 *   a prompt deny on this flavour is recorded but cannot be enforced.
 * - PascalCase (VS Code format): whether Copilot reads the Claude `hookSpecificOutput` wrapper is
 *   unconfirmed (§5), so a deny carries both the top-level Copilot fields and the Claude wrapper;
 *   each reader ignores the other's keys. Prompt deny is Claude's `{decision:"block", reason}`;
 *   warn is `systemMessage`.
 */
function renderCopilot(call: ToolCall, decision: Decision): Record<string, unknown> {
  const verdict = actionableVerdict(call.phase, decision);
  const pascal = /^[A-Z]/.test(call.event);
  if (verdict === 'allow') return {};
  if (!pascal) {
    if (call.phase === 'pre_tool' && verdict === 'deny') {
      return { permissionDecision: 'deny', permissionDecisionReason: reasonText(decision) };
    }
    return {};
  }
  if (verdict === 'warn') return { systemMessage: warningText(decision) };
  const reason = reasonText(decision);
  if (call.phase === 'prompt') return { decision: 'block', reason };
  return {
    permissionDecision: 'deny',
    permissionDecisionReason: reason,
    hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason },
  };
}

export const copilotAdapter: SurfaceAdapter = {
  mcpStyle: 'copilot',
  read: (body, ctx) => (isCamelCaseBody(body) ? readCamel(body, ctx) : readClaudeShaped(body, ctx, 'copilot', CLAUDE_EVENTS)),
  render: renderCopilot,
};
