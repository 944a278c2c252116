// Admin fleet API: the list with its filters and cursor pages, the stat cards, host detail by id
// or hostname, and removal (the host registers again on its next event).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, TEST_STORE, type TestServer } from '../support/harness.js';
import { checkin, machine, outbox, settle, workstations } from './support.js';

describe(`admin fleet API (${TEST_STORE})`, () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer();
  });
  after(() => srv.close());
  const list = (key: string, query = '') => srv.call('GET', `/api/v1/admin/workstations${query}`, { key });

  test('list: every row carries the fleet list columns, newest activity first, cursor pages cover every host once', async () => {
    const org = await srv.newOrg('enterprise');
    for (let i = 0; i < 7; i++) await checkin(srv, org, { hostname: `page-${i}`, user_hint: `dev${i}@example.com` });
    await settle(srv);
    const first = await list(org.admin_key, '?limit=3');
    assert.equal(first.status, 200);
    assert.equal(first.body.workstations.length, 3);
    const row = first.body.workstations[0];
    for (const key of ['id', 'hostname', 'status', 'active_sessions', 'platform', 'management', 'protection', 'risk', 'owner', 'activity', 'baseline', 'ides', 'ai_ide_coverage', 'last_seen_at']) assert.ok(key in row, key);
    assert.equal(row.status, 'online');
    assert.equal(row.management, 'Manual');
    assert.deepEqual(row.ides, ['claude-code']);
    assert.equal(row.activity.current_project, 'acme/api');
    assert.equal(row.activity.sessions_7d, 1);
    assert.equal(row.active_sessions, 1);
    assert.equal(row.owner.source, 'session_hint');
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(org.admin_key, `?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.body.workstations.map((w: { hostname: string }) => w.hostname));
      cursor = page.body.next_cursor;
    } while (cursor);
    assert.equal(seen.length, 7);
    assert.equal(new Set(seen).size, 7);
    const times = first.body.workstations.map((w: { last_seen_at: string }) => Date.parse(w.last_seen_at));
    assert.deepEqual(times, [...times].sort((a, b) => b - a));
  });

  test('filters: surface, status, risk, runtime, search, shadow AI, missing hook; bad values are 400s', async () => {
    const org = await srv.newOrg('enterprise');
    const cursorHost = `cursor-${machine()}`;
    await srv.call('POST', '/api/v1/evaluate?tool=cursor', { key: org.runtime_key, body: { hook_event_name: 'beforeShellExecution', command: 'ls' }, headers: { 'X-Hostname': cursorHost } });
    const quiet = (await checkin(srv, org, { hostname: 'quiet-host', sandbox: 'disabled' })).body.workstation_id;
    await srv.call('POST', '/api/v1/runtime/managed-coverage', {
      key: org.runtime_key,
      body: { provider: 'jamf', hostname: 'mdm-shadow', machine_id: machine(), ai_ides: [{ surface: 'windsurf', hook: 'missing' }], shadow_ai: ['SomeAI Desktop'] },
    });
    // Standby: installed, valid credential, fresh runtime heartbeat, healthy hooks, no agent activity.
    await srv.call('POST', '/api/v1/shield/heartbeat', { key: org.runtime_key, body: { hostname: 'standby-host', machine_id: machine(), credential_state: 'valid', hooks: [{ surface: 'claude-code', healthy: true, hook_type: 'http' }] } });
    await srv.call('POST', '/api/v1/shield/heartbeat', { key: org.runtime_key, body: { hostname: 'broken-host', machine_id: machine(), credential_state: 'revoked' } });
    await settle(srv);
    await srv.deps.store.knex('workstations').where({ id: quiet }).update({ last_seen_at: Date.now() - 20 * 60_000 });
    const names = async (q: string) => {
      const r = await list(org.admin_key, q);
      assert.equal(r.status, 200, `${q}: ${JSON.stringify(r.body)}`);
      return r.body.workstations.map((w: { hostname: string }) => w.hostname).sort();
    };
    assert.deepEqual(await names('?surface=cursor'), [cursorHost]);
    assert.ok((await names('?surface=claude-code')).includes('quiet-host'));
    assert.deepEqual(await names('?status=offline'), ['mdm-shadow', 'quiet-host']);
    assert.ok(!(await names('?status=online')).includes('quiet-host'));
    assert.ok((await names('?risk=medium')).includes('quiet-host'));
    assert.deepEqual(await names('?runtime=standby'), ['standby-host']);
    assert.deepEqual(await names('?runtime=degraded'), ['broken-host', 'mdm-shadow']);
    assert.ok(!(await names('?runtime=degraded')).includes('standby-host'), 'standby is never degraded');
    assert.deepEqual(await names('?shadow_ai=true'), ['mdm-shadow']);
    assert.deepEqual(await names('?missing_hook=true'), ['mdm-shadow']);
    assert.deepEqual(await names('?search=QUIET'), ['quiet-host']);
    assert.deepEqual(await names('?search=%25'), []);
    // Every filter count of the stat cards is the number of hosts that filter lists.
    const stats = (await srv.call('GET', '/api/v1/admin/fleet/stats', { key: org.admin_key })).body;
    const counted: [string, number][] = [
      ...Object.entries(stats.filters.surfaces as Record<string, number>).map(([s, n]): [string, number] => [`?surface=${s}`, n]),
      ['?status=online', stats.filters.status.online],
      ['?status=offline', stats.filters.status.offline],
      ...Object.entries(stats.filters.runtime as Record<string, number>).map(([r, n]): [string, number] => [`?runtime=${r}`, n]),
      ...Object.entries(stats.filters.risk as Record<string, number>).map(([r, n]): [string, number] => [`?risk=${r.toLowerCase()}`, n]),
      ['?shadow_ai=true', stats.filters.shadow_ai_present],
      ['?missing_hook=true', stats.filters.missing_expected_hook],
    ];
    assert.equal(stats.total, 5);
    assert.equal(counted.length, Object.keys(stats.filters.surfaces).length + 2 + 5 + 3 + 2);
    for (const [q, n] of counted) assert.equal((await names(q)).length, n, q);
    const mdmRow = (await list(org.admin_key, '?shadow_ai=true')).body.workstations[0];
    assert.equal(mdmRow.management, 'Jamf');
    assert.equal(mdmRow.ai_ide_coverage, 'Missing expected hook');
    assert.equal(mdmRow.last_seen_at, null, 'MDM inventory is not shield activity');
    for (const q of ['?surface=vim', '?status=asleep', '?risk=extreme', '?runtime=sleepy', '?limit=0', '?limit=201', '?cursor=garbage', '?shadow_ai=perhaps']) {
      const r = await list(org.admin_key, q);
      assert.equal(r.status, 400, q);
      assert.equal(r.body.error, 'Bad Request');
    }
  });

  test('stat cards count from the stored classification', async () => {
    const org = await srv.newOrg('enterprise');
    await checkin(srv, org, { agent_version: '2.0.0', sandbox: 'disabled' });
    await checkin(srv, org, { agent_version: '2.1.0', user_hint: 'jane@example.com' });
    await checkin(srv, org, { agent_version: '2.1.0' });
    await settle(srv);
    const r = await srv.call('GET', '/api/v1/admin/fleet/stats', { key: org.admin_key });
    assert.equal(r.status, 200);
    const s = r.body;
    assert.equal(s.total, 3);
    assert.deepEqual(s.cards.live_coverage, { online: 3, total: 3 });
    assert.equal(s.cards.unverified_hosts, 3, 'no directory: nobody is verified');
    assert.equal(s.cards.mdm_evidence, 0);
    assert.equal(s.cards.blocked_actions_7d, 0);
    assert.equal(s.cards.posture_notes.by_note.version_update, 1);
    assert.equal(s.cards.posture_notes.by_note.sandbox_off, 1);
    assert.equal(s.cards.posture_notes.hosts, 1);
    assert.deepEqual(s.agent_versions, [{ version: '2.1.0', hosts: 2 }, { version: '2.0.0', hosts: 1 }]);
    assert.equal(s.show_version_chart, true);
    assert.equal(s.filters.surfaces['claude-code'], 3);
    assert.equal(s.cards.action_needed, 2, 'owner gap on the two hosts without a user hint');
  });

  test('detail by id or hostname; ambiguous hostname is a 409; unknown is a 404', async () => {
    const org = await srv.newOrg('enterprise');
    const r = await checkin(srv, org, { hostname: 'detail-host', installed_skills: [{ name: 'deploy', source: 'global', preview: 'curl it' }] });
    await settle(srv);
    const byId = await srv.call('GET', `/api/v1/admin/workstations/${r.body.workstation_id}`, { key: org.admin_key });
    const byName = await srv.call('GET', '/api/v1/admin/workstations/detail-host', { key: org.admin_key });
    assert.equal(byId.status, 200);
    assert.deepEqual(byName.body.workstation.id, byId.body.workstation.id);
    const d = byId.body;
    assert.equal(d.sessions.length, 1);
    assert.equal(d.inventory.skills[0].name, 'deploy');
    assert.equal(d.metadata.credential_state, 'valid');
    assert.ok(d.metadata.runtime_protection_state.state);
    assert.equal(d.metadata.identifiers.machine_id, d.workstation.machine_id);
    await checkin(srv, org, { hostname: 'detail-host' });
    const twin = await srv.call('GET', '/api/v1/admin/workstations/detail-host', { key: org.admin_key });
    assert.equal(twin.status, 409);
    assert.match(twin.body.message, /use the id/);
    assert.equal((await srv.call('GET', '/api/v1/admin/workstations/nope', { key: org.admin_key })).status, 404);
  });

  test('delete removes the host with its sessions and inventory; the next event registers it again', async () => {
    const org = await srv.newOrg('free');
    const mid = machine();
    const first = await checkin(srv, org, { machine_id: mid, hostname: 'gone-soon', installed_skills: [{ name: 'x', source: 'global', preview: '' }] });
    const id = first.body.workstation_id;
    const del = await srv.call('DELETE', `/api/v1/admin/workstations/${id}`, { key: org.admin_key });
    assert.equal(del.status, 200);
    assert.deepEqual(del.body, { id, hostname: 'gone-soon', deleted: true });
    assert.equal((await workstations(srv, org.org_id)).length, 0);
    assert.equal((await srv.deps.store.knex('skills').where({ workstation_id: id })).length, 0);
    assert.equal((await srv.deps.store.knex('sessions').where({ workstation_id: id })).length, 0);
    assert.equal((await srv.call('DELETE', `/api/v1/admin/workstations/${id}`, { key: org.admin_key })).status, 404);
    // The free plan's one slot is free again; the same machine re-registers as a new host.
    const again = await checkin(srv, org, { machine_id: mid, hostname: 'gone-soon' });
    assert.equal(again.status, 200);
    assert.equal(again.body.registered, true);
    assert.notEqual(again.body.workstation_id, id);
    assert.equal((await outbox(srv, org.org_id, 'workstation.registered')).length, 2);
    // A hook event (cached identity path) after a delete also re-registers.
    await srv.call('DELETE', `/api/v1/admin/workstations/${again.body.workstation_id}`, { key: org.admin_key });
    const hb = await srv.call('POST', '/api/v1/shield/heartbeat', { key: org.runtime_key, body: { machine_id: mid, hostname: 'gone-soon' } });
    assert.equal(hb.status, 200);
    assert.equal(hb.body.registered, true);
    await settle(srv);
    assert.equal((await workstations(srv, org.org_id)).length, 1);
  });
});
