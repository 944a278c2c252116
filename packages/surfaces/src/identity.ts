// Who sent a hook call. No agent puts a hostname or machine id in its hook payload (verified with
// the real Claude Code: research/agent-hook-formats.md "Verified"), so `install-hooks` writes them
// as headers of HTTP hooks, and command-hook forwarders add them to the body (DESIGN.md "Agent
// surfaces"). The body wins because a forwarder knows the workstation better than a static header.
import { createHash } from 'node:crypto';
import { cut, MAX_NAME_CHARS } from './bounds.js';
import { readString, type JsonObject } from './payload.js';

/** Header names as `install-hooks` writes them; matching is case-insensitive (Node lower-cases them). */
export const MACHINE_ID_HEADER = 'X-Machine-Id';
export const HOSTNAME_HEADER = 'X-Hostname';
export const USER_HINT_HEADER = 'X-User-Hint';

export type HeaderBag = Record<string, string | string[] | undefined>;

/** The first non-blank value of a header, trimmed; repeated headers arrive as arrays. */
export function headerValue(headers: HeaderBag, name: string): string | undefined {
  const wanted = name.toLowerCase();
  // Node's own header objects are lower-cased: one lookup. Other bags are searched by name.
  const direct = firstNonBlank(headers[wanted]);
  if (direct !== undefined) return direct;
  for (const key in headers) {
    if (key.length !== wanted.length || key === wanted || key.toLowerCase() !== wanted) continue;
    const value = firstNonBlank(headers[key]);
    if (value !== undefined) return value;
  }
  return undefined;
}

function firstNonBlank(raw: string | string[] | undefined): string | undefined {
  if (raw === undefined) return undefined;
  for (const value of Array.isArray(raw) ? raw : [raw]) {
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return undefined;
}

export interface CallerIdentity {
  identity: { machineId?: string; hostname?: string };
  userHint?: string;
}

/**
 * A hook's hostname or machine id within MAX_NAME_CHARS (the identity columns' bound, 256). A hook
 * must get its verdict, so a longer one is not refused: it keeps its first characters and ends
 * with `~` and 16 hex digits of the whole value's SHA-256, so it is the same on every call of
 * one machine and different for two machines whose long names share a beginning (a plain cut
 * would merge them into one workstation).
 */
export function boundedIdentity(value: string): string {
  if (value.length <= MAX_NAME_CHARS) return value;
  const digest = createHash('sha256').update(value).digest('hex').slice(0, 16);
  return `${cut(value, MAX_NAME_CHARS - 17)}~${digest}`;
}

export function readIdentity(body: JsonObject, headers: HeaderBag, where: string): CallerIdentity {
  const pick = (fields: string[], header: string, bound: (v: string) => string): string | undefined => {
    const value = readString(body, fields, where)?.trim() ?? headerValue(headers, header);
    return value === undefined ? undefined : bound(value);
  };
  const cutName = (v: string) => cut(v, MAX_NAME_CHARS);
  const machineId = pick(['machine_id', 'machineId'], MACHINE_ID_HEADER, boundedIdentity);
  const hostname = pick(['hostname'], HOSTNAME_HEADER, boundedIdentity);
  const userHint = pick(['user_hint', 'userHint'], USER_HINT_HEADER, cutName);
  const identity: CallerIdentity['identity'] = {};
  if (machineId !== undefined) identity.machineId = machineId;
  if (hostname !== undefined) identity.hostname = hostname;
  return userHint === undefined ? { identity } : { identity, userHint };
}
