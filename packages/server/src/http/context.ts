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
}

export type AppContext = Koa.ParameterizedContext<AppState> & { params: Record<string, string> };
