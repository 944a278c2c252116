// workstation.offline fires exactly once per crossing of the 15-minute threshold, with one
// sweeper and with two server processes sweeping the same store.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, TEST_STORE, type TestServer } from '../support/harness.js';
import { checkin, machine, outbox, settle, until } from './support.js';

const SWEEP = { SERVICE_OFFLINE_SWEEP_MS: '40' };
const quiet = (srv: TestServer, ids: string[], minutesAgo: number) =>
  srv.deps.store.knex('workstations').whereIn('id', ids).update({ last_seen_at: Date.now() - minutesAgo * 60_000 });
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe(`offline sweep (${TEST_STORE})`, () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer(SWEEP);
  });
  after(() => srv.close());

  test('fires once per crossing, again after the host came back and went quiet again', async () => {
    const org = await srv.newOrg('team');
    const r = await checkin(srv, org);
    const id = r.body.workstation_id;
    await settle(srv);
    await quiet(srv, [id], 14); // still online: nothing fires
    await pause(200);
    assert.equal((await outbox(srv, org.org_id, 'workstation.offline')).length, 0);
    await quiet(srv, [id], 16);
    const first = await until(() => outbox(srv, org.org_id, 'workstation.offline'), (e) => e.length > 0);
    assert.equal(first.length, 1);
    assert.equal(first[0].workstation_id, id);
    const data = JSON.parse(first[0].data);
    assert.match(data.evidence.title, /went offline/);
    await pause(300); // many more sweeps
    assert.equal((await outbox(srv, org.org_id, 'workstation.offline')).length, 1);

    // Back online (a new check-in), then quiet again: a second crossing, a second event.
    await checkin(srv, org, { machine_id: (await srv.deps.store.knex('workstations').where({ id }).first('machine_id')).machine_id });
    await settle(srv);
    await pause(150);
    assert.equal((await outbox(srv, org.org_id, 'workstation.offline')).length, 1);
    await quiet(srv, [id], 20);
    const second = await until(() => outbox(srv, org.org_id, 'workstation.offline'), (e) => e.length > 1);
    await pause(300);
    assert.equal(second.length, 2);
    assert.equal((await outbox(srv, org.org_id, 'workstation.offline')).length, 2);
    assert.notEqual(second[0].source_id, second[1].source_id);
  });

  test('an MDM pre-registered host that was never seen fires no offline event', async () => {
    const org = await srv.newOrg('team');
    const res = await srv.call('POST', '/api/v1/runtime/managed-coverage', { key: org.runtime_key, body: { provider: 'intune', hostname: `mdm-${machine()}`, machine_id: machine() } });
    assert.equal(res.status, 200);
    await settle(srv);
    await pause(300);
    assert.equal((await outbox(srv, org.org_id, 'workstation.offline')).length, 0);
  });
});

describe(`offline sweep with two server processes (${TEST_STORE})`, () => {
  // MySQL only: an SQLite data directory belongs to one server process (service.lock).
  const skip = TEST_STORE !== 'mysql' && 'needs MySQL: an SQLite data directory belongs to one server process';
  test('each crossing fires exactly once across both sweepers', { skip }, async () => {
    const a = await startTestServer(SWEEP);
    const b = await startTestServer({ ...SWEEP, DATABASE_URL: a.config.databaseUrl! });
    try {
      const org = await a.newOrg('team');
      const ids: string[] = [];
      for (let i = 0; i < 12; i++) ids.push((await checkin(i % 2 ? a : b, org)).body.workstation_id);
      await settle(a);
      await settle(b);
      await quiet(a, ids, 30);
      const events = await until(() => outbox(a, org.org_id, 'workstation.offline'), (e) => e.length >= ids.length);
      await pause(400);
      const final = await outbox(a, org.org_id, 'workstation.offline');
      assert.equal(events.length, ids.length);
      assert.equal(final.length, ids.length);
      assert.deepEqual(new Set(final.map((e) => e.workstation_id)), new Set(ids));
    } finally {
      await b.close();
      await a.close();
    }
  });
});
