// The fleet's runtime reports: runtime heartbeat (and cowork status), lifecycle events, posture
// scans with their outbox events, and GET /claude-code/health.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, TEST_STORE, type TestServer } from '../support/harness.js';
import { checkin, machine, outbox, settle } from './support.js';

describe(`runtime reports (${TEST_STORE})`, () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer();
  });
  after(() => srv.close());
  const detail = async (key: string, id: string) => (await srv.call('GET', `/api/v1/admin/workstations/${id}`, { key })).body;
  const post = (key: string, path: string, body: unknown, headers?: Record<string, string>) => srv.call('POST', path, { key, body, headers });

  test('heartbeat: Standby, then agent activity makes it active, an explicit failure degrades, a stale heartbeat is Unknown', async () => {
    const org = await srv.newOrg('team');
    const host = { hostname: `hb-${machine()}`, machine_id: machine() };
    const hb = { ...host, credential_state: 'valid', hooks: [{ surface: 'claude-code', healthy: true, hook_type: 'http' }] };
    const r = await post(org.runtime_key, '/api/v1/shield/heartbeat', hb);
    assert.equal(r.status, 200);
    assert.deepEqual(Object.keys(r.body).sort(), ['ok', 'registered', 'shield', 'source', 'workstation_id']);
    const id = r.body.workstation_id;
    await settle(srv);
    assert.equal((await detail(org.admin_key, id)).workstation.protection, 'Standby');
    await post(org.runtime_key, '/api/v1/claude-code/evaluate', { hook_event_name: 'PreToolUse', session_id: 'live-1', cwd: '/tmp', tool_name: 'Bash', tool_input: { command: 'ls' } }, { 'X-Hostname': host.hostname, 'X-Machine-Id': host.machine_id });
    await settle(srv);
    const active = await detail(org.admin_key, id);
    assert.ok(['Full Integrity', 'Basic Coverage', 'Mixed'].includes(active.workstation.protection), active.workstation.protection);
    await post(org.runtime_key, '/api/v1/shield/heartbeat', { ...hb, policy_fetch_error: true });
    await settle(srv);
    const degraded = await detail(org.admin_key, id);
    assert.equal(degraded.workstation.protection, 'Degraded');
    assert.deepEqual(degraded.metadata.runtime_protection_state.reasons, ['policy_fetch_error']);
    // Back to healthy evidence, then let the runtime heartbeat and activity go stale.
    await post(org.runtime_key, '/api/v1/shield/heartbeat', { ...hb, policy_fetch_error: false });
    await settle(srv);
    await srv.deps.store.knex('workstations').where({ id }).update({ last_runtime_heartbeat_at: Date.now() - 20 * 60_000, last_agent_activity_at: Date.now() - 25 * 3_600_000, class_valid_until: 0 });
    await settle(srv);
    assert.equal((await detail(org.admin_key, id)).workstation.protection, 'Unknown');
  });

  test('a check-in whose scan found our hook file edited is tamper evidence (risk High); an intact scan clears it', async () => {
    const org = await srv.newOrg('team');
    const host = { hostname: `tamper-${machine()}`, machine_id: machine() };
    const scan = (healthy: boolean) => checkin(srv, org, { ...host, hooks: [{ surface: 'codex', healthy, scope: 'user', hook_type: 'command' }, { surface: 'claude-code', healthy: true, scope: 'user', hook_type: 'http' }] });
    const first = await scan(false);
    assert.equal(first.status, 200, JSON.stringify(first.body));
    const id = first.body.workstation_id;
    await settle(srv);
    const edited = await detail(org.admin_key, id);
    assert.equal(edited.metadata.anomaly.tamper_evidence, true);
    assert.deepEqual(edited.workstation.risk, { level: 'High', reason: 'Tamper evidence' });
    await scan(true);
    await settle(srv);
    const intact = await detail(org.admin_key, id);
    assert.equal(intact.metadata.anomaly.tamper_evidence, false);
    assert.notEqual(intact.workstation.risk.reason, 'Tamper evidence');
  });

  test('heartbeats are coalesced: a burst costs about one row update per second', async () => {
    const org = await srv.newOrg('team');
    const host = { hostname: `burst-${machine()}`, machine_id: machine() };
    await post(org.runtime_key, '/api/v1/shield/heartbeat', host);
    await settle(srv);
    const before = srv.deps.fleet.heartbeats.stats.rowUpdates;
    const started = Date.now();
    for (let i = 0; i < 40; i++) await post(org.runtime_key, '/api/v1/shield/heartbeat', host);
    await settle(srv);
    const seconds = Math.ceil((Date.now() - started) / 1000);
    assert.ok(srv.deps.fleet.heartbeats.stats.rowUpdates - before <= seconds + 2, `${srv.deps.fleet.heartbeats.stats.rowUpdates - before} updates in ${seconds}s`);
  });

  test('cowork installer/status check-in registers the host awaiting live verification until its first hook event', async () => {
    const org = await srv.newOrg('team');
    const host = { hostname: `cowork-${machine()}`, machine_id: machine() };
    const r = await post(org.runtime_key, '/api/v1/shield/heartbeat', { ...host, source: 'cowork', status: 'installed', user_hint: 'ann@example.com', sandbox: 'enabled' });
    assert.equal(r.body.source, 'cowork');
    await settle(srv);
    const d = await detail(org.admin_key, r.body.workstation_id);
    assert.equal(d.workstation.risk.reason, 'Verify live');
    assert.deepEqual(d.workstation.ides, []);
    assert.ok(d.action_reasons.includes('live_verification'));
  });

  test('lifecycle events: hooks uninstall is a missing expected hook; skill uninstall removes it; repair failure degrades; session_end ends the session', async () => {
    const org = await srv.newOrg('team');
    const host = { hostname: `life-${machine()}`, machine_id: machine() };
    const c = await checkin(srv, org, { ...host, session_id: 'sess-1', installed_skills: [{ name: 'deploy', source: 'global', preview: 'x' }, { name: 'keep', source: 'global', preview: 'y' }] });
    const id = c.body.workstation_id;
    const un = await post(org.runtime_key, '/api/v1/events', { ...host, event: 'uninstall', component: 'hooks', source: 'codex' });
    assert.equal(un.status, 200);
    assert.deepEqual(Object.keys(un.body).sort(), ['changed', 'component', 'event', 'ok', 'registered', 'workstation_id']);
    await settle(srv);
    let d = await detail(org.admin_key, id);
    assert.equal(d.workstation.ai_ide_coverage, 'Missing expected hook');
    assert.equal(d.workstation.protection, 'Degraded');
    const rm = await post(org.runtime_key, '/api/v1/events', { ...host, event: 'uninstall', component: 'skill', name: 'deploy', item_source: 'global' });
    assert.equal(rm.body.changed, 1);
    await post(org.runtime_key, '/api/v1/events', { ...host, event: 'session_end', session_id: 'sess-1' });
    await post(org.runtime_key, '/api/v1/events', { ...host, event: 'install', component: 'hooks', source: 'codex' });
    await post(org.runtime_key, '/api/v1/events', { ...host, event: 'repair', component: 'hooks', source: 'codex', result: 'failed' });
    await settle(srv);
    d = await detail(org.admin_key, id);
    assert.deepEqual(d.inventory.skills.map((s: { name: string }) => s.name), ['keep']);
    assert.ok(d.sessions[0].ended_at);
    assert.equal(d.metadata.repair_result, 'failed');
    assert.ok(d.metadata.runtime_protection_state.reasons.includes('repair_failed'));
    assert.equal(d.metadata.last_lifecycle_event.event, 'repair');
    for (const bad of [{ event: 'explode' }, { event: 'uninstall', component: 'skill' }, { event: 'session_end' }, { event: 'install', component: 'widget' }]) {
      const res = await post(org.runtime_key, '/api/v1/events', { ...host, ...bad });
      assert.equal(res.status, 400, JSON.stringify(bad));
    }
  });

  test('managed coverage sets the management source and MDM evidence', async () => {
    const org = await srv.newOrg('team');
    const body = { provider: 'Microsoft Intune', hostname: `intune-${machine()}`, machine_id: machine(), serial_number: 'C02XYZ', enrollment_signed: true, ai_ides: [{ surface: 'cursor', hook: 'installed' }] };
    const r = await post(org.runtime_key, '/api/v1/runtime/managed-coverage', body);
    assert.equal(r.status, 200);
    assert.equal(r.body.management_source, 'mdm');
    await settle(srv);
    const d = await detail(org.admin_key, r.body.workstation_id);
    assert.equal(d.workstation.management, 'Microsoft Intune');
    assert.equal(d.workstation.ai_ide_coverage, 'Preseeded coverage');
    assert.equal(d.metadata.mdm_aliases.serial_number, 'C02XYZ');
    assert.equal(d.workstation.status, 'offline');
    const stats = (await srv.call('GET', '/api/v1/admin/fleet/stats', { key: org.admin_key })).body;
    assert.equal(stats.cards.mdm_evidence, 1);
    const native = await post(org.runtime_key, '/api/v1/runtime/managed-coverage', { provider: 'service', hostname: `rpm-${machine()}`, machine_id: machine() });
    await settle(srv);
    assert.equal((await detail(org.admin_key, native.body.workstation_id)).workstation.management, 'Native Linux package');
    assert.equal((await post(org.runtime_key, '/api/v1/runtime/managed-coverage', { hostname: 'x' })).status, 400);
  });

  test('scans: stored with score and grade; grade drop and newly failing high/critical checks go to the outbox once', async () => {
    const org = await srv.newOrg('team');
    const host = { hostname: `scan-${machine()}`, machine_id: machine() };
    const checks = (failing: string[]) =>
      ['hooks_installed', 'sandbox_enabled', 'mcp_pinned', 'low_thing'].map((name) => ({
        check_name: name,
        category: 'agent',
        severity: name === 'low_thing' ? 'low' : name === 'mcp_pinned' ? 'critical' : 'high',
        status: failing.includes(name) ? 'fail' : 'pass',
      }));
    const s1 = await post(org.runtime_key, '/api/v1/scans', { ...host, checks: checks(['low_thing']), raw_report: { tool: 'posture' }, grade: 'a', score: 95 });
    assert.equal(s1.status, 201);
    assert.equal(s1.body.grade, 'A');
    assert.deepEqual(s1.body.newly_failed_checks, []);
    const s2 = await post(org.runtime_key, '/api/v1/scans', { ...host, checks: checks(['low_thing', 'hooks_installed', 'mcp_pinned']), raw_report: 'text report' });
    assert.equal(s2.body.score, 100 - 5 - 25 - 40);
    assert.equal(s2.body.grade, 'F');
    assert.equal(s2.body.previous_grade, 'A');
    assert.equal(s2.body.grade_dropped, true);
    assert.deepEqual(s2.body.newly_failed_checks.sort(), ['hooks_installed', 'mcp_pinned']);
    const s3 = await post(org.runtime_key, '/api/v1/scans', { ...host, checks: checks(['low_thing', 'hooks_installed', 'mcp_pinned', 'sandbox_enabled']), raw_report: {} });
    assert.deepEqual(s3.body.newly_failed_checks, ['sandbox_enabled']);
    assert.equal(s3.body.grade_dropped, false);
    assert.equal((await outbox(srv, org.org_id, 'posture.grade_dropped')).length, 1);
    const failed = await outbox(srv, org.org_id, 'posture.check_failed');
    assert.equal(failed.length, 3);
    assert.deepEqual(new Set(failed.map((e) => e.severity)), new Set(['high', 'critical']));
    const d = await detail(org.admin_key, s1.body.workstation_id);
    assert.equal(d.scans.length, 3);
    assert.equal(d.metadata.compliance.grade, 'F');
    for (const bad of [{ checks: 'none', raw_report: {} }, { checks: [] }, { checks: [{ check_name: 'x', category: 'c', severity: 'urgent', status: 'fail' }], raw_report: {} }, { checks: [], raw_report: {}, grade: 'Z' }, { checks: [], raw_report: {}, hostname: '' }]) {
      assert.equal((await post(org.runtime_key, '/api/v1/scans', { ...host, ...bad })).status, 400, JSON.stringify(bad));
    }
  });

  test('health: every spec field, source/tool alias, allowed values, works with a runtime key', async () => {
    const org = await srv.newOrg('team');
    const never = await srv.call('GET', '/api/v1/claude-code/health?tool=gemini', { key: org.runtime_key });
    assert.equal(never.status, 200);
    assert.deepEqual(Object.keys(never.body).sort(), [
      'active_hosts', 'active_hosts_truncated', 'active_sessions', 'active_sessions_truncated', 'events_24h', 'events_24h_truncated',
      'hooks_active', 'hooks_never_connected', 'hooks_stale', 'last_hostname', 'last_seen_at', 'ok', 'source', 'source_label',
    ]);
    assert.equal(never.body.source, 'gemini');
    assert.equal(never.body.hooks_never_connected, true);
    const host = `health-${machine()}`;
    await checkin(srv, org, { hostname: host });
    await settle(srv);
    const live = (await srv.call('GET', '/api/v1/claude-code/health', { key: org.runtime_key })).body;
    assert.equal(live.source, 'claude-code');
    assert.equal(live.source_label, 'Claude Code');
    assert.equal(live.hooks_active, true);
    assert.equal(live.last_hostname, host);
    assert.equal(live.active_hosts, 1);
    assert.equal(live.active_sessions, 1);
    assert.equal(live.active_hosts_truncated, false);
    await srv.deps.store.knex('workstation_surfaces').where({ org_id: org.org_id }).update({ last_event_at: Date.now() - 3_600_000 });
    const stale = (await srv.call('GET', '/api/v1/claude-code/health?source=claude-code', { key: org.runtime_key })).body;
    assert.equal(stale.hooks_stale, true);
    assert.equal(stale.hooks_active, false);
    const bad = await srv.call('GET', '/api/v1/claude-code/health?source=grok', { key: org.runtime_key });
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, /allowed: claude-code, claude-chat, cowork, cursor, windsurf, copilot, codex, gemini, antigravity/);
    assert.equal((await srv.call('GET', '/api/v1/claude-code/health')).status, 401);
  });
});
