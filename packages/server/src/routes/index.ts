// Every route of the server, in one list: the app mounts it and the security tests walk it.
import type { RouteDef } from '../http/route.js';
import { adminKeyRoutes } from './admin/keys.js';
import { meRoute } from './v1/me.js';

export function allRoutes(): RouteDef[] {
  return [meRoute, ...adminKeyRoutes];
}
