// Sign-in and sign-out. Sign-in takes an admin key from a form, checks it exactly as the API
// does (same verifier, same invalid-key rate limit), and opens a session; the key itself is
// not kept anywhere. Runtime keys are refused: they grant no dashboard access (spec:
// Authentication 4).
import { ForbiddenError } from '../../http/errors.js';
import { countInvalidKey } from '../../http/auth.js';
import { signInPage } from '../../page/layout.js';
import { endPageSession, openPageSession, randomToken, SESSION_TTL_MS, tokensMatch } from '../../page/sessions.js';
import { SESSION_COOKIE, SIGNIN_CSRF_COOKIE, cookie, definePage, readCookie, redirect, sendHtml } from './page-route.js';

export const sessionPages = [
  definePage({
    method: 'POST',
    path: '/signin',
    access: { public: 'signing in is how a session starts; the key in the form is checked here' },
    async handler({ ctx, deps, form, secure }) {
      // Double-submit CSRF for the sign-in form: the token in the form must match the cookie
      // set with it, which another site can neither read nor set (SameSite=Strict, httpOnly).
      if (!tokensMatch(readCookie(ctx, SIGNIN_CSRF_COOKIE), form.get('_csrf') ?? undefined)) {
        throw new ForbiddenError('The sign-in form was missing its CSRF token or the token did not match; reload the page and try again.');
      }
      const again = (status: number, error: string) => {
        const csrf = randomToken();
        ctx.append('Set-Cookie', cookie(SIGNIN_CSRF_COOKIE, csrf, { secure, maxAgeSeconds: 3600 }));
        sendHtml(ctx, signInPage({ csrf, error }), status);
      };
      const key = (form.get('key') ?? '').trim();
      const verdict = key === '' ? ({ ok: false, reason: 'malformed' } as const) : await deps.keys.verify(key, ctx.req.socket);
      if (!verdict.ok) {
        // As on the API: only failures meet the limiter, so a valid key is never refused.
        countInvalidKey(deps.authLimiter, ctx.state.clientIp, key);
        return again(401, verdict.reason === 'revoked' ? 'This key has been revoked.' : 'That is not a valid admin key.');
      }
      if (verdict.principal.kind !== 'admin') {
        return again(403, 'Runtime keys cannot sign in: they are for hooks only. Sign in with an admin key.');
      }
      const { token } = await openPageSession(deps.store.pageSessions, verdict.principal);
      ctx.append('Set-Cookie', cookie(SESSION_COOKIE, token, { secure, maxAgeSeconds: Math.floor(SESSION_TTL_MS / 1000) }));
      ctx.append('Set-Cookie', cookie(SIGNIN_CSRF_COOKIE, '', { secure, maxAgeSeconds: 0 }));
      redirect(ctx, '/');
    },
  }),
  definePage({
    method: 'POST',
    path: '/logout',
    access: 'session',
    async handler({ ctx, deps, session, secure }) {
      const token = readCookie(ctx, SESSION_COOKIE);
      if (token) await endPageSession(deps.store.pageSessions, session.orgId, token);
      ctx.append('Set-Cookie', cookie(SESSION_COOKIE, '', { secure, maxAgeSeconds: 0 }));
      redirect(ctx, '/');
    },
  }),
];
