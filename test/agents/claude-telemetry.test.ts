// The published Claude Code CLI exporting its own OTLP telemetry to our server (issue #20):
// `service install-hooks --surface claude-code --telemetry` writes the env block, the real
// `claude -p` runs against the Anthropic Messages stand-in, and its exporter posts logs (and
// metrics) to /api/v1/otlp over http/protobuf, then over http/json after a re-install with
// --telemetry-protocol http/json. usage-costs shows the tokens and cost under this machine's
// workstation, the session and the person; setup-health reports the events as mapped.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { anthropicMessagesStandIn } from './stand-ins/anthropic-messages.js';
import type { StandIn } from './stand-ins/base.js';
import { agentEnv, describeRun, ensureAgent, runBounded } from './support/agents.js';
import { expectedIdentity, startService, workstations, type LiveService } from './support/service.js';
import { Workstation } from './support/workstation.js';
import { telemetryOf } from '../../packages/server/src/routes/v1/otlp.js';

const RUN_TIMEOUT_MS = 120_000;

describe('Claude Code (real CLI) exporting OTLP telemetry', { concurrency: false }, () => {
  let bin: string;
  let model: StandIn;
  let svc: LiveService;
  let ws: Workstation;
  let identity: { hostname: string; machine_id: string };

  const events = () => svc.srv.deps.store.knex('otlp_events').where({ org_id: svc.orgId }).orderBy('id');

  async function claude(): Promise<void> {
    model.reset('echo telemetry-run');
    const env = agentEnv(ws.home, { ANTHROPIC_BASE_URL: model.url, ANTHROPIC_API_KEY: 'sk-ant-stand-in', OTEL_LOGS_EXPORT_INTERVAL: '500', OTEL_METRIC_EXPORT_INTERVAL: '1000' });
    // The suite's quiet environment turns telemetry off; this test is about telemetry.
    delete env.DISABLE_TELEMETRY;
    const run = await runBounded(bin, ['-p', 'run the command', '--output-format', 'json', '--allowedTools', 'Bash'], { cwd: ws.project, env, timeoutMs: RUN_TIMEOUT_MS });
    assert.equal(run.timedOut, false, describeRun('claude timed out', run));
    assert.equal(run.code, 0, describeRun('claude failed', run));
  }

  async function waitForEvents(atLeast: number): Promise<any[]> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const rows = await events();
      if (rows.length >= atLeast && rows.some((r: any) => r.event_name === 'api_request')) return rows;
      if (Date.now() > deadline) assert.fail(`only ${rows.length} OTLP events arrived: ${JSON.stringify(rows.map((r: any) => r.event_name))}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  before(async () => {
    ({ bin } = await ensureAgent('claude-code'));
    model = await anthropicMessagesStandIn().start();
    svc = await startService();
    ws = new Workstation('claude-otel');
    ws.write('.claude/settings.json', `${JSON.stringify({ cleanupPeriodDays: 45 }, null, 2)}\n`);
  });

  after(async () => {
    await model?.close();
    await svc?.close();
    ws?.cleanup();
  });

  async function install(protocol: 'http/protobuf' | 'http/json') {
    await ws.service(['install-hooks', '--surface', 'claude-code', '--scope', 'user', '--server', svc.url, '--key-stdin', '--telemetry', '--telemetry-protocol', protocol], { input: `${svc.runtimeKey}\n` });
    const settings = JSON.parse(ws.read('.claude/settings.json'));
    assert.equal(settings.env.OTEL_EXPORTER_OTLP_PROTOCOL, protocol);
    assert.equal(settings.env.OTEL_EXPORTER_OTLP_ENDPOINT, `${svc.url}/api/v1/otlp`);
  }

  test('over http/protobuf: records arrive, mapped to this workstation, with tokens', async () => {
    await install('http/protobuf');
    identity = await expectedIdentity(ws.home);
    await claude();
    await waitForEvents(2);
    // Its SessionStart events can arrive before the SessionStart check-in registered the
    // workstation: the reads map those late, by host.
    const health = await svc.srv.call('GET', '/api/v1/otlp/setup-health', { key: svc.adminKey });
    assert.equal(health.status, 200);
    const rows = await events();
    const stats = telemetryOf(svc.srv.deps).stats;
    assert.ok(stats.byEncoding.protobuf > 0, JSON.stringify(stats));
    assert.equal(stats.byEncoding.json, 0);
    const [workstation] = await workstations(svc);
    assert.equal(workstation.hostname, identity.hostname);
    for (const r of rows) {
      assert.equal(r.source, 'claude-code');
      assert.equal(r.workstation_id, workstation.id, `record ${r.event_name} not mapped: ${JSON.stringify(r)}`);
      assert.ok(r.session_key, 'no session.id');
    }
    const api = rows.filter((r: any) => r.event_name === 'api_request');
    assert.ok(api.length >= 1);
    assert.ok(api.every((r: any) => Number(r.input_tokens) > 0 && Number(r.output_tokens) > 0), JSON.stringify(api));
  });

  test('over http/json after re-installing with --telemetry-protocol http/json', async () => {
    const before = (await events()).length;
    await install('http/json');
    await claude();
    await waitForEvents(before + 2);
    assert.ok(telemetryOf(svc.srv.deps).stats.byEncoding.json > 0, JSON.stringify(telemetryOf(svc.srv.deps).stats));
  });

  test('usage-costs shows the cost and tokens under the workstation, session and user; setup-health reports them mapped', async () => {
    const rows = await events();
    const api = rows.filter((r: any) => r.event_name === 'api_request');
    const sessions = [...new Set(api.map((r: any) => r.session_key))];
    assert.equal(sessions.length, 2, 'one session per run');
    const expectTokens = api.reduce((n: number, r: any) => n + Number(r.input_tokens), 0);
    const expectCost = api.reduce((n: number, r: any) => n + Number(r.cost_micros), 0) / 1e6;
    const usage = await svc.srv.call('GET', '/api/v1/otlp/usage-costs?days=1', { key: svc.adminKey });
    assert.equal(usage.status, 200);
    assert.equal(usage.body.summary.input_tokens, expectTokens);
    assert.equal(usage.body.summary.cost_usd, Math.round(expectCost * 1e6) / 1e6);
    assert.equal(usage.body.summary.workstations, 1);
    const [workstation] = await workstations(svc);
    // install-hooks --telemetry names the person (enduser.id, the OS account that installed).
    const resource = String(JSON.parse(ws.read('.claude/settings.json')).env.OTEL_RESOURCE_ATTRIBUTES);
    const expectedUser = decodeURIComponent(/enduser\.id=([^,]+)/.exec(resource)?.[1] ?? '');
    assert.ok(expectedUser, resource);
    assert.deepEqual(usage.body.users.map((u: any) => u.user), [expectedUser]);
    const perSession = usage.body.users[0].sessions;
    assert.deepEqual(perSession.map((s: any) => s.session_id).sort(), [...sessions].sort());
    for (const s of perSession) {
      assert.equal(s.hostname, identity.hostname);
      assert.equal(s.workstation_id, workstation.id);
      assert.ok(s.input_tokens > 0);
    }
    const health = await svc.srv.call('GET', '/api/v1/otlp/setup-health', { key: svc.adminKey });
    assert.equal(health.body.stats.mapped_pct, 100, JSON.stringify(health.body.stats));
    assert.equal(health.body.stats.host_name_present_pct, 100);
    assert.equal(health.body.stats.session_id_present_pct, 100);
    assert.deepEqual(health.body.stats.unmapped_identities, []);
    console.log(`claude telemetry: ${rows.length} records, ${api.length} api_request, input tokens ${expectTokens}, cost $${expectCost}, user ${expectedUser}`);
  });

  test('the figures the CLI prints are the API\'s', async () => {
    const cli = await ws.service(['telemetry', 'costs', '--days', '1', '--json'], { env: { SERVICE_URL: svc.url, SERVICE_ADMIN_KEY: svc.adminKey } });
    const api = await svc.srv.call('GET', '/api/v1/otlp/usage-costs?days=1', { key: svc.adminKey });
    const printed = JSON.parse(cli.stdout);
    assert.deepEqual(printed.users, api.body.users);
  });

  test('uninstall-hooks restores the settings file', async () => {
    await ws.service(['uninstall-hooks', '--surface', 'claude-code', '--scope', 'user']);
    assert.deepEqual(JSON.parse(ws.read('.claude/settings.json')), { cleanupPeriodDays: 45 });
  });
});
