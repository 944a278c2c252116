// A route is declared with the key kinds it accepts. `public` must be written out with a
// reason, so skipping authentication is always deliberate and searchable (grep "public:").
// It also declares its request and response schemas (zod, mostly from @service/api): the
// OpenAPI document (GET /api/v1/openapi.json, http/openapi.ts) is built from them, and the test
// suite checks every answer against them (http/response-check.ts).
import type { z } from 'zod';
import type { KeyKind } from '../accounts/api-keys.js';
import type { AppDeps } from '../app-deps.js';
import type { AppContext } from './context.js';
import type { Decision, Surface } from '../policy/types.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RouteAccess = { keys: readonly KeyKind[] } | { public: string };

/** A JSON body's schema, or the schema of each media type a body may come in. */
export type BodySchema = z.ZodTypeAny | { content: Record<string, z.ZodTypeAny> };

export interface RouteRequest {
  body?: BodySchema;
  query?: z.AnyZodObject | z.ZodEffects<z.AnyZodObject, unknown, unknown>;
  /** Path parameters; without it, each `:name` of the path is a string. */
  params?: z.AnyZodObject;
}

/**
 * The answers a route gives when it succeeds, by status. Errors need not be listed: every
 * 4xx/5xx has the spec's error shape (@service/api errorBody) and the document says so once.
 */
export type RouteResponses = Partial<Record<200 | 201 | 202 | 204, BodySchema>>;

export interface RouteDef {
  method: HttpMethod;
  path: string;
  access: RouteAccess;
  summary: string;
  request?: RouteRequest;
  response: RouteResponses;
  /** The handler reads the body itself (OTLP: protobuf, gzip); the app does not parse it as JSON. */
  rawBody?: boolean;
  handler: (ctx: AppContext, deps: AppDeps) => Promise<void>;
  /**
   * Set on hook-facing routes: they answer 200 with a verdict in the surface's shape whatever
   * happens after authentication (too large, too deep, too slow, an unexpected failure); see
   * http/hook-route.ts.
   */
  hook?: HookRoute;
}

export interface HookRoute {
  kind: 'evaluate' | 'audit';
  /** The surface whose shape the answer takes; throws a 400 when the request names none. */
  surface(ctx: AppContext): Surface;
  /** The body for a verdict reached without analysing the call; default: the surface's own rendering. */
  render?(decision: Decision): unknown;
  /** The shield event kind such a verdict is recorded as (default `evaluate`). */
  recordAs?: 'evaluate' | 'mcp_evaluate';
}

/** Runtime (hook-facing) operations: runtime keys, and admin keys which may do everything. */
export const RUNTIME_ACCESS: RouteAccess = { keys: ['runtime', 'admin'] };
/** Dashboard reads and administration: admin keys only (spec: Authentication 4). */
export const ADMIN_ACCESS: RouteAccess = { keys: ['admin'] };

export function defineRoute(def: RouteDef): RouteDef {
  return def;
}
