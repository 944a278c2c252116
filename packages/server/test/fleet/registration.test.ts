// Every registration path creates the workstation on first contact (with workstation.registered
// in the outbox), and the plan limit holds at exactly the limit, also after a plan is lowered
// and under concurrent first contacts from two server processes.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setOrgPlan } from '../../src/accounts/orgs.js';
import { startTestServer, TEST_STORE, type TestServer } from '../support/harness.js';
import { checkin, machine, outbox, settle, workstations } from './support.js';

describe(`fleet registration (${TEST_STORE})`, () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer();
  });
  after(() => srv.close());

  const firstContacts: Array<[string, (host: string, mid: string) => { path: string; body: unknown; headers?: Record<string, string> }]> = [
    ['claude-code check-in', (host, mid) => ({ path: '/api/v1/claude-code/checkin', body: { hostname: host, machine_id: mid, session_id: 's1' } })],
    ['MDM managed coverage', (host, mid) => ({ path: '/api/v1/runtime/managed-coverage', body: { provider: 'jamf', hostname: host, machine_id: mid, ai_ides: [{ surface: 'cursor', hook: 'installed' }] } })],
    ['posture scan', (host, mid) => ({ path: '/api/v1/scans', body: { hostname: host, machine_id: mid, checks: [], raw_report: {} } })],
    ['runtime heartbeat', (host, mid) => ({ path: '/api/v1/shield/heartbeat', body: { hostname: host, machine_id: mid } })],
    ['cowork installer/status check-in', (host, mid) => ({ path: '/api/v1/shield/heartbeat', body: { hostname: host, machine_id: mid, source: 'cowork', status: 'installed' } })],
    ['lifecycle event', (host, mid) => ({ path: '/api/v1/events', body: { hostname: host, machine_id: mid, event: 'install', component: 'hooks', source: 'codex' } })],
    ['cursor evaluate (first hook event)', (host) => ({ path: '/api/v1/evaluate?tool=cursor', body: { hook_event_name: 'beforeShellExecution', command: 'ls -la' }, headers: { 'X-Hostname': host } })],
  ];
  for (const [name, make] of firstContacts) {
    test(`${name} registers a new workstation`, async () => {
      const org = await srv.newOrg('team');
      const host = `first-${machine()}`;
      const req = make(host, machine());
      const res = await srv.call('POST', req.path, { key: org.runtime_key, body: req.body, headers: req.headers });
      assert.ok(res.status === 200 || res.status === 201, `${res.status} ${JSON.stringify(res.body)}`);
      await settle(srv);
      const rows = await workstations(srv, org.org_id);
      assert.equal(rows.length, 1);
      assert.equal(rows[0].hostname, host);
      const events = await outbox(srv, org.org_id, 'workstation.registered');
      assert.equal(events.length, 1);
      assert.equal(events[0].source_id, rows[0].id);
      // A second contact refreshes, never registers again.
      await srv.call('POST', req.path, { key: org.runtime_key, body: req.body, headers: req.headers });
      assert.equal((await workstations(srv, org.org_id)).length, 1);
      assert.equal((await outbox(srv, org.org_id, 'workstation.registered')).length, 1);
    });
  }

  test('check-in answers with the session shield policy', async () => {
    const org = await srv.newOrg('team');
    const r = await checkin(srv, org);
    assert.deepEqual(Object.keys(r.body.shield).sort(), ['action', 'security_level']);
    assert.ok(['strict', 'moderate'].includes(r.body.shield.security_level));
    assert.ok(['warn', 'block'].includes(r.body.shield.action));
    await srv.call('PATCH', '/api/v1/admin/policy', { key: org.admin_key, body: { security_level: 'strict', auto_block: false } });
    const strict = await checkin(srv, org);
    assert.deepEqual(strict.body.shield, { security_level: 'strict', action: 'warn' });
    await srv.call('PATCH', '/api/v1/admin/policy', { key: org.admin_key, body: { security_level: 'balanced', auto_block: true } });
    const moderate = await checkin(srv, org);
    assert.deepEqual(moderate.body.shield, { security_level: 'moderate', action: 'block' });
  });

  test('free plan: the second machine is refused with the plan-limit message and no row; the first keeps working', async () => {
    const org = await srv.newOrg('free');
    const first = await checkin(srv, org);
    assert.equal(first.status, 200);
    const second = await checkin(srv, org);
    assert.equal(second.status, 403);
    assert.deepEqual(Object.keys(second.body).sort(), ['code', 'error', 'message']);
    assert.equal(second.body.error, 'Forbidden');
    assert.equal(second.body.code, 403);
    assert.match(second.body.message, /Plan limit reached: the free plan monitors at most 1 workstation/);
    for (const path of ['/api/v1/shield/heartbeat', '/api/v1/scans', '/api/v1/runtime/managed-coverage', '/api/v1/events']) {
      const body = { hostname: `other-${machine()}`, machine_id: machine(), provider: 'jamf', checks: [], raw_report: {}, event: 'install' };
      const res = await srv.call('POST', path, { key: org.runtime_key, body });
      assert.equal(res.status, 403, path);
    }
    const rows = await workstations(srv, org.org_id);
    assert.equal(rows.length, 1);
    assert.equal((await outbox(srv, org.org_id, 'workstation.registered')).length, 1);
    const again = await checkin(srv, org, { machine_id: rows[0].machine_id, hostname: rows[0].hostname });
    assert.equal(again.status, 200);
    assert.equal(again.body.workstation_id, first.body.workstation_id);
  });

  test('pro plan: exactly 3 machines, the fourth refused', async () => {
    const org = await srv.newOrg('pro');
    for (let i = 0; i < 3; i++) assert.equal((await checkin(srv, org)).status, 200);
    assert.equal((await checkin(srv, org)).status, 403);
    assert.equal((await workstations(srv, org.org_id)).length, 3);
  });

  test('lowering a plan keeps existing workstations checking in; new ones are refused; the extra hosts carry the lock marker', async () => {
    const org = await srv.newOrg('team');
    const hosts = [];
    for (let i = 0; i < 3; i++) hosts.push((await checkin(srv, org)).body.workstation_id);
    await setOrgPlan(srv.deps.store.accounts, org.org_id, 'free');
    srv.deps.keys.invalidateOrg(org.org_id);
    const rows = await workstations(srv, org.org_id);
    for (const row of rows) {
      const r = await checkin(srv, org, { machine_id: row.machine_id, hostname: row.hostname });
      assert.equal(r.status, 200);
    }
    assert.equal((await checkin(srv, org)).status, 403);
    await settle(srv);
    const list = await srv.call('GET', '/api/v1/admin/workstations', { key: org.admin_key });
    const status = new Map(list.body.workstations.map((w: { id: string; status: string }) => [w.id, w.status]));
    assert.equal(status.get(hosts[0]), 'online');
    assert.equal(status.get(hosts[1]), 'over_limit');
    assert.equal(status.get(hosts[2]), 'over_limit');
  });

  test('enterprise is unlimited and early_adopter has the pro limit', async () => {
    const ent = await srv.newOrg('enterprise');
    for (let i = 0; i < 25; i++) assert.equal((await checkin(srv, ent)).status, 200);
    const early = await srv.newOrg('early_adopter');
    for (let i = 0; i < 3; i++) assert.equal((await checkin(srv, early)).status, 200);
    assert.equal((await checkin(srv, early)).status, 403);
  });
});

