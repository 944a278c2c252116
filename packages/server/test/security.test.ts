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

// Investigations: a blocked call in a fresh session opens one (after the answer, off the hot path).
const investigation: ObjectFactory = async (srv, org) => {
  const session = `sec-${Math.random().toString(36).slice(2)}`;
  await srv.call('POST', '/api/v1/claude-code/evaluate', { key: org.runtime_key, body: { session_id: session, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'rm -rf ~' } } });
  await srv.deps.investigations.idle();
  const row = await srv.deps.store.knex('investigations').where({ org_id: org.org_id, session_key: session }).first('id');
  return { id: row.id };
};

// Exceptions: a denied call, and the developer's request for an exception to it.
const exceptionRequest: ObjectFactory = async (srv, org) => {
  const deny = await srv.call('POST', '/api/v1/claude-code/evaluate', {
    key: org.runtime_key,
    body: { session_id: 's', cwd: '/w', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: `rm -rf ~ /tmp/${Math.random().toString(36).slice(2)}` } },
  });
  const eventId = /exceptions request (\S+) /.exec(deny.body.hookSpecificOutput.permissionDecisionReason)![1];
  const res = await srv.call('POST', '/api/v1/exceptions', { key: org.runtime_key, body: { event_id: eventId, reason: 'security case' } });
  return { id: res.body.id };
};

const factories: Record<string, ObjectFactory> = {
  'GET /api/v1/investigations/:id': investigation,
  'PATCH /api/v1/investigations/:id': investigation,
  'POST /api/v1/investigations/:id/resolve': investigation,
  'GET /api/v1/exceptions/:id': exceptionRequest,
  'POST /api/v1/exceptions/:id/triage': exceptionRequest,
  'POST /api/v1/exceptions/:id/request-context': exceptionRequest,
  'POST /api/v1/exceptions/:id/deny': exceptionRequest,
  'POST /api/v1/exceptions/:id/approve': exceptionRequest,
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

  test('repeated invalid keys from one address get 429 with Retry-After, in the error shape; a valid key still passes', async () => {
    const limited = await startTestServer({ SERVICE_AUTH_FAILURES_PER_MINUTE: '5' });
    try {
      const org = await limited.newOrg();
      for (let i = 0; i < 5; i++) assert.equal((await limited.call('GET', '/api/v1/me', { key: 'svc_rt_' + 'x'.repeat(40) })).status, 401);
      // A valid key is never refused for other requests' failures (transport.test.ts has the shared-address case).
      assert.equal((await limited.call('GET', '/api/v1/me', { key: org.runtime_key })).status, 200);
      const res = await limited.call('GET', '/api/v1/me', { key: 'svc_rt_' + 'w'.repeat(40) });
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
