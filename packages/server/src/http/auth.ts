// API key authentication. Every route declares which key kinds it accepts; a route that
// declares nothing cannot be mounted (fail closed). Repeated failed attempts from one
// address are slowed down with 429 so keys cannot be guessed at line rate.
import type { Next } from 'koa';
import type { KeyKind } from '../accounts/api-keys.js';
import type { KeyVerifier } from '../accounts/key-cache.js';
import type { AppContext } from './context.js';
import { ForbiddenError, TooManyRequestsError, UnauthorizedError } from './errors.js';

const FAILURE_WINDOW_MS = 60_000;
const MAX_TRACKED_ADDRESSES = 50_000;

export class AuthFailureLimiter {
  private readonly failures = new Map<string, { count: number; windowStart: number }>();

  constructor(private readonly maxFailuresPerWindow = 60) {}

  check(ip: string, now = Date.now()): void {
    const entry = this.failures.get(ip);
    if (entry && now - entry.windowStart < FAILURE_WINDOW_MS && entry.count >= this.maxFailuresPerWindow) {
      const retry = Math.ceil((entry.windowStart + FAILURE_WINDOW_MS - now) / 1000);
      throw new TooManyRequestsError(`Too many requests with invalid API keys from this address; try again in ${retry} seconds.`, retry);
    }
  }

  recordFailure(ip: string, now = Date.now()): void {
    const entry = this.failures.get(ip);
    if (!entry || now - entry.windowStart >= FAILURE_WINDOW_MS) {
      if (this.failures.size >= MAX_TRACKED_ADDRESSES) this.failures.delete(this.failures.keys().next().value as string);
      this.failures.set(ip, { count: 1, windowStart: now });
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
    limiter.check(ctx.state.clientIp);
    const header = ctx.req.headers.authorization ?? '';
    if (header === '') throw new UnauthorizedError();
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!m) {
      limiter.recordFailure(ctx.state.clientIp);
      throw new UnauthorizedError('The Authorization header is malformed: send "Authorization: Bearer <API_KEY>".');
    }
    const verdict = verifier.verify(m[1], ctx.req.socket);
    const result = verdict instanceof Promise ? await verdict : verdict;
    if (!result.ok) {
      limiter.recordFailure(ctx.state.clientIp);
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
