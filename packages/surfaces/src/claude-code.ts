// Claude Code (research/agent-hook-formats.md §1 and its "Verified with the real Claude Code CLI"
// section). Native HTTP hooks; they fail open on non-2xx, so every answer is a 200 whose JSON
// carries the decision.
import type { Decision, ToolCall } from './types.js';
import type { SurfaceAdapter } from './adapter.js';
import { readClaudeShaped, type EventNames } from './claude-shaped.js';
import { actionableVerdict, reasonText, warningText } from './render-text.js';

export const CLAUDE_EVENTS: EventNames = { pre: 'PreToolUse', post: 'PostToolUse', prompt: 'UserPromptSubmit' };

/**
 * The Claude hook output shape, shared by Codex and Copilot's PascalCase flavour:
 * - PreToolUse deny: `hookSpecificOutput.permissionDecision:"deny"` + reason (shown to Claude;
 *   verified: the tool does not run). The spec's Claude-compatible deny shape, exactly.
 * - allow: `{}`. We never send `permissionDecision:"allow"`: that would skip the person's own
 *   permission prompt, and "nothing matched" is not an approval.
 * - UserPromptSubmit deny: `{decision:"block", reason}` (verified: the prompt never reaches the model).
 * - warn: `systemMessage`, the universal field shown to the person.
 */
export function renderClaudeShape(call: ToolCall, decision: Decision): Record<string, unknown> {
  const verdict = actionableVerdict(call.phase, decision);
  if (verdict === 'allow') return {};
  if (verdict === 'warn') return { systemMessage: warningText(decision) };
  if (call.phase === 'prompt') return { decision: 'block', reason: reasonText(decision) };
  return {
    hookSpecificOutput: {
      hookEventName: 'PreToolUse',
      permissionDecision: 'deny',
      permissionDecisionReason: reasonText(decision),
    },
  };
}

export const claudeCodeAdapter: SurfaceAdapter = {
  mcpStyle: 'double',
  read: (body, ctx) => readClaudeShaped(body, ctx, 'claude-code', CLAUDE_EVENTS),
  render: renderClaudeShape,
};
