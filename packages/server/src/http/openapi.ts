// The OpenAPI 3.1 document of the JSON API, built from the routes' own declarations (access,
// summary, request and response schemas) so it cannot drift from what is mounted. Served as
// GET /api/v1/openapi.json; docs/api.md is checked against it (test/api-docs.test.ts).
//
// The admin page's HTML routes (routes/page, session cookie, outside /api) are not in it: they
// are a browser UI, not an API, and take HTML forms rather than schemas.
import { readFileSync } from 'node:fs';
import { extendZodWithOpenApi, OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { errorBody } from '@service/api';
import { z } from 'zod';
import type { BodySchema, RouteDef } from './route.js';

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

// The generator names parameters through zod's prototype (`.openapi()`); this adds it once.
extendZodWithOpenApi(z);

const BEARER = 'apiKey';

/** The server package's version (the same relative path from src/ and dist/). */
const VERSION: string = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;

/** `/api/v1/exceptions/:id/deny` → `/api/v1/exceptions/{id}/deny`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_]\w*)/g, '{$1}');
}

function pathParams(path: string): z.AnyZodObject | undefined {
  const names = [...path.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => m[1]);
  return names.length ? z.object(Object.fromEntries(names.map((n) => [n, z.string()]))) : undefined;
}

/** A body's media types and their schemas. */
export function bodyContent(body: BodySchema): Record<string, z.ZodTypeAny> {
  return 'content' in body && !(body instanceof z.ZodType) ? body.content : { 'application/json': body as z.ZodTypeAny };
}

const asContent = (body: BodySchema) => Object.fromEntries(Object.entries(bodyContent(body)).map(([type, schema]) => [type, { schema }]));

function accessText(route: RouteDef): string {
  if ('public' in route.access) return `Public: ${route.access.public}.`;
  return `Keys: ${route.access.keys.join(' or ')}.`;
}

function routeConfig(route: RouteDef): RouteConfig {
  const responses: RouteConfig['responses'] = {};
  for (const [status, body] of Object.entries(route.response)) {
    responses[status] = { description: route.hook ? 'The verdict (always 200 for a hook call, spec: Errors rule 1)' : 'Success', content: asContent(body as BodySchema) };
  }
  responses.default = { description: "An error in the spec's shape", content: { 'application/json': { schema: errorBody } } };
  const params = route.request?.params ?? pathParams(route.path);
  return {
    method: route.method.toLowerCase() as RouteConfig['method'],
    path: openApiPath(route.path),
    summary: route.summary,
    description: accessText(route),
    tags: [route.path.split('/')[3] ?? 'api'],
    security: 'keys' in route.access ? [{ [BEARER]: [] }] : [],
    request: {
      ...(params ? { params } : {}),
      ...(route.request?.query ? { query: route.request.query } : {}),
      ...(route.request?.body ? { body: { content: asContent(route.request.body), required: true } } : {}),
    },
    responses,
  };
}

export function buildOpenApiDocument(routes: readonly RouteDef[]): OpenApiDocument {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', BEARER, {
    type: 'http',
    scheme: 'bearer',
    description: 'An API key of the organization: runtime keys for the workstation and hook routes, admin keys for everything (each operation names the kinds it takes).',
  });
  for (const route of routes) registry.registerPath(routeConfig(route));
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Agent fleet service API',
      version: VERSION,
      description: 'Hooks for AI coding agents, allow/warn/deny decisions, fleet inventory, exceptions, investigations, telemetry and signed webhooks.',
    },
    servers: [{ url: '/' }],
  });
}
