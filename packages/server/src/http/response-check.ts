// Checks an answer against the schema its route declares (RouteDef.response; errors against the
// spec's error shape). Off in production; the test harness turns it on for every server it
// starts (SERVICE_VALIDATE_RESPONSES, on unless "0"), so the whole integration suite verifies
// that the documented schemas are the answers the server really gives.
import type Koa from 'koa';
import { errorBody } from '@service/api';
import type { z } from 'zod';
import { describeIssues } from '../errors.js';
import { bodyContent } from './openapi.js';
import type { RouteDef } from './route.js';

export interface ResponseReport {
  /** `METHOD /path` as the route declares it; null when no API route answered (404, 405, the admin page). */
  route: string | null;
  status: number;
  /** What does not match; null when the answer matches its schema. */
  violation: string | null;
}

export type ResponseObserver = (report: ResponseReport) => void;

/** The route that handles a request, set only while responses are checked. */
const routeOf = new WeakMap<object, RouteDef>();

export function noteRoute(ctx: object, route: RouteDef): void {
  routeOf.set(ctx, route);
}

/** What is wrong with this answer to `route`, or null. */
export function responseViolation(route: RouteDef | undefined, status: number, contentType: string, body: unknown): string | null {
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (!route && type !== 'application/json') return null; // the admin page (HTML), redirects: not the API
  if (status >= 400) return schemaViolation(errorBody, decoded(body, 'application/json'));
  if (!route) return null;
  const declared = route.response[status as keyof RouteDef['response']];
  if (!declared) return `status ${status} is not declared (declared: ${Object.keys(route.response).join(', ')})`;
  const content = bodyContent(declared);
  const schema = content[type];
  if (!schema) return `content type "${type}" is not declared (declared: ${Object.keys(content).join(', ')})`;
  return schemaViolation(schema, decoded(body, type));
}

function decoded(body: unknown, type: string): unknown {
  const text = Buffer.isBuffer(body) ? body.toString('latin1') : body;
  if (type !== 'application/json' || typeof text !== 'string') return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function schemaViolation(schema: z.ZodTypeAny, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : describeIssues(result.error);
}

/** Outermost middleware: sees the final status and body, after the error envelope. */
export function responseCheckMiddleware(observe: ResponseObserver): Koa.Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      const route = routeOf.get(ctx);
      observe({
        route: route ? `${route.method} ${route.path}` : null,
        status: ctx.status,
        violation: responseViolation(route, ctx.status, ctx.response.type ?? '', ctx.body),
      });
    }
  };
}
