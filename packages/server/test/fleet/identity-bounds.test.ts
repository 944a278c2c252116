// Identities fit the columns on both stores (issue #15): hostnames and machine ids of 255, 256,
// 1,000 and 10,000 characters sent to every route that registers a workstation. Registration
// and report routes accept up to the bound (256) and refuse longer with a 400 in the error shape,
// storing nothing; hook routes always answer 200 with a verdict and store an identity that fits.
// Never a 5xx, never a half-stored request.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SURFACES, type Surface } from '../../src/policy/types.js';
import { MAX_IDENTITY_CHARS } from '../../src/fleet/identity.js';
import { startTestServer, TEST_STORE, type TestServer } from '../support/harness.js';
import { shellPayload } from '../runtime/payloads.js';

const LENGTHS = [255, 256, 1000, 10_000];
/** A value of `n` characters that differs from any other test's in its first characters too. */
const long = (tag: string, n: number) => `${tag}-${n}-${Math.random().toString(36).slice(2, 8)}-`.padEnd(n, 'x').slice(0, n);

interface RouteCase {
  name: string;
  hook: boolean;
  send(srv: TestServer, key: string, id: { hostname: string; machine_id: string }): Promise<{ status: number; body: any }>;
}

const checks = [{ check_name: 'hooks_installed', category: 'agent', severity: 'high', status: 'pass' }];
const post = (path: string, body: (id: { hostname: string; machine_id: string }) => unknown, viaHeaders = false): RouteCase['send'] =>
  (srv, key, id) => srv.call('POST', path, { key, body: body(id), headers: viaHeaders ? { 'x-hostname': id.hostname, 'x-machine-id': id.machine_id } : {} });

const evalPath = (s: Surface) => (s === 'claude-code' ? '/api/v1/claude-code/evaluate' : `/api/v1/evaluate?tool=${s}`);

const ROUTES: RouteCase[] = [
  // Hook routes of every surface, identity in the headers (HTTP hooks) and in the body (command-hook forwarders).
  ...SURFACES.map((s): RouteCase => ({ name: `hook ${s} (headers)`, hook: true, send: post(evalPath(s), () => shellPayload(s, 'ls -la'), true) })),
  ...SURFACES.map((s): RouteCase => ({ name: `hook ${s} (body)`, hook: true, send: post(evalPath(s), (id) => ({ ...shellPayload(s, 'ls -la'), ...id })) })),
  { name: 'hook claude-code audit', hook: true, send: post('/api/v1/claude-code/audit', (id) => ({ hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: { command: 'ls' }, tool_response: 'ok', ...id })) },
  { name: 'hook codex audit', hook: true, send: post('/api/v1/audit?tool=codex', () => ({ hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } }), true) },
  { name: 'checkin', hook: false, send: post('/api/v1/claude-code/checkin', (id) => ({ ...id, session_id: 's-1', platform: 'linux' })) },
  { name: 'heartbeat', hook: false, send: post('/api/v1/shield/heartbeat', (id) => ({ ...id })) },
  { name: 'lifecycle event', hook: false, send: post('/api/v1/events', (id) => ({ ...id, event: 'install', component: 'hooks', source: 'codex' })) },
  { name: 'scans', hook: false, send: post('/api/v1/scans', (id) => ({ ...id, checks, raw_report: { tool: 'posture' } })) },
  { name: 'managed coverage', hook: false, send: post('/api/v1/runtime/managed-coverage', (id) => ({ ...id, provider: 'Microsoft Intune' })) },
  { name: 'mcp evaluate', hook: false, send: post('/api/v1/mcp/evaluate', (id) => ({ ...id, server: 'github', tool: 'list_repos', arguments: {} })) },
  { name: 'mcp events', hook: false, send: post('/api/v1/mcp/events', (id) => ({ events: [{ ...id, server: 'github', tool: 'list_repos', arguments: {} }] })) },
  { name: 'mcp sync', hook: false, send: post('/api/v1/mcp/sync', (id) => ({ ...id, servers: [{ name: 'github', tools: ['list_repos'] }] })) },
  { name: 'shield events', hook: false, send: post('/api/v1/shield/events', (id) => ({ events: [{ ...id, detection_layer: 'gateway', verdict: 'block', severity: 'high', tool_name: 'Bash', session_id: 's', input_hash: 'h1' }] })) },
];

async function counts(srv: TestServer, orgId: string) {
  const knex = srv.deps.store.knex;
  const n = async (table: string) => Number((await knex(table).where({ org_id: orgId }).count<{ n: number }[]>({ n: '*' }))[0].n);
  return { workstations: await n('workstations'), shield_events: await n('shield_events'), outbox: await n('outbox'), posture_scans: await n('posture_scans') };
}

describe(`identity bounds on every registering route (${TEST_STORE})`, () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer();
  });
  after(() => srv.close());

  for (const route of ROUTES) {
    test(route.name, async () => {
      for (const field of ['hostname', 'machine_id'] as const) {
        for (const n of LENGTHS) {
          const org = await srv.newOrg('enterprise');
          const id = { hostname: `host-${Math.random().toString(36).slice(2, 8)}`, machine_id: `mid-${Math.random().toString(36).slice(2, 8)}` };
          id[field] = long(field, n);
          const r = await route.send(srv, org.runtime_key, id);
          const what = `${route.name}: ${field} of ${n}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`;
          assert.ok(r.status < 500, what);
          await srv.deps.fleet.settle(Date.now());
          const after = await counts(srv, org.org_id);
          if (route.hook || n <= MAX_IDENTITY_CHARS) {
            assert.ok(r.status === 200 || r.status === 201, what);
          } else {
            assert.equal(r.status, 400, what);
            assert.equal(r.body.code, 400, what);
            assert.equal(typeof r.body.message, 'string');
            assert.match(r.body.message, new RegExp(`${field}.*${MAX_IDENTITY_CHARS}`), what);
            assert.deepEqual(after, { workstations: 0, shield_events: 0, outbox: 0, posture_scans: 0 }, `${what}: refused but stored`);
          }
          for (const ws of await srv.deps.store.knex('workstations').where({ org_id: org.org_id }).select('hostname', 'machine_id')) {
            assert.ok(ws.hostname.length <= MAX_IDENTITY_CHARS && (ws.machine_id ?? '').length <= MAX_IDENTITY_CHARS, what);
          }
        }
      }
    });
  }

  test('a hook identity over the bound is cut deterministically: the same machine is one workstation, two machines are two', async () => {
    const org = await srv.newOrg('enterprise');
    const a = long('same-prefix', 5000);
    const b = `${a.slice(0, 4000)}${'y'.repeat(1000)}`;
    for (const hostname of [a, a, b]) {
      const r = await srv.call('POST', '/api/v1/claude-code/evaluate', { key: org.runtime_key, body: shellPayload('claude-code', 'ls'), headers: { 'x-hostname': hostname } });
      assert.equal(r.status, 200);
    }
    await srv.deps.fleet.settle(Date.now());
    const rows = await srv.deps.store.knex('workstations').where({ org_id: org.org_id }).select('hostname');
    assert.equal(rows.length, 2, JSON.stringify(rows.map((r) => r.hostname.slice(-30))));
  });
});
