// One JSON POST with a hard deadline, on node:http / node:https. The forwarder starts on
// every tool call: measured here (20 runs, median, local server), a process that POSTs with
// node:http takes about as long as `node -e 0`, while importing undici or touching global
// fetch (which loads undici's bundle) adds 170-300 ms. So this path stays on the built-ins.
import type { IncomingMessage, RequestOptions } from 'node:http';

export interface JsonResponse {
  status: number;
  body: unknown;
  date: string | undefined;
}

const MAX_RESPONSE_BYTES = 1024 * 1024;

export async function postJson(url: string, payload: string, headers: Record<string, string>, timeoutMs: number): Promise<JsonResponse> {
  const target = new URL(url);
  const mod = target.protocol === 'https:' ? await import('node:https') : await import('node:http');
  return new Promise<JsonResponse>((resolve, reject) => {
    const options: RequestOptions = {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      // No keep-alive agent: a pooled socket would hold the process open after the answer.
      agent: false,
    };
    const req = mod.request(target, options, (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_RESPONSE_BYTES) req.destroy(new Error('response too large'));
        else chunks.push(chunk);
      });
      res.on('end', () => {
        clearTimeout(timer);
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = undefined;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          body = undefined;
        }
        resolve({ status: res.statusCode ?? 0, body, date: res.headers.date });
      });
      res.on('error', reject);
    });
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.end(payload);
  });
}
