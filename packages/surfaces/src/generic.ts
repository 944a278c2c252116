// The spec's generic body, for surfaces with no hook format of their own (claude-chat, cowork,
// grok) and as the fallback shape other adapters accept: `{tool_name, tool_input,
// hook_event_name, hostname, machine_id, session_id, cwd, user_hint}` in, the spec's Generic
// `{decision, reason}` out (spec "POST /api/v1/evaluate"). Unlike hook runtimes, these callers
// read the verdict from the body, so allow and warn carry `decision` too.
import type { Decision, ToolCall } from './types.js';
import type { SurfaceAdapter } from './adapter.js';
import { CLAUDE_EVENTS } from './claude-code.js';
import { readClaudeShaped } from './claude-shaped.js';
import { actionableVerdict, reasonText } from './render-text.js';

export function renderGeneric(call: ToolCall, decision: Decision): Record<string, unknown> {
  const verdict = actionableVerdict(call.phase, decision);
  if (verdict === 'allow') return { decision: 'allow' };
  return { decision: verdict, reason: reasonText(decision) };
}

export function genericAdapter(surface: string): SurfaceAdapter {
  return {
    mcpStyle: 'double',
    // The spec marks tool_input as required on evaluate.
    read: (body, ctx) => readClaudeShaped(body, ctx, surface, CLAUDE_EVENTS, { requireToolInput: true }),
    render: renderGeneric,
  };
}
