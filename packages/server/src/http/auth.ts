// API key authentication. Every route declares which key kinds it accepts; a route that
// declares nothing cannot be mounted (fail closed). Repeated failed attempts are answered with
// 429 instead of 401, counted per client address (after trusted-proxy resolution) and per key
// prefix, so a source cannot probe keys at line rate. A VALID key is never refused because of
// failures: the key is verified first (SHA-256 → one indexed lookup, the same work whatever the
// key's first characters, so there is no timing hint about partial keys), and only a failed
// verification meets the limiter. One client's bad keys therefore cannot lock another client's
// hooks out of a shared address (a NAT, a proxy).
import type { Next } from 'koa';
import type { KeyKind } from '../accounts/api-keys.js';
import type { KeyVerifier } from '../accounts/key-cache.js';
import { keyPrefixOf, type AuthFailureLimiter } from '../accounts/auth-failures.js';
import type { AppContext } from './context.js';
import { ForbiddenError, TooManyRequestsError, UnauthorizedError } from './errors.js';

const KIND_DESCRIPTION: Record<KeyKind, string> = {
  runtime: 'a runtime key (the key written into hook configurations)',
  admin: 'an admin key',
};

/**
 * One failed key (or a malformed header, `token` null): 429 when the address or the key prefix
 * already used up its failures in this window, else the failure is counted. Only failures
 * meet the limiter, so a valid key is never refused. The API and the sign-in page both use it.
 */
export function countInvalidKey(limiter: AuthFailureLimiter, ip: string, token: string | null): void {
  const prefix = token === null ? null : keyPrefixOf(token);
  const retry = limiter.retryAfter(ip, prefix);
  if (retry > 0) throw new TooManyRequestsError(`Too many requests with invalid API keys from this address or for this key prefix; try again in ${retry} seconds.`, retry);
  limiter.recordFailure(ip, prefix);
}

export function requireKey(accepted: readonly KeyKind[], verifier: KeyVerifier, limiter: AuthFailureLimiter) {
  if (accepted.length === 0) throw new Error('A route must accept at least one key kind.');
  return async function authenticate(ctx: AppContext, next: Next): Promise<void> {
    const header = ctx.req.headers.authorization ?? '';
    if (header === '') throw new UnauthorizedError();
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!m) {
      countInvalidKey(limiter, ctx.state.clientIp, null);
      throw new UnauthorizedError('The Authorization header is malformed: send "Authorization: Bearer <API_KEY>".');
    }
    const verdict = verifier.verify(m[1], ctx.req.socket);
    const result = verdict instanceof Promise ? await verdict : verdict;
    if (!result.ok) {
      countInvalidKey(limiter, ctx.state.clientIp, m[1]);
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
