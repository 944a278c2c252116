// How the admin page's routes are declared and run. Unlike the JSON API (Bearer keys), the page
// authenticates with a session cookie, reads HTML forms, and answers HTML. A page route declares
// `session` (a signed-in admin) or `public` with a reason, like API routes do; every POST of a
// session route must carry the session's CSRF token, checked here once for all of them.
import type { AppDeps } from '../../app-deps.js';
import type { AppContext } from '../../http/context.js';
import { asAppError, ForbiddenError, PayloadTooLargeError } from '../../http/errors.js';
import { errorPage } from '../../page/layout.js';
import type { SafeHtml } from '../../page/html.js';
import { findPageSession, tokensMatch, type PageSession } from '../../page/sessions.js';

export const SESSION_COOKIE = 'svc_session';
/** Before sign-in: the double-submit CSRF token of the sign-in form. */
export const SIGNIN_CSRF_COOKIE = 'svc_signin_csrf';
const FORM_LIMIT_BYTES = 64 * 1024;

export const PAGE_CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none'; form-action 'self'; base-uri 'none'";

export interface PageRequest {
  ctx: AppContext;
  deps: AppDeps;
  /** Set on `session` routes. */
  session: PageSession;
  /** The parsed form on POST. */
  form: URLSearchParams;
  /** Whether cookies must be Secure (the request reached us over HTTPS). */
  secure: boolean;
}

export interface PageRoute {
  method: 'GET' | 'POST';
  path: string;
  access: 'session' | { public: string };
  handler: (req: PageRequest) => Promise<void>;
}

export const definePage = (r: PageRoute): PageRoute => r;

export function sendHtml(ctx: AppContext, body: SafeHtml, status = 200): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = body.value;
}

export function redirect(ctx: AppContext, to: string): void {
  ctx.status = 303;
  ctx.set('Location', to);
  ctx.body = '';
}

export function pageHeaders(ctx: AppContext): void {
  ctx.set('Content-Security-Policy', PAGE_CSP);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('X-Frame-Options', 'DENY');
  ctx.set('Referrer-Policy', 'same-origin');
  ctx.set('Cache-Control', 'no-store');
}

async function readForm(ctx: AppContext): Promise<URLSearchParams> {
  const type = String(ctx.req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') return new URLSearchParams();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > FORM_LIMIT_BYTES) throw new PayloadTooLargeError(FORM_LIMIT_BYTES);
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export function cookie(name: string, value: string, opts: { secure: boolean; maxAgeSeconds: number }): string {
  return `${name}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${opts.maxAgeSeconds}${opts.secure ? '; Secure' : ''}`;
}

export function readCookie(ctx: AppContext, name: string): string | undefined {
  const header = ctx.req.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return undefined;
}

/** Runs one page route: headers, session, CSRF, form, and errors as an HTML page. */
export function runPage(route: PageRoute, deps: AppDeps, tls: boolean) {
  return async (ctx: AppContext): Promise<void> => {
    pageHeaders(ctx);
    const secure = tls || String(ctx.req.headers['x-forwarded-proto'] ?? '').toLowerCase() === 'https';
    try {
      let session: PageSession | null = null;
      if (route.access === 'session') {
        const token = readCookie(ctx, SESSION_COOKIE);
        session = token ? await findPageSession(deps.store.pageSessions, token) : null;
        if (!session) {
          if (route.method === 'GET') return redirect(ctx, '/');
          throw new ForbiddenError('Your session has ended; sign in again.');
        }
      }
      const form = route.method === 'POST' ? await readForm(ctx) : new URLSearchParams();
      if (route.method === 'POST' && session && !tokensMatch(session.csrf, form.get('_csrf') ?? undefined)) {
        throw new ForbiddenError('The form was missing its CSRF token or the token did not match; reload the page and try again.');
      }
      const started = performance.now();
      await route.handler({ ctx, deps, session: session as PageSession, form, secure });
      // The handler's time (queries and rendering), for operators and the page benchmark.
      ctx.set('Server-Timing', `page;dur=${(performance.now() - started).toFixed(1)}`);
    } catch (err) {
      const known = asAppError(err);
      if (!known) throw err;
      for (const [k, v] of Object.entries(known.headers)) if (k.toLowerCase() !== 'www-authenticate') ctx.set(k, v);
      sendHtml(ctx, errorPage(known.status, known.message), known.status);
    }
  };
}
