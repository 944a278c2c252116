// Identity precedence (spec: check-in behaviour 2): machine_id first, then the payload's
// hostname, then the X-Hostname header; no identity at all is a 400 and creates nothing.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, TEST_STORE, type TestServer } from '../support/harness.js';
import { checkin, machine, workstations } from './support.js';

describe(`fleet identity (${TEST_STORE})`, () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer();
  });
  after(() => srv.close());

  test('machine_id beats the hostname: a renamed machine stays one workstation', async () => {
    const org = await srv.newOrg('team');
    const id = machine();
    const a = await checkin(srv, org, { machine_id: id, hostname: 'old-name' });
    const b = await checkin(srv, org, { machine_id: id, hostname: 'new-name' });
    assert.equal(a.status, 200);
    assert.equal(b.body.workstation_id, a.body.workstation_id);
    assert.equal(b.body.registered, false);
    const rows = await workstations(srv, org.org_id);
    assert.equal(rows.length, 1);
    assert.equal(rows[0].hostname, 'new-name');
  });

  test('two machines with the same hostname are two workstations', async () => {
    const org = await srv.newOrg('team');
    const a = await checkin(srv, org, { hostname: 'twin' });
    const b = await checkin(srv, org, { hostname: 'twin' });
    assert.notEqual(a.body.workstation_id, b.body.workstation_id);
    assert.equal((await workstations(srv, org.org_id)).length, 2);
  });

  test('the payload hostname beats the X-Hostname header', async () => {
    const org = await srv.newOrg('team');
    const r = await checkin(srv, org, { machine_id: undefined, hostname: 'from-body' }, { 'X-Hostname': 'from-header' });
    assert.equal(r.status, 200);
    const rows = await workstations(srv, org.org_id);
    assert.deepEqual(rows.map((w) => w.hostname), ['from-body']);
    assert.equal(rows[0].machine_id, null);
  });

  test('the X-Hostname header identifies a host whose payload has none; X-Machine-Id beats both names', async () => {
    const org = await srv.newOrg('team');
    const r = await checkin(srv, org, { machine_id: undefined, hostname: undefined }, { 'X-Hostname': 'header-only' });
    assert.equal(r.status, 200);
    const again = await checkin(srv, org, { machine_id: undefined, hostname: undefined }, { 'X-Hostname': 'header-only' });
    assert.equal(again.body.workstation_id, r.body.workstation_id);
    const mid = machine();
    const h1 = await checkin(srv, org, { machine_id: undefined, hostname: 'a-name' }, { 'X-Machine-Id': mid });
    const h2 = await checkin(srv, org, { machine_id: undefined, hostname: 'b-name' }, { 'X-Machine-Id': mid });
    assert.equal(h2.body.workstation_id, h1.body.workstation_id);
    assert.equal((await workstations(srv, org.org_id)).length, 2);
  });

  test('a host first seen by hostname adopts its machine id on the first report that carries one', async () => {
    const org = await srv.newOrg('team');
    const first = await checkin(srv, org, { machine_id: undefined, hostname: 'adopt-me' });
    const mid = machine();
    const second = await checkin(srv, org, { machine_id: mid, hostname: 'adopt-me' });
    assert.equal(second.body.workstation_id, first.body.workstation_id);
    const rows = await workstations(srv, org.org_id);
    assert.equal(rows.length, 1);
    assert.equal(rows[0].machine_id, mid);
  });

  test('no identity at all: 400 with a sentence, nothing created', async () => {
    const org = await srv.newOrg('team');
    const r = await checkin(srv, org, { machine_id: undefined, hostname: undefined });
    assert.equal(r.status, 400);
    assert.equal(r.body.error, 'Bad Request');
    assert.match(r.body.message, /machine_id or hostname/);
    for (const path of ['/api/v1/shield/heartbeat', '/api/v1/events', '/api/v1/runtime/managed-coverage']) {
      const body = path.endsWith('managed-coverage') ? { provider: 'jamf' } : path.endsWith('events') ? { event: 'install' } : {};
      const res = await srv.call('POST', path, { key: org.runtime_key, body });
      assert.equal(res.status, 400, path);
    }
    assert.equal((await workstations(srv, org.org_id)).length, 0);
  });
});
