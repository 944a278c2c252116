// Calls the admin API with the stored (or SERVICE_ADMIN_KEY) admin key over undici.
// Errors become CliError sentences that say what to do; keys never appear in them.
import { request } from 'undici';
import { resolveAdminKey, resolveServerUrl } from '../config/index.js';
import { CliError } from '../output/errors.js';

export interface AdminTarget {
  url: string;
  key: string;
}

export async function resolveAdminTarget(flags: { server?: string }): Promise<AdminTarget> {
  const url = flags.server ?? resolveServerUrl();
  if (!url) throw new CliError('No server configured. Run `service login --server URL`, or set SERVICE_URL.');
  const key = await resolveAdminKey();
  if (!key) throw new CliError('No admin key found. Run `service login --server URL`, or set SERVICE_ADMIN_KEY.');
  return { url: url.replace(/\/+$/, ''), key };
}

export async function adminCall<T = any>(target: AdminTarget, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
  let res;
  try {
    res = await request(target.url + path, {
      method,
      headers: { authorization: `Bearer ${target.key}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
      headersTimeout: 30_000,
      bodyTimeout: 60_000,
    });
  } catch (err) {
    throw new CliError(`Could not reach the server at ${target.url} (${(err as Error).message}). Is it running? Check the URL with \`service login\` or SERVICE_URL.`);
  }
  const text = await res.body.text();
  let parsed: any;
  try {
    parsed = text === '' ? {} : JSON.parse(text);
  } catch {
    throw new CliError(`The server at ${target.url} answered ${res.statusCode} with a non-JSON body; is that URL really the service?`);
  }
  if (res.statusCode >= 400) {
    const message = typeof parsed?.message === 'string' ? parsed.message : `HTTP ${res.statusCode}`;
    const hint = res.statusCode === 401 ? ' Log in again with `service login`.' : res.statusCode === 403 ? ' This needs an admin key.' : '';
    throw new CliError(`${message}${hint}`, res.statusCode === 404 ? 3 : 1);
  }
  return parsed as T;
}
