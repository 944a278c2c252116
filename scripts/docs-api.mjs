#!/usr/bin/env node
// npm run docs:api: writes docs/api-reference.md from the OpenAPI document the server builds
// from its routes' schemas (after the build, from packages/server/dist).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { allRoutes } from '../packages/server/dist/routes/index.js';
import { buildOpenApiDocument } from '../packages/server/dist/http/openapi.js';
import { renderApiReference } from '../packages/server/dist/http/api-reference.js';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const target = join(root, 'docs', 'api-reference.md');
writeFileSync(target, renderApiReference(buildOpenApiDocument(allRoutes())));
console.log(target);
