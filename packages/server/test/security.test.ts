// Every mounted route against the shared security cases, on the configured store.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { allRoutes } from '../src/routes/index.js';
import { startTestServer, TEST_STORE, type TestServer } from './support/harness.js';
import { runSecurityCases, type ObjectFactory, type SecurityContext } from './support/security-cases.js';

const factories: Record<string, ObjectFactory> = {
  'DELETE /api/v1/admin/keys/:id': async (srv, org) => {
    const res = await srv.call('POST', '/api/v1/admin/keys', { key: org.admin_key, body: { kind: 'runtime' } });
    return { id: res.body.id };
  },
};

describe(`security cases for every route (${TEST_STORE})`, () => {
  let srv: TestServer;
  let ctx: SecurityContext;
  before(async () => {
    srv = await startTestServer();
    const own = await srv.newOrg();
    const other = await srv.newOrg();
    const extra = await srv.call('POST', '/api/v1/admin/keys', { key: own.admin_key, body: { kind: 'admin' } });
    await srv.call('DELETE', `/api/v1/admin/keys/${extra.body.id}`, { key: own.admin_key });
    ctx = { srv, own, other, revokedKey: extra.body.key };
  });
  after(() => srv.close());

  test('no route is mounted without declaring its access', () => {
    for (const r of allRoutes()) assert.ok('keys' in r.access || r.access.public.length > 0, `${r.method} ${r.path}`);
  });

  for (const route of allRoutes()) {
    test(`${route.method} ${route.path}`, async () => {
      await runSecurityCases(ctx, route, factories);
    });
  }
});
