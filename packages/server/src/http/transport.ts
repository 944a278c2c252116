// Request ids, the client address, and the HTTPS requirement (spec: Authentication 6,
// "All calls must use HTTPS"). Over plain HTTP we accept loopback clients (a local agent or
// a TLS-terminating sidecar on the same host), clients behind a trusted proxy that says the
// original request was HTTPS, or anyone when the operator explicitly allows insecure HTTP.
import { randomUUID } from 'node:crypto';
import type { Next } from 'koa';
import type { ServerConfig } from '../config.js';
import type { AppContext } from './context.js';
import { ForbiddenError } from './errors.js';

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.startsWith('::ffff:') ? address.slice(7) : address;
  return a === '::1' || a.startsWith('127.');
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function transportMiddleware(config: ServerConfig, tls: boolean) {
  const proxies = config.trustProxy;

  return async function transport(ctx: AppContext, next: Next): Promise<void> {
    const incoming = ctx.req.headers['x-request-id'];
    ctx.state.requestId = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.response.set('X-Request-Id', ctx.state.requestId);
    // Every answer is JSON (or nothing): no browser may sniff it into something else.
    ctx.response.set('X-Content-Type-Options', 'nosniff');

    const peer = ctx.req.socket.remoteAddress;
    const viaProxy = proxies !== null && proxies.has(peer);
    ctx.state.clientIp = (viaProxy ? proxies.clientAddress(peer, ctx.get('X-Forwarded-For')) : peer) || 'unknown';

    // Behind a trusted proxy that states the original scheme, that statement decides: a proxy
    // on the same host is a loopback peer, yet its client may be anywhere.
    const forwardedProto = viaProxy ? ctx.get('X-Forwarded-Proto').split(',')[0]?.trim().toLowerCase() : '';
    const https = tls || forwardedProto === 'https';
    const localDirect = forwardedProto === '' && isLoopbackAddress(peer);
    if (!https && !localDirect && !config.allowInsecureHttp) {
      throw new ForbiddenError(
        'HTTPS is required. Serve TLS with SERVICE_TLS_CERT and SERVICE_TLS_KEY, or put the server behind a TLS proxy and set SERVICE_TRUST_PROXY, or (labs only) set SERVICE_ALLOW_INSECURE_HTTP=1.',
      );
    }
    if (https) ctx.set('Strict-Transport-Security', 'max-age=31536000');
    await next();
  };
}
