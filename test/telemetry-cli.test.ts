// Telemetry from the CLI, end to end with the real `bin/service` and a real server process:
// `service telemetry health|costs` print the same figures as the API, and
// `install-hooks --telemetry` writes each agent's own telemetry settings next to the person's
// settings and `uninstall-hooks` gives the original files back byte for byte.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshStore, startServerProcess } from '../bench/support.js';
import { TEST_STORE } from '../packages/server/test/support/harness.js';

const ROOT = join(fileURLToPath(import.meta.url), '..', '..');
const SERVICE = join(ROOT, 'bin', 'service');
const run = (args: string[], env: Record<string, string> = {}, input?: string) =>
  spawnSync(process.execPath, [SERVICE, ...args], { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 60_000, input });

const kv = (o: Record<string, string | number>) => Object.entries(o).map(([key, v]) => ({ key, value: typeof v === 'number' ? { doubleValue: v } : { stringValue: v } }));

test('service telemetry health and costs --json show the same figures as the API', async () => {
  const store = await freshStore(TEST_STORE);
  const home = mkdtempSync(join(tmpdir(), 'svc-home-'));
  try {
    const created = run(['admin', 'create-org', '--name', 'Tele', '--plan', 'enterprise', '--json'], store.env);
    assert.equal(created.status, 0, created.stderr);
    const keys = JSON.parse(created.stdout);
    const server = await startServerProcess(store.env, { SERVICE_NO_BOOTSTRAP: '1' });
    try {
      const now = Date.now();
      const records = [0.25, 0.5].map((cost) => ({
        timeUnixNano: `${now}000000`,
        body: { stringValue: 'claude_code.api_request' },
        attributes: kv({ 'event.name': 'api_request', 'session.id': 'cli-sess', model: 'claude-x', input_tokens: 100, output_tokens: 10, cost_usd: cost }),
      }));
      const body = { resourceLogs: [{ resource: { attributes: kv({ 'service.name': 'claude-code', 'user.email': 'dana@example.com', 'host.name': 'cli-host' }) }, scopeLogs: [{ logRecords: records }] }] };
      const posted = await fetch(`${server.url}/api/v1/otlp/v1/logs`, { method: 'POST', headers: { authorization: `Bearer ${keys.runtime_key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      assert.equal(posted.status, 200);
      const env = { ...store.env, SERVICE_URL: server.url, SERVICE_ADMIN_KEY: keys.admin_key, HOME: home };
      const costs = run(['telemetry', 'costs', '--days', '2', '--json'], env);
      assert.equal(costs.status, 0, costs.stderr);
      const cli = JSON.parse(costs.stdout);
      const api = await (await fetch(`${server.url}/api/v1/otlp/usage-costs?days=2`, { headers: { authorization: `Bearer ${keys.admin_key}` } })).json();
      assert.deepEqual({ ...cli.summary, to: null, from: null }, { ...api.summary, to: null, from: null });
      assert.deepEqual(cli.users, api.users);
      assert.equal(cli.summary.cost_usd, 0.75);
      assert.equal(cli.users[0].user, 'dana@example.com');
      const human = run(['telemetry', 'costs', '--days', '2'], env);
      assert.equal(human.status, 0, human.stderr);
      assert.match(human.stdout, /\$0\.7500/);
      assert.match(human.stdout, /dana@example\.com/);
      assert.match(human.stdout, /cli-sess/);
      const health = run(['telemetry', 'health', '--json'], env);
      assert.equal(health.status, 0, health.stderr);
      const h = JSON.parse(health.stdout);
      assert.equal(h.health.receiving, true);
      assert.equal(h.setup_health.stats.total_events_sampled, 2);
      assert.equal(h.setup_health.stats.host_name_present_count, 2);
      const text = run(['telemetry', 'health'], env);
      assert.match(text.stdout, /receiving/);
      assert.match(text.stdout, /unknown_host/);
      // Not Enterprise: the CLI says why (the server's 403 message).
      const team = JSON.parse(run(['admin', 'create-org', '--name', 'Small', '--plan', 'team', '--json'], store.env).stdout);
      const refused = run(['telemetry', 'costs'], { ...env, SERVICE_ADMIN_KEY: team.admin_key });
      assert.notEqual(refused.status, 0);
      assert.match(refused.stderr, /Enterprise plan only/);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
    await store.drop();
  }
});

test('install-hooks --telemetry writes Claude Code env, Codex [otel] and Gemini telemetry; uninstall-hooks restores the originals', () => {
  const home = mkdtempSync(join(tmpdir(), 'svc-tele-home-'));
  try {
    const claude = `${JSON.stringify({ cleanupPeriodDays: 30, env: { MY_VAR: 'x' } }, null, 2)}\n`;
    const codex = 'model = "o4-mini"\n\n[tui]\nnotifications = true\n';
    const gemini = `${JSON.stringify({ theme: 'Default' }, null, 2)}\n`;
    mkdirSync(join(home, '.claude'), { recursive: true });
    mkdirSync(join(home, '.codex'), { recursive: true });
    mkdirSync(join(home, '.gemini'), { recursive: true });
    writeFileSync(join(home, '.claude', 'settings.json'), claude);
    writeFileSync(join(home, '.codex', 'config.toml'), codex);
    writeFileSync(join(home, '.gemini', 'settings.json'), gemini);
    const env = { HOME: home, CODEX_HOME: join(home, '.codex'), SERVICE_URL: '' };
    const key = 'svc_rt_' + 'k'.repeat(40);
    const args = ['install-hooks', '--surface', 'claude-code', '--surface', 'codex', '--surface', 'gemini', '--scope', 'user', '--server', 'http://127.0.0.1:9', '--key-stdin', '--telemetry'];
    const first = run(args, env, `${key}\n`);
    assert.equal(first.status, 0, first.stderr + first.stdout);
    const settings = JSON.parse(readFileSync(join(home, '.claude', 'settings.json'), 'utf8'));
    assert.equal(settings.cleanupPeriodDays, 30);
    assert.equal(settings.env.MY_VAR, 'x');
    assert.equal(settings.env.CLAUDE_CODE_ENABLE_TELEMETRY, '1');
    assert.equal(settings.env.OTEL_EXPORTER_OTLP_ENDPOINT, 'http://127.0.0.1:9/api/v1/otlp');
    assert.equal(settings.env.OTEL_EXPORTER_OTLP_PROTOCOL, 'http/protobuf');
    assert.match(settings.env.OTEL_EXPORTER_OTLP_HEADERS, new RegExp(`^Authorization=Bearer ${key},X-Hostname=[^,]+,X-Machine-Id=[^,]+,X-Service-User=[^,]+,`));
    assert.match(settings.env.OTEL_RESOURCE_ATTRIBUTES, /^host\.name=[^,]+,host\.id=/);
    assert.ok(settings.hooks.PreToolUse, 'the hooks are installed too');
    assert.equal(statSync(join(home, '.claude', 'settings.json')).mode & 0o777, 0o600);
    const toml = readFileSync(join(home, '.codex', 'config.toml'), 'utf8');
    assert.ok(toml.startsWith(codex.trimEnd()), toml);
    assert.match(toml, /\n\[otel\]\n/);
    assert.match(toml, /endpoint = "http:\/\/127\.0\.0\.1:9\/api\/v1\/otlp\/v1\/logs", protocol = "binary"/);
    assert.ok(toml.includes(`"Authorization" = "Bearer ${key}"`));
    assert.equal(statSync(join(home, '.codex', 'config.toml')).mode & 0o777, 0o600);
    const gem = JSON.parse(readFileSync(join(home, '.gemini', 'settings.json'), 'utf8'));
    assert.deepEqual(gem.telemetry, { enabled: true, target: 'local', otlpEndpoint: 'http://127.0.0.1:9/api/v1/otlp', otlpProtocol: 'http', logPrompts: false });
    assert.match(readFileSync(join(home, '.gemini', '.env'), 'utf8'), new RegExp(`OTEL_EXPORTER_OTLP_HEADERS="Authorization=Bearer ${key},`));
    // Idempotent: a second run changes nothing; --telemetry-protocol http/json switches the encoding.
    const snapshot = readFileSync(join(home, '.claude', 'settings.json'), 'utf8');
    assert.equal(run(args, env, `${key}\n`).status, 0);
    assert.equal(readFileSync(join(home, '.claude', 'settings.json'), 'utf8'), snapshot);
    assert.equal(run([...args, '--telemetry-protocol', 'http/json'], env, `${key}\n`).status, 0);
    assert.equal(JSON.parse(readFileSync(join(home, '.claude', 'settings.json'), 'utf8')).env.OTEL_EXPORTER_OTLP_PROTOCOL, 'http/json');
    assert.match(readFileSync(join(home, '.codex', 'config.toml'), 'utf8'), /protocol = "json"/);
    // Uninstall: the person's files come back byte for byte; the .env we created is gone.
    const un = run(['uninstall-hooks', '--surface', 'claude-code', '--surface', 'codex', '--surface', 'gemini', '--scope', 'user'], env);
    assert.equal(un.status, 0, un.stderr + un.stdout);
    assert.equal(readFileSync(join(home, '.claude', 'settings.json'), 'utf8'), claude);
    assert.equal(readFileSync(join(home, '.codex', 'config.toml'), 'utf8'), codex);
    assert.equal(readFileSync(join(home, '.gemini', 'settings.json'), 'utf8'), gemini);
    assert.equal(existsSync(join(home, '.gemini', '.env')), false);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('install-hooks --telemetry refuses to overwrite telemetry the person already exports elsewhere', () => {
  const home = mkdtempSync(join(tmpdir(), 'svc-tele-home-'));
  try {
    mkdirSync(join(home, '.claude'), { recursive: true });
    const mine = `${JSON.stringify({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otel.example.com' } }, null, 2)}\n`;
    writeFileSync(join(home, '.claude', 'settings.json'), mine);
    const r = run(['install-hooks', '--surface', 'claude-code', '--scope', 'user', '--server', 'http://127.0.0.1:9', '--key-stdin', '--telemetry'], { HOME: home, SERVICE_URL: '' }, `svc_rt_${'k'.repeat(40)}\n`);
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /already export telemetry to https:\/\/otel\.example\.com/);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});
