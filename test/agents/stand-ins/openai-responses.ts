// Stand-in for the OpenAI Responses API as Codex uses it through a custom model provider
// (config.toml [model_providers.X] base_url = "<url>/v1", wire_api = "responses"): POST
// /v1/responses, streamed as server-sent events that must end with response.completed.
// A turn whose input ends in a user message gets one call of the shell tool the request offers
// (Codex 0.169 offers `exec_command`, args {cmd}; `shell_command` {command} is the older name);
// when the function_call_output comes back it is recorded and the turn ends with "done".
import { json, sse, StandIn, textOf, type Reply } from './base.js';

const USAGE = { input_tokens: 10, input_tokens_details: { cached_tokens: 0 }, output_tokens: 5, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 15 };

function events(list: Array<Record<string, unknown>>): Reply {
  return sse(list.map((e) => `event: ${String(e.type)}\ndata: ${JSON.stringify(e)}\n\n`));
}

function message(id: string, text: string): Reply {
  const item = { type: 'message', role: 'assistant', id: `msg_${id}`, status: 'completed', content: [{ type: 'output_text', text, annotations: [] }] };
  return events([
    { type: 'response.created', response: { id } },
    { type: 'response.output_item.added', output_index: 0, item: { ...item, content: [] } },
    { type: 'response.output_text.delta', output_index: 0, content_index: 0, item_id: item.id, delta: text },
    { type: 'response.output_item.done', output_index: 0, item },
    { type: 'response.completed', response: { id, usage: USAGE } },
  ]);
}

export function openaiResponsesStandIn(): StandIn {
  return new StandIn('openai-responses', (req, standIn) => {
    const path = req.path.split('?')[0];
    if (req.method === 'GET' && path.endsWith('/models')) return json(200, { object: 'list', data: [], models: [] });
    if (req.method !== 'POST' || !path.endsWith('/responses')) {
      return json(404, { error: { message: `stand-in has no ${req.method} ${path}`, type: 'not_found' } });
    }
    const id = standIn.nextId('resp_');
    const input: any[] = Array.isArray(req.body.input) ? req.body.input : [];
    let lastUser = -1;
    input.forEach((item, i) => {
      if (item?.type === 'message' && item.role === 'user') lastUser = i;
    });
    // Tool outputs after the latest user message mean the requested call has come back.
    const outputs = input.slice(lastUser + 1).filter((item) => /_call_output$/.test(String(item?.type ?? '')));
    if (outputs.length > 0) {
      // The Responses API has no error flag on tool output; a block shows only in the text.
      for (const o of outputs) standIn.toolResults.push({ callId: String(o.call_id), isError: false, text: textOf(o.output) });
      return message(id, 'done');
    }
    const tools: string[] = (Array.isArray(req.body.tools) ? req.body.tools : []).map((t: any) => String(t?.name ?? t?.type ?? ''));
    const shell = ['exec_command', 'shell_command'].find((name) => tools.includes(name));
    if (!shell || lastUser < 0) return message(id, 'ok');
    const callId = standIn.nextId('call_');
    const args = shell === 'exec_command' ? { cmd: standIn.command } : { command: standIn.command };
    const item = { type: 'function_call', id: `fc_${callId}`, call_id: callId, name: shell, arguments: JSON.stringify(args) };
    return events([
      { type: 'response.created', response: { id } },
      { type: 'response.output_item.added', output_index: 0, item: { ...item, arguments: '' } },
      { type: 'response.output_item.done', output_index: 0, item },
      { type: 'response.completed', response: { id, usage: USAGE } },
    ]);
  });
}
