// Every mounted route against the shared security cases, on the configured store.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { allRoutes } from '../src/routes/index.js';
import { startTestServer, TEST_STORE, type TestServer } from './support/harness.js';
import { runSecurityCases, type ObjectFactory, type SecurityContext } from './support/security-cases.js';

// Webhooks (notifications): a destination whose URL never resolves, and a test delivery to it.
const webhookDestination: ObjectFactory = async (srv, org) => {
  const res = await srv.call('POST', '/api/v1/admin/webhooks', { key: org.admin_key, body: { url: 'https://receiver.invalid/hook' } });
  return { id: res.body.id };
};
const webhookDelivery: ObjectFactory = async (srv, org) => {
  const { id } = await webhookDestination(srv, org);
  const res = await srv.call('POST', `/api/v1/admin/webhooks/${id}/test`, { key: org.admin_key });
  return { id: res.body.delivery_id };
};

// Fleet: a workstation registered by a check-in, and a skill it reported.
const workstation: ObjectFactory = async (srv, org) => {
  const res = await srv.call('POST', '/api/v1/claude-code/checkin', {
    key: org.runtime_key,
    body: { hostname: `sec-${Math.random().toString(36).slice(2)}`, installed_skills: [{ name: 'sec-skill', source: 'global', preview: 'x' }] },
  });
  return { id: res.body.workstation_id, name: 'sec-skill' };
};

const factories: Record<string, ObjectFactory> = {
  'GET /api/v1/admin/workstations/:id': workstation,
  'DELETE /api/v1/admin/workstations/:id': workstation,
  'GET /api/v1/admin/inventory/skills/:name': workstation,
  'GET /api/v1/admin/webhooks/:id': webhookDestination,
  'PATCH /api/v1/admin/webhooks/:id': webhookDestination,
  'DELETE /api/v1/admin/webhooks/:id': webhookDestination,
  'POST /api/v1/admin/webhooks/:id/test': webhookDestination,
  'GET /api/v1/admin/webhook-deliveries/:id': webhookDelivery,
  'POST /api/v1/admin/webhook-deliveries/:id/replay': webhookDelivery,
  'DELETE /api/v1/admin/keys/:id': async (srv, org) => {
    const res = await srv.call('POST', '/api/v1/admin/keys', { key: org.admin_key, body: { kind: 'runtime' } });
    return { id: res.body.id };
  },
};

describe(`security cases for every route (${TEST_STORE})`, () => {
  let srv: TestServer;
  let ctx: SecurityContext;
  before(async () => {
    // Every route gets six bad-key cases from one address: keep the 429 limiter out of the way here.
    srv = await startTestServer({ SERVICE_AUTH_FAILURES_PER_MINUTE: '100000' });
    const own = await srv.newOrg();
    const other = await srv.newOrg();
    const extra = await srv.call('POST', '/api/v1/admin/keys', { key: own.admin_key, body: { kind: 'admin' } });
    await srv.call('DELETE', `/api/v1/admin/keys/${extra.body.id}`, { key: own.admin_key });
    ctx = { srv, own, other, revokedKey: extra.body.key };
  });
  after(() => srv.close());

  test('repeated invalid keys from one address get 429 with Retry-After, in the error shape', async () => {
    const limited = await startTestServer({ SERVICE_AUTH_FAILURES_PER_MINUTE: '5' });
    try {
      const org = await limited.newOrg();
      for (let i = 0; i < 5; i++) assert.equal((await limited.call('GET', '/api/v1/me', { key: 'svc_rt_' + 'x'.repeat(40) })).status, 401);
      const res = await limited.call('GET', '/api/v1/me', { key: org.runtime_key });
      assert.equal(res.status, 429);
      assert.deepEqual(Object.keys(res.body).sort(), ['code', 'error', 'message']);
      assert.equal(res.body.error, 'Too Many Requests');
      assert.ok(Number(res.headers.get('retry-after')) > 0);
    } finally {
      await limited.close();
    }
  });

  test('no route is mounted without declaring its access', () => {
    for (const r of allRoutes()) assert.ok('keys' in r.access || r.access.public.length > 0, `${r.method} ${r.path}`);
  });

  for (const route of allRoutes()) {
    test(`${route.method} ${route.path}`, async () => {
      await runSecurityCases(ctx, route, factories);
    });
  }
});
