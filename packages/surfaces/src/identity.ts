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

/**
 * The bound of a hostname or machine id: the identity columns are VARCHAR(256) (server migration
 * 006), the same bound as every other name a hook carries.
 */
export const MAX_IDENTITY_CHARS = MAX_NAME_CHARS;

/**
 * What to do with a hostname or machine id past MAX_IDENTITY_CHARS. Registration and report
 * routes `refuse` it (the sender can fix it, and nothing is stored); hook routes must answer with
 * a verdict, so they `fit` it (boundedIdentity: still fits, still tells machines apart).
 */
export type OverlongIdentity = 'refuse' | 'fit';

/** A hostname or machine id past MAX_IDENTITY_CHARS under the `refuse` rule; the message says which and how long. */
export class IdentityTooLongError extends Error {
  constructor(
    message: string,
    readonly field: 'hostname' | 'machine_id',
  ) {
    super(message);
  }
}

/** Where a request may name its workstation: the body's fields, then the headers. Non-strings and blanks count as absent. */
export interface IdentityCandidates {
  machineId?: unknown;
  hostname?: unknown;
  headerMachineId?: unknown;
  headerHostname?: unknown;
}

export interface ResolvedIdentity {
  machineId?: string;
  hostname?: string;
}

/**
 * The one identity rule (spec: check-in behaviour 2): the machine id first, then the hostname;
 * each from the body, else from its header; trimmed, and bounded by MAX_IDENTITY_CHARS under
 * `overlong`. Either part may be absent.
 */
export function resolveIdentity(c: IdentityCandidates, overlong: OverlongIdentity): ResolvedIdentity {
  const pick = (v: unknown, field: 'hostname' | 'machine_id', where: string): string | undefined => {
    if (typeof v !== 'string') return undefined;
    const t = v.trim();
    if (t === '') return undefined;
    if (t.length <= MAX_IDENTITY_CHARS) return t;
    if (overlong === 'fit') return boundedIdentity(t);
    throw new IdentityTooLongError(`${where} ${field === 'hostname' ? 'hostname' : 'machine id'} is ${t.length} characters; ${field} must be at most ${MAX_IDENTITY_CHARS} characters.`, field);
  };
  const machineId = pick(c.machineId, 'machine_id', 'The') ?? pick(c.headerMachineId, 'machine_id', 'The X-Machine-Id');
  const hostname = pick(c.hostname, 'hostname', 'The') ?? pick(c.headerHostname, 'hostname', 'The X-Hostname');
  const out: ResolvedIdentity = {};
  if (machineId !== undefined) out.machineId = machineId;
  if (hostname !== undefined) out.hostname = hostname;
  return out;
}

/**
 * The workstation an identity names, as the fleet keys it: a machine known only by its id is
 * still listed by something readable. Null when the identity names nothing.
 */
export function hostIdentity(id: ResolvedIdentity): { machineId: string | null; hostname: string } | null {
  if (!id.machineId && !id.hostname) return null;
  return { machineId: id.machineId ?? null, hostname: id.hostname ?? `machine-${id.machineId!.slice(0, 12)}` };
}

export interface CallerIdentity {
  identity: ResolvedIdentity;
  userHint?: string;
}

export function readIdentity(body: JsonObject, headers: HeaderBag, where: string): CallerIdentity {
  const identity = resolveIdentity(
    {
      machineId: readString(body, ['machine_id', 'machineId'], where),
      hostname: readString(body, ['hostname'], where),
      headerMachineId: headerValue(headers, MACHINE_ID_HEADER),
      headerHostname: headerValue(headers, HOSTNAME_HEADER),
    },
    'fit',
  );
  const hint = readString(body, ['user_hint', 'userHint'], where)?.trim() ?? headerValue(headers, USER_HINT_HEADER);
  return hint === undefined ? { identity } : { identity, userHint: cut(hint, MAX_NAME_CHARS) };
}
