// The Koa context as our handlers see it.
import type Koa from 'koa';
import type { KeyPrincipal } from '../accounts/key-cache.js';

export interface AppState {
  requestId: string;
  /** Set by the auth middleware on every route that requires a key. */
  principal: KeyPrincipal;
  /** The parsed JSON body (undefined when the request had none). */
  body: unknown;
  /** The peer address after trusted-proxy resolution. */
  clientIp: string;
  /** Hook routes: the body was larger than SERVICE_BODY_LIMIT_BYTES, so bulk fields were cut (http/hook-route.ts). */
  bodyTruncated?: boolean;
}

/**
 * Koa's context. On the hook hot path, code reads and writes `ctx.request`, `ctx.response` and
 * `ctx.req` rather than shortcuts like `ctx.body` or `ctx.get()`: Koa defines every shortcut
 * through one shared generated accessor, so each use is a megamorphic property access that V8
 * resolves the slow way, several per request.
 */
export type AppContext = Koa.ParameterizedContext<AppState> & { params: Record<string, string> };
