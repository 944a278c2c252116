// The admin page (issue #19): every page route in one list, mounted by the app after the API.
import Router from '@koa/router';
import type Koa from 'koa';
import type { AppDeps } from '../../app-deps.js';
import type { AppContext, AppState } from '../../http/context.js';
import { PAGE_ASSETS } from '../../page/assets.js';
import { fleetPages } from './fleet.js';
import { hostPages } from './hosts.js';
import { keyPages } from './keys.js';
import { inventoryPages } from './inventory.js';
import { notificationPages } from './notifications.js';
import { policyPages } from './policy.js';
import { pageHeaders, runPage, type PageRoute } from './page-route.js';
import { sessionPages } from './session.js';

export function allPages(): PageRoute[] {
  return [...sessionPages, ...fleetPages, ...hostPages, ...keyPages, ...inventoryPages, ...notificationPages, ...policyPages];
}

export function adminPageMiddleware(deps: AppDeps, tls: boolean, pages: PageRoute[] = allPages()): Koa.Middleware<AppState>[] {
  const router = new Router<AppState>();
  for (const route of pages) {
    if (route.access !== 'session' && !('public' in route.access && route.access.public.length > 0)) {
      throw new Error(`Page ${route.method} ${route.path} declares no access; refusing to mount it.`);
    }
    router.register(route.path, [route.method], runPage(route, deps, tls) as unknown as Router.Middleware<AppState>);
  }
  const assets: Koa.Middleware<AppState> = async (ctx, next) => {
    const asset = ctx.method === 'GET' || ctx.method === 'HEAD' ? PAGE_ASSETS[ctx.path] : undefined;
    if (!asset) return next();
    pageHeaders(ctx as AppContext);
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('ETag', asset.etag);
    if (ctx.get('If-None-Match') === asset.etag) {
      ctx.status = 304;
      return;
    }
    ctx.type = asset.type;
    ctx.body = asset.body;
  };
  return [assets, router.routes() as Koa.Middleware<AppState>];
}
