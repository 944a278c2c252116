// A route is declared with the key kinds it accepts. `public` must be written out with a
// reason, so skipping authentication is always deliberate and searchable (grep "public:").
import type { KeyKind } from '../accounts/api-keys.js';
import type { AppDeps } from '../app-deps.js';
import type { AppContext } from './context.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RouteAccess = { keys: readonly KeyKind[] } | { public: string };

export interface RouteDef {
  method: HttpMethod;
  path: string;
  access: RouteAccess;
  summary: string;
  handler: (ctx: AppContext, deps: AppDeps) => Promise<void>;
}

/** Runtime (hook-facing) operations: runtime keys, and admin keys which may do everything. */
export const RUNTIME_ACCESS: RouteAccess = { keys: ['runtime', 'admin'] };
/** Dashboard reads and administration: admin keys only (spec: Authentication 4). */
export const ADMIN_ACCESS: RouteAccess = { keys: ['admin'] };

export function defineRoute(def: RouteDef): RouteDef {
  return def;
}
