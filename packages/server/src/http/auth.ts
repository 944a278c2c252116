// API key authentication. Every route declares which key kinds it accepts; a route that
// declares nothing cannot be mounted (fail closed). Repeated failed attempts are answered with
// 429 instead of 401, counted per client address (after trusted-proxy resolution) and per key
// prefix, so a source cannot probe keys at line rate. A VALID key is never refused because of
// failures: the key is verified first (SHA-256 → one indexed lookup, the same work whatever the
// key's first characters, so there is no timing hint about partial keys), and only a failed
// verification meets the limiter. One client's bad keys therefore cannot lock another client's
// hooks out of a shared address (a NAT, a proxy).
import { LRUCache } from 'lru-cache';
import type { Next } from 'koa';
import type { KeyKind } from '../accounts/api-keys.js';
import type { KeyVerifier } from '../accounts/key-cache.js';
import type { AppContext } from './context.js';
import { ForbiddenError, TooManyRequestsError, UnauthorizedError } from './errors.js';

const FAILURE_WINDOW_MS = 60_000;
const MAX_TRACKED = 50_000;

interface FailureWindow {
  count: number;
  windowStart: number;
}

/** What a failure is counted under besides the address: the kind marker and the next 6 characters of a key-shaped token. */
export function keyPrefixOf(token: string): string | null {
  const m = /^(svc_(?:rt|adm)_[A-Za-z0-9]{6})/.exec(token);
  return m ? m[1] : null;
}

export class AuthFailureLimiter {
  private readonly byAddress = new LRUCache<string, FailureWindow>({ max: MAX_TRACKED });
  private readonly byPrefix = new LRUCache<string, FailureWindow>({ max: MAX_TRACKED });

  constructor(private readonly maxFailuresPerWindow = 60) {}

  /** Throws 429 when the address or the key prefix already used up its failures in this window. */
  check(ip: string, prefix: string | null, now = Date.now()): void {
    const retry = Math.max(this.retryAfter(this.byAddress, ip, now), prefix === null ? 0 : this.retryAfter(this.byPrefix, prefix, now));
    if (retry > 0) throw new TooManyRequestsError(`Too many requests with invalid API keys from this address or for this key prefix; try again in ${retry} seconds.`, retry);
  }

  recordFailure(ip: string, prefix: string | null, now = Date.now()): void {
    this.bump(this.byAddress, ip, now);
    if (prefix !== null) this.bump(this.byPrefix, prefix, now);
  }

  private retryAfter(map: LRUCache<string, FailureWindow>, id: string, now: number): number {
    const entry = map.get(id);
    if (entry && now - entry.windowStart < FAILURE_WINDOW_MS && entry.count >= this.maxFailuresPerWindow) {
      return Math.max(1, Math.ceil((entry.windowStart + FAILURE_WINDOW_MS - now) / 1000));
    }
    return 0;
  }

  private bump(map: LRUCache<string, FailureWindow>, id: string, now: number): void {
    const entry = map.get(id);
    if (!entry || now - entry.windowStart >= FAILURE_WINDOW_MS) {
      map.set(id, { count: 1, windowStart: now });
    } else entry.count++;
  }
}

const KIND_DESCRIPTION: Record<KeyKind, string> = {
  runtime: 'a runtime key (the key written into hook configurations)',
  admin: 'an admin key',
};

export function requireKey(accepted: readonly KeyKind[], verifier: KeyVerifier, limiter: AuthFailureLimiter) {
  if (accepted.length === 0) throw new Error('A route must accept at least one key kind.');
  return async function authenticate(ctx: AppContext, next: Next): Promise<void> {
    const header = ctx.req.headers.authorization ?? '';
    if (header === '') throw new UnauthorizedError();
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!m) {
      limiter.check(ctx.state.clientIp, null);
      limiter.recordFailure(ctx.state.clientIp, null);
      throw new UnauthorizedError('The Authorization header is malformed: send "Authorization: Bearer <API_KEY>".');
    }
    const verdict = verifier.verify(m[1], ctx.req.socket);
    const result = verdict instanceof Promise ? await verdict : verdict;
    if (!result.ok) {
      const prefix = keyPrefixOf(m[1]);
      limiter.check(ctx.state.clientIp, prefix);
      limiter.recordFailure(ctx.state.clientIp, prefix);
      throw new UnauthorizedError(
        result.reason === 'revoked'
          ? 'This API key has been revoked; create a new one with `service keys create`.'
          : 'The API key is not valid. Check the key, or create one with `service keys create`.',
      );
    }
    if (!accepted.includes(result.principal.kind)) {
      throw new ForbiddenError(`This endpoint needs ${accepted.map((k) => KIND_DESCRIPTION[k]).join(' or ')}; the key sent is a ${result.principal.kind} key.`);
    }
    ctx.state.principal = result.principal;
    await next();
  };
}
