// Stand-in for the Anthropic Messages API as Claude Code uses it (ANTHROPIC_BASE_URL): POST
// /v1/messages, streamed as server-sent events. A conversation whose request offers the Bash
// tool gets one Bash tool_use (the stand-in's current command); when the agent sends the
// tool_result back, it is recorded and the turn ends with the text "done" (or, when the test set
// follow-up commands, the next one is asked for in the same session). Requests without
// tools (Claude Code's own side calls, such as titles) get a short text answer.
import { json, sse, StandIn, textOf, type RecordedRequest, type Reply } from './base.js';

const USAGE = { input_tokens: 10, output_tokens: 5, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };

function event(type: string, data: Record<string, unknown>): string {
  return `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
}

/** The streamed form of one assistant message holding a single content block. */
function streamed(id: string, model: string, block: Record<string, unknown>, delta: Record<string, unknown>, stopReason: string): Reply {
  const start = block.type === 'tool_use' ? { ...block, input: {} } : { ...block, text: '' };
  return sse([
    event('message_start', { message: { id, type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage: USAGE } }),
    event('content_block_start', { index: 0, content_block: start }),
    event('content_block_delta', { index: 0, delta }),
    event('content_block_stop', { index: 0 }),
    event('message_delta', { delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: USAGE.output_tokens } }),
    event('message_stop', {}),
  ]);
}

function textReply(req: RecordedRequest, id: string, text: string): Reply {
  const model = String(req.body.model ?? 'stand-in');
  if (req.body.stream !== true) {
    return json(200, { id, type: 'message', role: 'assistant', model, content: [{ type: 'text', text }], stop_reason: 'end_turn', stop_sequence: null, usage: USAGE });
  }
  return streamed(id, model, { type: 'text', text }, { type: 'text_delta', text }, 'end_turn');
}

export function anthropicMessagesStandIn(): StandIn {
  return new StandIn('anthropic-messages', (req, standIn) => {
    const path = req.path.split('?')[0];
    if (req.method === 'POST' && path === '/v1/messages/count_tokens') return json(200, { input_tokens: 10 });
    if (req.method !== 'POST' || path !== '/v1/messages') {
      return json(404, { type: 'error', error: { type: 'not_found_error', message: `stand-in has no ${req.method} ${path}` } });
    }
    const id = standIn.nextId('msg_');
    const messages: any[] = Array.isArray(req.body.messages) ? req.body.messages : [];
    const last = messages.at(-1);
    const results = Array.isArray(last?.content) ? last.content.filter((b: any) => b?.type === 'tool_result') : [];
    if (results.length > 0) {
      for (const r of results) standIn.toolResults.push({ callId: String(r.tool_use_id), isError: r.is_error === true, text: textOf(r.content) });
      const next = standIn.followUps.shift();
      if (next === undefined || req.body.stream !== true) return textReply(req, id, 'done');
      return bashCall(req, id, standIn, next);
    }
    const offersBash = Array.isArray(req.body.tools) && req.body.tools.some((t: any) => t?.name === 'Bash');
    if (!offersBash || req.body.stream !== true) return textReply(req, id, 'ok');
    return bashCall(req, id, standIn, standIn.command);
  });
}

function bashCall(req: RecordedRequest, id: string, standIn: StandIn, command: string): Reply {
  const input = { command, description: 'Run the command the test asked for' };
  return streamed(
    id,
    String(req.body.model ?? 'stand-in'),
    { type: 'tool_use', id: standIn.nextId('toolu_'), name: 'Bash' },
    { type: 'input_json_delta', partial_json: JSON.stringify(input) },
    'tool_use',
  );
}
