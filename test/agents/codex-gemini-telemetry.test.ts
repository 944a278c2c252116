// Codex and Gemini CLI exporting their own OTLP telemetry to our server (issue #20), offline:
// `service install-hooks --surface <agent> --telemetry`, the real CLI against its stand-in
// model API, and usage-costs showing the tokens under this machine's workstation and the
// session. Codex exports logs over http/protobuf (its otlp-http exporter, protocol "binary");
// Gemini CLI's "http" exporter sends JSON, plus traces to the same base.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { geminiStandIn } from './stand-ins/gemini-generate.js';
import { openaiResponsesStandIn } from './stand-ins/openai-responses.js';
import type { StandIn } from './stand-ins/base.js';
import { agentEnv, describeRun, ensureAgent, runBounded } from './support/agents.js';
import { expectedIdentity, startService, workstations, type LiveService } from './support/service.js';
import { Workstation } from './support/workstation.js';
import { telemetryOf } from '../../packages/server/src/routes/v1/otlp.js';

const RUN_TIMEOUT_MS = 120_000;

async function waitForTokens(svc: LiveService, source: string): Promise<any[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const rows = await svc.srv.deps.store.knex('otlp_events').where({ org_id: svc.orgId, source });
    if (rows.some((r: any) => Number(r.input_tokens) > 0)) return rows;
    if (Date.now() > deadline) assert.fail(`no ${source} record with tokens arrived: ${JSON.stringify(rows.map((r: any) => r.event_name))}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function assertUsage(svc: LiveService, ws: Workstation, rows: any[]) {
  // Reads map records that arrived before the workstation registered.
  const health = await svc.srv.call('GET', '/api/v1/otlp/setup-health', { key: svc.adminKey });
  assert.equal(health.body.stats.mapped_pct, 100, JSON.stringify(health.body.stats));
  const identity = await expectedIdentity(ws.home);
  const [workstation] = await workstations(svc);
  assert.equal(workstation.hostname, identity.hostname);
  const usage = await svc.srv.call('GET', '/api/v1/otlp/usage-costs?days=1', { key: svc.adminKey });
  const tokens = rows.reduce((n, r) => n + Number(r.input_tokens), 0);
  assert.equal(usage.body.summary.input_tokens, tokens);
  const sessions = usage.body.users.flatMap((u: any) => u.sessions);
  assert.ok(sessions.length >= 1);
  for (const s of sessions) {
    assert.equal(s.workstation_id, workstation.id);
    assert.equal(s.hostname, identity.hostname);
    assert.ok(s.session_id);
  }
  // install-hooks --telemetry names the person in an X-Service-User header (the OS account).
  const users = usage.body.users.map((u: any) => u.user);
  assert.equal(users.length, 1);
  assert.notEqual(users[0], '(unattributed)');
  return { tokens, users };
}

describe('Codex (real CLI) exporting OTLP telemetry', { concurrency: false }, () => {
  let model: StandIn;
  let svc: LiveService;
  let ws: Workstation;
  before(async () => {
    model = await openaiResponsesStandIn().start();
    svc = await startService();
    ws = new Workstation('codex-otel');
    ws.write('.codex/config.toml', ['model = "gpt-5.1-codex"', 'model_provider = "standin"', 'approval_policy = "never"', 'sandbox_mode = "danger-full-access"', 'check_for_update_on_startup = false', '', '[analytics]', 'enabled = false', '', '[model_providers.standin]', 'name = "Stand-in"', `base_url = "${model.url}/v1"`, 'env_key = "STANDIN_API_KEY"', 'wire_api = "responses"', ''].join('\n'));
  });
  after(async () => {
    await model?.close();
    await svc?.close();
    ws?.cleanup();
  });

  test('logs arrive over http/protobuf and usage-costs shows the tokens under the workstation and session', async () => {
    const { bin } = await ensureAgent('codex');
    await ws.service(['install-hooks', '--surface', 'codex', '--scope', 'user', '--server', svc.url, '--key-stdin', '--telemetry'], { input: `${svc.runtimeKey}\n` });
    model.reset('echo codex-telemetry');
    const run = await runBounded(bin, ['exec', '--skip-git-repo-check', 'run the command'], { cwd: ws.project, env: agentEnv(ws.home, { STANDIN_API_KEY: 'stand-in-key' }), timeoutMs: RUN_TIMEOUT_MS });
    assert.equal(run.code, 0, describeRun('codex failed', run));
    const rows = await waitForTokens(svc, 'codex');
    assert.ok(telemetryOf(svc.srv.deps).stats.byEncoding.protobuf > 0);
    assert.ok(rows.some((r) => r.event_name === 'tool_decision'), JSON.stringify(rows.map((r) => r.event_name)));
    const r = await assertUsage(svc, ws, rows);
    console.log(`codex telemetry: ${rows.length} records, input tokens ${r.tokens}, users ${r.users.join(', ')}`);
  });
});

describe('Gemini CLI (real CLI) exporting OTLP telemetry', { concurrency: false }, () => {
  let model: StandIn;
  let svc: LiveService;
  let ws: Workstation;
  before(async () => {
    model = await geminiStandIn().start();
    svc = await startService();
    ws = new Workstation('gemini-otel');
    ws.write('.gemini/settings.json', `${JSON.stringify({ security: { auth: { selectedType: 'gemini-api-key' } }, privacy: { usageStatisticsEnabled: false }, general: { enableAutoUpdate: false, enableAutoUpdateNotification: false } }, null, 2)}\n`);
  });
  after(async () => {
    await model?.close();
    await svc?.close();
    ws?.cleanup();
  });

  test('logs arrive over http/json and usage-costs shows the tokens under the workstation and session', async () => {
    const { bin } = await ensureAgent('gemini-cli');
    await ws.service(['install-hooks', '--surface', 'gemini', '--scope', 'user', '--server', svc.url, '--key-stdin', '--telemetry'], { input: `${svc.runtimeKey}\n` });
    model.reset('echo gemini-telemetry');
    const env = agentEnv(ws.home, { GOOGLE_GEMINI_BASE_URL: model.url, GEMINI_API_KEY: 'stand-in-key', GEMINI_CLI_TRUST_WORKSPACE: 'true' });
    // The suite's quiet environment turns Gemini telemetry off; this test is about telemetry.
    delete env.GEMINI_TELEMETRY_ENABLED;
    const run = await runBounded(bin, ['-p', 'run the command', '--yolo', '-m', 'gemini-2.5-flash'], { cwd: ws.project, env, timeoutMs: RUN_TIMEOUT_MS });
    assert.equal(run.code, 0, describeRun('gemini failed', run));
    assert.doesNotMatch(run.stderr, /otlp\/v1\/(traces|metrics|logs)/, 'an exporter reported an error from our endpoint');
    const rows = await waitForTokens(svc, 'gemini');
    assert.ok(telemetryOf(svc.srv.deps).stats.byEncoding.json > 0);
    assert.ok(rows.some((r) => r.event_name === 'api_response'), JSON.stringify(rows.map((r) => r.event_name)));
    assert.ok(rows.every((r) => r.prompt === null), 'prompt text stored although logPrompts is off');
    const r = await assertUsage(svc, ws, rows);
    console.log(`gemini telemetry: ${rows.length} records, input tokens ${r.tokens}, users ${r.users.join(', ')}`);
  });
});
