// The Koa application: transport guard → error envelope → routes (auth, body, handler).
import Koa from 'koa';
import Router from '@koa/router';
import type { AppDeps } from './app-deps.js';
import type { AppContext, AppState } from './http/context.js';
import { asAppError, ClientAbortedError, MethodNotAllowedError, NotFoundError, errorBody } from './http/errors.js';
import { readJsonBody } from './http/body.js';
import { runHookRoute } from './http/hook-route.js';
import { describeError, stackFrames } from './error-summary.js';
import { requireKey } from './http/auth.js';
import { transportMiddleware } from './http/transport.js';
import type { RouteDef } from './http/route.js';
import { allRoutes } from './routes/index.js';
import { adminPageMiddleware } from './routes/page/index.js';
import { noteRoute, responseCheckMiddleware, type ResponseObserver } from './http/response-check.js';

/**
 * ECONNRESET / "aborted" while the request's own socket is gone: the client went away. (A store
 * connection can fail with ECONNRESET too; with the client still connected that is a real error.)
 */
function isClientAbort(err: unknown, req: { socket: { destroyed: boolean } | null }): boolean {
  return isConnectionEnd(err) && (req.socket === null || req.socket.destroyed);
}

function isConnectionEnd(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'ECONNRESET' || code === 'ECONNABORTED' || code === 'EPIPE' || code === 'ERR_STREAM_PREMATURE_CLOSE') return true;
  if (typeof code === 'string' && code.startsWith('HPE_')) return true; // the HTTP parser saw the connection end mid-request
  const message = (err as Error | null)?.message;
  return message === 'aborted' || message === 'Parse Error' || message === 'premature close';
}

export interface AppOptions {
  tls?: boolean;
  routes?: RouteDef[];
  /** Tests: every answer is checked against its route's declared schema and reported here (http/response-check.ts). */
  checkResponses?: ResponseObserver;
}

export function createApp(deps: AppDeps, options: AppOptions = {}): Koa<AppState> {
  const app = new Koa<AppState>();
  const { logger } = deps;
  // Errors Koa meets after our envelope (the socket ended while the answer was written): a client
  // that went away is not our error, and nothing goes to stderr with a stack (Koa's default).
  app.on('error', (err: unknown) => {
    if (isConnectionEnd(err)) logger.debug('connection ended before the answer was written', { err: describeError(err) });
    else logger.error('response failed', { err: describeError(err), stack: stackFrames(err) });
  });

  if (options.checkResponses) app.use(responseCheckMiddleware(options.checkResponses));

  // Error envelope: every error the server produces has the spec's shape; 5xx say nothing
  // about the cause (it is logged with the request id instead).
  app.use(async (ctx, next) => {
    try {
      await next();
      if (ctx.response.status === 404 && ctx.response.body === undefined) throw new NotFoundError(`No endpoint at ${ctx.method} ${ctx.path}.`);
    } catch (err) {
      const requestId = (ctx.state as AppState).requestId;
      const known = asAppError(err);
      if (err instanceof ClientAbortedError || isClientAbort(err, ctx.req)) {
        // The client hung up mid-request: nobody reads the answer and nothing is wrong here.
        logger.debug('client closed the connection before the request was read', { requestId, method: ctx.method, path: ctx.path });
        ctx.status = 400;
        ctx.body = errorBody(400, 'The client closed the connection before the request body arrived.', requestId);
      } else if (known) {
        ctx.status = known.status;
        ctx.set(known.headers);
        ctx.body = errorBody(known.status, known.message, requestId);
      } else {
        const status = (err as { status?: number; expose?: boolean }).status;
        if (typeof status === 'number' && status >= 400 && status < 500) {
          ctx.status = status;
          ctx.body = errorBody(status, 'The request could not be processed.', requestId);
        } else {
          // The error's name, code and message (store errors without their statement and values) and its call sites.
          logger.error('request failed', { requestId, method: ctx.method, path: ctx.path, err: describeError(err), stack: stackFrames(err) });
          ctx.status = 500;
          ctx.body = errorBody(500, 'The server hit an unexpected error; quote the request id when reporting it.', requestId);
        }
      }
    }
  });
  app.use(transportMiddleware(deps.config, options.tls ?? false) as Koa.Middleware<AppState>);

  const router = new Router<AppState>();
  // Routes without path parameters are found by exact lookup: @koa/router tests every route's
  // pattern on each request, which was a measurable share of the hook hot path.
  const staticRoutes = new Map<string, (ctx: AppContext) => Promise<void>>();
  const staticMethods = new Map<string, string[]>();
  for (const route of options.routes ?? allRoutes()) {
    const auth = 'keys' in route.access ? requireKey(route.access.keys, deps.keys, deps.authLimiter) : null;
    if (!auth && !('public' in route.access && route.access.public.length > 0)) {
      throw new Error(`Route ${route.method} ${route.path} declares no access; refusing to mount it.`);
    }
    const handle = async (ctx: AppContext) => {
      if (options.checkResponses) noteRoute(ctx, route);
      if (auth) await auth(ctx, async () => undefined);
      if (route.hook) return runHookRoute(ctx, deps, route, route.hook);
      if (route.method !== 'GET' && route.method !== 'DELETE' && !route.rawBody) ctx.state.body = await readJsonBody(ctx, deps.config.bodyLimitBytes, deps.config.bodyTimeoutMs);
      await route.handler(ctx, deps);
    };
    if (route.path.includes(':')) {
      router.register(route.path, [route.method], handle as unknown as Router.Middleware<AppState>);
    } else {
      staticRoutes.set(`${route.method} ${route.path}`, handle);
      staticMethods.set(route.path, [...(staticMethods.get(route.path) ?? []), route.method]);
    }
  }
  app.use(async (ctx, next) => {
    const handle = staticRoutes.get(`${ctx.req.method} ${ctx.request.path}`);
    if (handle) return handle(ctx as AppContext);
    return next();
  });
  app.use(router.routes());
  // The admin page (HTML, session cookie) lives outside /api.
  for (const mw of adminPageMiddleware(deps, options.tls ?? false)) app.use(mw);
  // A path that exists with other methods answers 405 with Allow, not 404.
  app.use(async (ctx) => {
    const match = router.match(ctx.path, ctx.method);
    const allowed = new Set([...(staticMethods.get(ctx.path) ?? []), ...(match.route ? [] : match.path.flatMap((layer) => layer.methods))]);
    allowed.delete('HEAD');
    if (allowed.size > 0) throw new MethodNotAllowedError([...allowed]);
  });
  return app;
}
