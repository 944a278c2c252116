// HTTP calls of the workstation commands (install-hooks, doctor, scan-inventory, posture)
// to the runtime API, with the runtime key, over undici. Not used by the forwarder, which
// must start faster than importing undici allows (see post-json.ts).
import { request } from 'undici';
import type { MachineIdentity } from '../config/machine-identity.js';

export interface RuntimeResponse {
  status: number;
  body: unknown;
  /** The server's Date header, for the clock-skew check. */
  date: string | undefined;
}

export class ServerUnreachableError extends Error {}

export async function runtimeRequest(
  serverUrl: string,
  method: 'GET' | 'POST',
  path: string,
  opts: { key: string; identity?: MachineIdentity; body?: unknown; timeoutMs: number },
): Promise<RuntimeResponse> {
  const headers: Record<string, string> = { authorization: `Bearer ${opts.key}`, 'user-agent': 'service-cli' };
  if (opts.identity) {
    headers['x-hostname'] = /^[\x20-\x7e]*$/.test(opts.identity.hostname) ? opts.identity.hostname : encodeURIComponent(opts.identity.hostname);
    headers['x-machine-id'] = opts.identity.machine_id;
  }
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  try {
    const res = await request(serverUrl + path, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: AbortSignal.timeout(Math.max(1, Math.round(opts.timeoutMs))),
    });
    const text = await res.body.text();
    let body: unknown = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    const date = res.headers.date;
    return { status: res.statusCode, body, date: Array.isArray(date) ? date[0] : date };
  } catch (err) {
    // AbortSignal.timeout rejects with a DOMException named TimeoutError (its legacy code is 23).
    if ((err as Error).name === 'TimeoutError') throw new ServerUnreachableError(`no answer from ${serverUrl} within ${Math.round(opts.timeoutMs)} ms`);
    const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code ?? (err as Error).name;
    throw new ServerUnreachableError(`could not reach ${serverUrl} (${cause})`);
  }
}

/** The `message` of the spec's error envelope {error, message, code}, when there is one. */
export function errorMessageOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') return (body as { message: string }).message;
  return undefined;
}
