// Stand-in for the Gemini API as Gemini CLI uses it (GOOGLE_GEMINI_BASE_URL):
// POST /v1beta/models/<model>:streamGenerateContent?alt=sse (and the non-streamed
// :generateContent and :countTokens). A request that offers run_shell_command gets one
// functionCall for the stand-in's current command; when the functionResponse comes back it is
// recorded and the turn ends with the text "done". Requests without the shell tool are the
// CLI's own helper calls (next-speaker check, model routing); they get a neutral answer, in
// JSON when the request asks for JSON.
import { json, sse, StandIn, textOf, type RecordedRequest, type Reply } from './base.js';

const USAGE = { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 };

function answer(req: RecordedRequest, id: string, parts: unknown[]): Reply {
  const response = {
    candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
    usageMetadata: USAGE,
    modelVersion: 'stand-in',
    responseId: id,
  };
  if (req.path.includes(':streamGenerateContent')) return sse([`data: ${JSON.stringify(response)}\r\n\r\n`]);
  return json(200, response);
}

export function geminiStandIn(): StandIn {
  return new StandIn('gemini', (req, standIn) => {
    const path = req.path.split('?')[0];
    if (req.method === 'POST' && path.endsWith(':countTokens')) return json(200, { totalTokens: 10 });
    if (req.method !== 'POST' || !/:(streamGenerateContent|generateContent)$/.test(path)) {
      return json(404, { error: { code: 404, message: `stand-in has no ${req.method} ${path}`, status: 'NOT_FOUND' } });
    }
    const id = standIn.nextId('resp_');
    const contents: any[] = Array.isArray(req.body.contents) ? req.body.contents : [];
    const lastParts: any[] = Array.isArray(contents.at(-1)?.parts) ? contents.at(-1).parts : [];
    const responses = lastParts.filter((p) => p?.functionResponse);
    const offersShell = (Array.isArray(req.body.tools) ? req.body.tools : []).some((t: any) =>
      (Array.isArray(t?.functionDeclarations) ? t.functionDeclarations : []).some((f: any) => f?.name === 'run_shell_command'),
    );
    if (!offersShell) {
      const config = req.body.generationConfig ?? {};
      const wantsJson = config.responseMimeType === 'application/json' || config.responseJsonSchema || config.responseSchema;
      const text = wantsJson ? JSON.stringify({ reasoning: 'stand-in', next_speaker: 'user', model_choice: 'flash' }) : 'ok';
      return answer(req, id, [{ text }]);
    }
    if (responses.length > 0) {
      for (const p of responses) {
        const fr = p.functionResponse;
        const result = fr.response ?? {};
        standIn.toolResults.push({ callId: String(fr.id ?? fr.name), isError: 'error' in result, text: textOf(result.error ?? result.output ?? result) });
      }
      return answer(req, id, [{ text: 'done' }]);
    }
    return answer(req, id, [{ functionCall: { name: 'run_shell_command', args: { command: standIn.command, description: 'Run the command the test asked for' } } }]);
  });
}
