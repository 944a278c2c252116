// GET /api/v1/openapi.json: the OpenAPI 3.1 document of every mounted API route (http/openapi.ts).
import { z } from 'zod';
import { buildOpenApiDocument, type OpenApiDocument } from '../../http/openapi.js';
import { defineRoute, type RouteDef } from '../../http/route.js';

/** `routes` is read at the first request: the document describes the list this route is part of. */
export function openApiRoute(routes: () => RouteDef[]): RouteDef {
  let document: OpenApiDocument | undefined;
  return defineRoute({
    method: 'GET',
    path: '/api/v1/openapi.json',
    access: { public: 'the API description names routes and shapes only, no data of any organization; tools read it before they hold a key' },
    summary: 'The OpenAPI 3.1 document of this API, built from the routes’ schemas',
    response: { 200: z.record(z.unknown()).describe('An OpenAPI 3.1 document') },
    async handler(ctx) {
      document ??= buildOpenApiDocument(routes());
      ctx.body = document;
    },
  });
}
