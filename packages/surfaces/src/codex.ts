// OpenAI Codex CLI (research/agent-hook-formats.md §3; verified-gemini-codex.md §2, which wins).
// Command hooks only, so a forwarder prints our body with exit 0. Verified on 0.169.0:
// - the `hookSpecificOutput` deny blocks, but only with a non-empty reason (reasonText ensures one);
// - `permissionDecision:"allow"` without `updatedInput` and `ask` are "unsupported" and the hook is
//   marked failed, so allow is `{}` and we never send `ask`;
// - `{"decision":"block","reason"}` blocks a UserPromptSubmit; the Gemini shape does not parse.
// The Claude shape is therefore exactly right; Codex differs only in its payloads (`apply_patch`
// with the patch in `tool_input.command`, `tool_response` a plain string), handled in extract.ts.
import type { SurfaceAdapter } from './adapter.js';
import { CLAUDE_EVENTS, renderClaudeShape } from './claude-code.js';
import { readClaudeShaped } from './claude-shaped.js';

export const codexAdapter: SurfaceAdapter = {
  mcpStyle: 'double',
  read: (body, ctx) => readClaudeShaped(body, ctx, 'codex', CLAUDE_EVENTS),
  render: renderClaudeShape,
};