describe(`plan limit under concurrency (${TEST_STORE})`, () => {
  test('two server processes on one store registering distinct machines at once never exceed the limit', async () => {
    const a = await startTestServer();
    // The second server shares the first one's MySQL database. An SQLite data directory belongs
    // to one server (service.lock refuses a second), so there one server takes both halves.
    const b = TEST_STORE === 'mysql' ? await startTestServer({ DATABASE_URL: a.config.databaseUrl! }) : a;
    try {
      for (const plan of ['pro', 'team'] as const) {
        const org = await a.newOrg(plan);
        const limit = plan === 'pro' ? 3 : 20;
        const attempts = Array.from({ length: limit * 3 }, (_, i) => (i % 2 === 0 ? a : b).call('POST', '/api/v1/claude-code/checkin', { key: org.runtime_key, body: { hostname: `race-${i}`, machine_id: machine('race') } }));
        const results = await Promise.all(attempts);
        const ok = results.filter((r) => r.status === 200).length;
        const refused = results.filter((r) => r.status === 403).length;
        assert.equal(ok, limit, `${plan}: ${results.map((r) => r.status).join(',')}`);
        assert.equal(refused, limit * 2);
        assert.equal((await workstations(a, org.org_id)).length, limit);
        assert.equal((await outbox(a, org.org_id, 'workstation.registered')).length, limit);
      }
    } finally {
      if (b !== a) await b.close(); // drops only b's own unused store; the shared one is a's
      await a.close();
    }
  });
});
