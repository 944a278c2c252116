// The three OTLP reads (issue #20): Enterprise only with an admin key, setup-health's stats and
// warnings, usage-costs per team / user / session / workstation, and cost anomalies with their
// otlp.cost_anomaly event.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, TEST_STORE, type TestServer } from '../support/harness.js';
import { checkin, machine, settle } from '../fleet/support.js';
import { costAnomalies } from '../../src/telemetry/reads.js';
import { apiRequest, claudeResource, logsRequest, postOtlp, record } from './support.js';

const STATS_FIELDS = [
  'total_events_sampled',
  'raw_events_sampled',
  'runtime_events_ignored',
  'host_name_present_count',
  'host_name_present_pct',
  'session_id_present_count',
  'session_id_present_pct',
  'actor_mapped_count',
  'actor_mapped_pct',
  'mapped_count',
  'mapped_pct',
  'latest_event_at',
  'correlation_key_count',
  'session_correlation_sample_count',
  'session_correlation_sample_pct',
  'actor_only_count',
  'unmapped_identities',
];

describe(`OTLP reads (${TEST_STORE})`, () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer();
  });
  after(() => srv.close());

  test('Enterprise only, admin key only, in the spec error shape', async () => {
    const team = await srv.newOrg('team');
    const ent = await srv.newOrg('enterprise');
    for (const path of ['/api/v1/otlp/health', '/api/v1/otlp/setup-health', '/api/v1/otlp/usage-costs?days=7']) {
      const r = await srv.call('GET', path, { key: team.admin_key });
      assert.equal(r.status, 403, path);
      assert.deepEqual(Object.keys(r.body).sort(), ['code', 'error', 'message']);
      assert.match(r.body.message, /Enterprise plan only; this organization is on the team plan/);
      const rt = await srv.call('GET', path, { key: ent.runtime_key });
      assert.equal(rt.status, 403, `${path} with a runtime key`);
      assert.equal((await srv.call('GET', path, { key: ent.admin_key })).status, 200, path);
    }
  });

  test('health: checked_at, and whether events are arriving', async () => {
    const org = await srv.newOrg();
    const before = await srv.call('GET', '/api/v1/otlp/health', { key: org.admin_key });
    assert.equal(before.body.receiving, false);
    assert.ok(!Number.isNaN(Date.parse(before.body.checked_at)));
    await postOtlp(srv, org.runtime_key, logsRequest(claudeResource(), [apiRequest('s-h'), apiRequest('s-h')]));
    const after = await srv.call('GET', '/api/v1/otlp/health', { key: org.admin_key });
    assert.equal(after.body.receiving, true);
    assert.equal(after.body.events_24h, 2);
    assert.deepEqual(after.body.sources_24h, ['claude-code']);
  });

  test('setup-health: every stats field, last_events, unmapped identities and session_correlation_missing', async () => {
    const org = await srv.newOrg();
    // Claude Code as it really exports: session.id, no host name, and no hook call of the session yet.
    await postOtlp(srv, org.runtime_key, logsRequest(claudeResource(), [apiRequest('s-lonely'), apiRequest('s-lonely')]));
    // A non-agent log record (a runtime log) is stored but ignored by the diagnosis.
    await postOtlp(srv, org.runtime_key, logsRequest({ 'service.name': 'some-daemon' }, [record('daemon.started', {})]));
    let r = await srv.call('GET', '/api/v1/otlp/setup-health', { key: org.admin_key });
    assert.equal(r.status, 200);
    assert.deepEqual(Object.keys(r.body).sort(), ['last_events', 'stats', 'warnings']);
    assert.deepEqual(Object.keys(r.body.stats).sort(), [...STATS_FIELDS].sort());
    const s = r.body.stats;
    assert.equal(s.raw_events_sampled, 3);
    assert.equal(s.runtime_events_ignored, 1);
    assert.equal(s.total_events_sampled, 2);
    assert.equal(s.session_id_present_count, 2);
    assert.equal(s.session_id_present_pct, 100);
    assert.equal(s.host_name_present_count, 0);
    assert.equal(s.mapped_count, 0);
    assert.equal(s.correlation_key_count, 1);
    assert.deepEqual(s.unmapped_identities, [{ source: 'claude-code', hostname: null, machine_id: null, session_id: 's-lonely', user: null, reason: 'session_not_seen_in_hook_calls', events: 2, last_seen_at: s.unmapped_identities[0].last_seen_at }]);
    assert.ok(r.body.warnings.some((w: any) => w.code === 'session_correlation_missing' && w.severity === 'info'));
    assert.equal(r.body.last_events.length, 2);
    assert.equal(r.body.last_events[0].session_id, 's-lonely');
    // The session's hook calls arrive later: the records are correlated late, the warning goes away.
    const host = { hostname: `late-${machine()}`, machine_id: machine() };
    const c = await checkin(srv, org, { ...host, session_id: 's-lonely' });
    await settle(srv);
    r = await srv.call('GET', '/api/v1/otlp/setup-health', { key: org.admin_key });
    assert.equal(r.body.stats.mapped_count, 2);
    assert.equal(r.body.stats.mapped_pct, 100);
    assert.equal(r.body.stats.session_correlation_sample_count, 2);
    assert.deepEqual(r.body.stats.unmapped_identities, []);
    assert.ok(!r.body.warnings.some((w: any) => w.code === 'session_correlation_missing'));
    assert.ok(r.body.last_events.every((e: any) => e.mapped && e.workstation_id === c.body.workstation_id));
  });

  test('records that arrive before their workstation registers are mapped by host on the next read', async () => {
    const org = await srv.newOrg();
    const host = { hostname: `early-${machine()}`, machine_id: machine() };
    await postOtlp(srv, org.runtime_key, logsRequest(claudeResource({ 'host.name': host.hostname, 'host.id': host.machine_id }), [apiRequest('s-early')]));
    const before = await srv.call('GET', '/api/v1/otlp/setup-health', { key: org.admin_key });
    assert.equal(before.body.stats.mapped_count, 0);
    assert.equal(before.body.stats.unmapped_identities[0].reason, 'unknown_host');
    const c = await checkin(srv, org, host);
    const after = await srv.call('GET', '/api/v1/otlp/setup-health', { key: org.admin_key });
    assert.equal(after.body.stats.mapped_count, 1);
    assert.equal(after.body.last_events[0].workstation_id, c.body.workstation_id);
    assert.equal(after.body.last_events[0].mapped_by, 'host');
  });

  test('records sent just after their workstation registers, while ingest still remembers it unknown, are mapped by the next read', async () => {
    const org = await srv.newOrg();
    const host = { hostname: `recent-${machine()}`, machine_id: machine() };
    const resource = claudeResource({ 'host.name': host.hostname, 'host.id': host.machine_id });
    await postOtlp(srv, org.runtime_key, logsRequest(resource, [apiRequest('s-recent')]));
    const c = await checkin(srv, org, host);
    // Within LOOKUP_TTL_MS of the first batch's lookup: stored, mapped now or by the read.
    assert.equal((await postOtlp(srv, org.runtime_key, logsRequest(resource, [apiRequest('s-recent'), apiRequest('s-recent')]))).status, 200);
    const health = await srv.call('GET', '/api/v1/otlp/setup-health', { key: org.admin_key });
    assert.equal(health.body.stats.mapped_count, 3);
    assert.ok(health.body.last_events.every((e: any) => e.workstation_id === c.body.workstation_id && e.mapped_by === 'host'));
  });

  test('usage-costs: summary, per team, per user with sessions and workstations; days validated', async () => {
    const org = await srv.newOrg();
    const a = { hostname: `cost-a-${machine()}`, machine_id: machine() };
    const b = { hostname: `cost-b-${machine()}`, machine_id: machine() };
    await checkin(srv, org, a);
    await checkin(srv, org, b);
    await postOtlp(srv, org.runtime_key, logsRequest(claudeResource({ 'host.name': a.hostname, 'user.email': 'ann@example.com', 'user.department': 'Platform' }), [apiRequest('sa-1', { cost_usd: 0.25 }), apiRequest('sa-1', { cost_usd: 0.75 })]));
    await postOtlp(srv, org.runtime_key, logsRequest(claudeResource({ 'user.email': 'bob@example.com' }), [apiRequest('sb-1', { cost_usd: 2 })]), { headers: { 'X-Hostname': b.hostname } });
    const r = await srv.call('GET', '/api/v1/otlp/usage-costs?days=3', { key: org.admin_key });
    assert.equal(r.status, 200);
    assert.deepEqual(Object.keys(r.body).sort(), ['anomalies', 'days', 'summary', 'teams', 'users']);
    assert.equal(r.body.days, 3);
    const sum = r.body.summary;
    assert.equal(sum.cost_usd, 3);
    assert.equal(sum.input_tokens, 3600);
    assert.equal(sum.output_tokens, 900);
    assert.equal(sum.api_requests, 3);
    assert.equal(sum.users, 2);
    assert.equal(sum.sessions, 2);
    assert.equal(sum.workstations, 2);
    assert.deepEqual(r.body.teams.map((t: any) => [t.team, t.cost_usd, t.users]), [['(no team)', 2, 1], ['Platform', 1, 1]]);
    const ann = r.body.users.find((u: any) => u.user === 'ann@example.com');
    assert.equal(ann.team, 'Platform');
    assert.equal(ann.cost_usd, 1);
    assert.equal(ann.input_tokens, 2400);
    assert.deepEqual(ann.sessions.map((s: any) => [s.session_id, s.hostname, s.cost_usd, s.input_tokens, s.output_tokens]), [['sa-1', a.hostname, 1, 2400, 600]]);
    const bob = r.body.users.find((u: any) => u.user === 'bob@example.com');
    assert.equal(bob.sessions[0].hostname, b.hostname);
    for (const bad of ['0', '91', 'abc', '-1', '1.5']) {
      const e = await srv.call('GET', `/api/v1/otlp/usage-costs?days=${bad}`, { key: org.admin_key });
      assert.equal(e.status, 400, bad);
      assert.deepEqual(Object.keys(e.body).sort(), ['code', 'error', 'message']);
    }
    assert.equal((await srv.call('GET', '/api/v1/otlp/usage-costs', { key: org.admin_key })).body.days, 7);
  });

  test('a person without an e-mail in telemetry is attributed through the workstation user hint', async () => {
    const org = await srv.newOrg();
    const host = { hostname: `hint-${machine()}`, machine_id: machine() };
    await checkin(srv, org, { ...host, session_id: 's-hint', user_hint: 'carol@example.com' });
    await settle(srv);
    await postOtlp(srv, org.runtime_key, logsRequest(claudeResource(), [apiRequest('s-hint')]));
    const r = await srv.call('GET', '/api/v1/otlp/usage-costs?days=1', { key: org.admin_key });
    assert.deepEqual(r.body.users.map((u: any) => u.user), ['carol@example.com']);
  });

  test('cost anomalies: modified z-score over person-days; announced once as otlp.cost_anomaly', async () => {
    const org = await srv.newOrg();
    const day = 86_400_000;
    const now = Date.now();
    const records: unknown[] = [];
    const people = ['p1', 'p2', 'p3', 'p4', 'p5'];
    for (const p of people) for (let d = 1; d <= 3; d++) records.push(apiRequest(`s-${p}-${d}`, { cost_usd: 1 + people.indexOf(p) * 0.1, 'user.email': `${p}@example.com` }));
    // Timestamps spread over past days (record time is event time).
    const stamped = records.map((r: any, i) => ({ ...r, timeUnixNano: `${now - (1 + (i % 3)) * day}000000` }));
    stamped.push({ ...(apiRequest('s-spike', { cost_usd: 40, 'user.email': 'spender@example.com' }) as any) });
    await postOtlp(srv, org.runtime_key, logsRequest(claudeResource(), stamped));
    const r = await srv.call('GET', '/api/v1/otlp/usage-costs?days=7', { key: org.admin_key });
    assert.equal(r.body.anomalies.length, 1);
    assert.equal(r.body.anomalies[0].user, 'spender@example.com');
    assert.equal(r.body.anomalies[0].method, 'modified_z_score');
    assert.equal(r.body.anomalies[0].cost_usd, 40);
    await srv.call('GET', '/api/v1/otlp/usage-costs?days=7', { key: org.admin_key });
    const events = await srv.deps.store.knex('outbox').where({ org_id: org.org_id, event_type: 'otlp.cost_anomaly' });
    assert.equal(events.length, 1, 'announced once across reads');
    assert.match(JSON.parse(events[0].data).evidence.title, /spender@example.com/);
  });

  test('costAnomalies: too few person-days → none; flat spending → none; the floor keeps cents quiet', () => {
    const pd = (cost: number, i: number) => ({ user: `u${i}`, team: 't', day: 20000, costMicros: cost * 1e6 });
    assert.deepEqual(costAnomalies([1, 1, 50].map(pd)), []);
    assert.deepEqual(costAnomalies([2, 2, 2, 2, 2, 2].map(pd)), []);
    assert.deepEqual(costAnomalies([0.01, 0.01, 0.01, 0.01, 0.5].map(pd)), []);
    assert.equal(costAnomalies([1, 1.2, 0.9, 1.1, 1, 9].map(pd)).length, 1);
  });
});
