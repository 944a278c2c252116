// Schemas drive the API: the OpenAPI document lists every mounted route and is a valid OpenAPI
// 3.1 document, docs/api-reference.md is the document rendered (and every route a hand-written
// page names exists), and the response check the test servers run catches a wrong answer.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Validator } from '@seriousme/openapi-schema-validator';
import { allRoutes } from '../src/routes/index.js';
import { buildOpenApiDocument, openApiPath } from '../src/http/openapi.js';
import { renderApiReference } from '../src/http/api-reference.js';
import { responseViolation } from '../src/http/response-check.js';
import { startTestServer, TEST_STORE, type TestServer } from './support/harness.js';

const ROOT = join(fileURLToPath(import.meta.url), '..', '..', '..', '..');
const operations = (doc: { paths?: Record<string, object> }) =>
  Object.entries(doc.paths ?? {}).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));

describe(`OpenAPI document (${TEST_STORE})`, () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer();
  });
  after(() => srv.close());

  test('GET /api/v1/openapi.json needs no key, lists every mounted route, and validates as OpenAPI 3.1', async () => {
    const res = await srv.call('GET', '/api/v1/openapi.json');
    assert.equal(res.status, 200);
    assert.equal(res.body.openapi, '3.1.0');
    const mounted = allRoutes().map((r) => `${r.method} ${openApiPath(r.path)}`);
    assert.deepEqual(operations(res.body).sort(), [...mounted].sort());
    const result = await new Validator().validate(res.body);
    assert.deepEqual(result, { valid: true });
  });

  test('every operation states its access and a success response with a schema', () => {
    const doc = buildOpenApiDocument(allRoutes());
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      for (const [method, op] of Object.entries(item as Record<string, { description?: string; responses: Record<string, { content?: Record<string, { schema?: unknown }> }> }>)) {
        assert.match(op.description ?? '', /^(Keys|Public): /, `${method} ${path}`);
        const success = Object.entries(op.responses).filter(([status]) => status.startsWith('2'));
        assert.ok(success.length > 0, `${method} ${path} declares a success response`);
        for (const [, r] of success) for (const [type, media] of Object.entries(r.content ?? {})) assert.ok(media.schema, `${method} ${path} ${type}`);
      }
    }
  });
});

describe('docs/api-reference.md and the hand-written API pages', () => {
  const doc = buildOpenApiDocument(allRoutes());

  test('docs/api-reference.md is the document rendered (run `npm run docs:api` after changing a route)', () => {
    const onDisk = readFileSync(join(ROOT, 'docs', 'api-reference.md'), 'utf8');
    assert.equal(onDisk, renderApiReference(doc));
  });

  test('every route in the document has a section with an example response in docs/api-reference.md', () => {
    const text = readFileSync(join(ROOT, 'docs', 'api-reference.md'), 'utf8');
    for (const op of operations(doc)) {
      const start = text.indexOf(`\n## ${op}\n`);
      assert.ok(start >= 0, `${op} has a section`);
      const end = text.indexOf('\n## ', start + 1);
      const section = text.slice(start, end === -1 ? undefined : end);
      assert.match(section, /Response 20\d:/, `${op} shows an example response`);
    }
  });

  test('every route a hand-written API page names is a route of the document', () => {
    const known = new Set(operations(doc));
    let named = 0;
    for (const page of ['api.md', 'api-fleet.md', 'telemetry.md', 'webhooks.md', 'exceptions-and-audit.md', 'chains.md']) {
      const text = readFileSync(join(ROOT, 'docs', page), 'utf8');
      // Headings ("## POST /api/v1/scans") and code spans ("`GET /api/v1/otlp/health`").
      for (const m of text.matchAll(/(?:^#+ (?:Admin: )?|`)(GET|POST|PUT|PATCH|DELETE) (\/api\/v1\/[^\s?`,&[]+)/gm)) {
        const op = `${m[1]} ${openApiPath(m[2])}`;
        assert.ok(known.has(op), `docs/${page} names ${op}, which the server does not mount`);
        named++;
      }
    }
    assert.ok(named > 50, `the pages name routes (${named} found)`);
  });
});

describe('the response check of the test servers', () => {
  const route = allRoutes().find((r) => r.method === 'GET' && r.path === '/api/v1/me')!;

  test('an answer its schema describes passes; a wrong field, an undeclared status or content type does not', () => {
    assert.equal(responseViolation(route, 200, 'application/json; charset=utf-8', { role: 'owner', org_name: 'Acme', plan: 'team' }), null);
    assert.match(responseViolation(route, 200, 'application/json', { role: 'owner', org_name: 7, plan: 'team' }) ?? '', /org_name/);
    assert.match(responseViolation(route, 201, 'application/json', {}) ?? '', /status 201 is not declared/);
    assert.match(responseViolation(route, 200, 'text/html', '<p>') ?? '', /content type "text\/html" is not declared/);
  });

  test('errors must have the spec error shape', () => {
    assert.equal(responseViolation(route, 401, 'application/json', { error: 'Unauthorized', message: 'A key is required.', code: 401 }), null);
    assert.match(responseViolation(route, 404, 'application/json', { message: 'nope' }) ?? '', /error|code/);
  });
});
