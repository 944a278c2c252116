// Every CLI command that talks to our API, run as a user runs it, against a real server process
// on the store of SERVICE_TEST_STORE. A fake server proves nothing about what the real one
// accepts (issue #18: doctor and posture --upload were green against a fake and failed against
// the real server), so fakes are kept for faults only (packages/cli/test).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';

interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
}
import { createServer, request, type Server } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshStore, startServerProcess, storeKnex, type ServerProcess } from '../bench/support.js';
import { TEST_STORE } from '../packages/server/test/support/harness.js';

const ROOT = join(fileURLToPath(import.meta.url), '..', '..');
const SERVICE = join(ROOT, 'bin', 'service');
const GATEWAY = join(ROOT, 'bin', 'service-mcp-gateway');
const MACHINE = 'cli-real-machine';

/**
 * A pass-through proxy in front of the real server that keeps every 400 and 422 it answers: a
 * CLI request whose query or body the server's schema refuses. The suite fails on any of them
 * (the check that would have caught `?source=cli` and `"source":"cli"`).
 */
async function schemaGuard(target: string): Promise<{ url: string; refused: string[]; close(): Promise<void> }> {
  const refused: string[] = [];
  const upstream = new URL(target);
  const proxy: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const out = request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        const back: Buffer[] = [];
        answer.on('data', (c: Buffer) => back.push(c));
        answer.on('end', () => {
          const text = Buffer.concat(back);
          if (answer.statusCode === 400 || answer.statusCode === 422) refused.push(`${req.method} ${req.url} ${body.toString('utf8').slice(0, 300)} → ${answer.statusCode} ${text.toString('utf8').slice(0, 300)}`);
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          res.end(text);
        });
      });
      out.on('error', () => {
        res.writeHead(502);
        res.end();
      });
      out.end(body);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const port = (proxy.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}`, refused, close: () => new Promise((resolve) => proxy.close(() => resolve())) };
}

describe('CLI commands against a real server', () => {
  let store: Awaited<ReturnType<typeof freshStore>>;
  let real: ServerProcess;
  let guard: Awaited<ReturnType<typeof schemaGuard>>;
  // What the CLI talks to: the real server behind the schema guard.
  let server: { url: string; adminKey: string; runtimeKey: string };
  let home: string;
  let env: NodeJS.ProcessEnv;

  before(async () => {
    store = await freshStore(TEST_STORE);
    real = await startServerProcess(store.env);
    guard = await schemaGuard(real.url);
    server = { url: guard.url, adminKey: real.adminKey, runtimeKey: real.runtimeKey };
    home = mkdtempSync(join(tmpdir(), 'svc-cli-real-'));
    mkdirSync(join(home, '.claude', 'skills', 'deploy'), { recursive: true });
    writeFileSync(join(home, '.claude', 'skills', 'deploy', 'SKILL.md'), '# Deploy\nrm -rf build\n');
    writeFileSync(join(home, '.claude.json'), JSON.stringify({ mcpServers: { files: { command: 'npx', args: ['files-mcp'] } } }));
    env = { ...process.env, HOME: home, USERPROFILE: home, SERVICE_NO_KEYCHAIN: '1', SERVICE_MACHINE_ID: MACHINE, SERVICE_HOOK_TIMEOUT_MS: '3000', NO_COLOR: '1' };
    for (const k of ['SERVICE_URL', 'SERVICE_API_KEY', 'SERVICE_ADMIN_KEY']) delete env[k];
  });
  after(async () => {
    await guard.close();
    await real.stop();
    await store.drop();
    rmSync(home, { recursive: true, force: true });
  });

  // Asynchronous: the schema guard answers from this process, so the test must not block it.
  const run = (bin: string, args: string[], input?: string, extra: NodeJS.ProcessEnv = {}): Promise<Ran> =>
    new Promise((resolve) => {
      const child = spawn(process.execPath, [bin, ...args], { env: { ...env, ...extra }, stdio: ['pipe', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      child.on('close', (status) => {
        clearTimeout(timer);
        resolve({ status, stdout, stderr });
      });
      child.stdin.end(input ?? '');
    });
  const service = (args: string[], input?: string, extra?: NodeJS.ProcessEnv) => run(SERVICE, args, input, extra);
  const admin = (args: string[], input?: string) => service(args, input, { SERVICE_URL: server.url, SERVICE_ADMIN_KEY: server.adminKey });
  const json = (r: Ran) => {
    assert.equal(r.status, 0, `exit ${r.status}: ${r.stderr}`);
    return JSON.parse(r.stdout);
  };

  test('install-hooks then doctor: a correct install exits 0 with every check passing', async () => {
    const installed = await service(['install-hooks', '--surface', 'claude-code', '--scope', 'user', '--server', server.url, '--key-stdin', '--json'], server.runtimeKey);
    assert.equal(installed.status, 0, installed.stderr);
    assert.doesNotMatch(installed.stderr, /warning|Unknown source/i, 'the key check passes quietly');
    const doctor = await service(['doctor', '--json']);
    const doc = JSON.parse(doctor.stdout);
    assert.equal(doctor.status, 0, JSON.stringify(doc.checks.filter((c: { status: string }) => c.status === 'problem')));
    assert.equal(doc.ok, true);
    assert.equal(doc.checks.find((c: { name: string }) => c.name === 'key_valid')?.status, 'ok');
  });

  test('doctor with a revoked-looking key says the key is refused and exits 1', async () => {
    const r = await service(['doctor', '--json'], '', { SERVICE_API_KEY: 'sk_live_not_a_real_key_000000000000' });
    assert.equal(r.status, 1);
    assert.equal(JSON.parse(r.stdout).checks.find((c: { name: string }) => c.name === 'key_valid')?.status, 'problem');
  });

  test('posture --upload stores a scan the server accepted', async () => {
    const r = await service(['posture', '--json', '--upload']);
    const doc = json(r);
    assert.ok(doc.uploaded, 'the answer of the upload is shown');
    const knex = storeKnex(store.env);
    try {
      const rows = await knex('posture_scans').select('source', 'score', 'grade');
      assert.equal(rows.length, 1);
      assert.equal(rows[0].source, 'workstation');
      assert.equal(Number(rows[0].score), doc.score);
    } finally {
      await knex.destroy();
    }
  });

  test('scan-inventory registers the machine with its skills and MCP servers, and prints a one-line summary', async () => {
    const r = await run(GATEWAY, ['scan-inventory'], JSON.stringify({ session_id: 'cli-real-session', cwd: home, hook_event_name: 'SessionStart' }));
    assert.equal(r.status, 0, r.stderr);
    const summary = await run(GATEWAY, ['scan-inventory'], '');
    assert.equal(summary.status, 0, summary.stderr);
    assert.match(summary.stdout, /^Reported \S+: 1 skill\(s\), 1 MCP server\(s\), 0 plugin\(s\) to http:\/\/\S+\.\n$/);
    const quiet = await run(GATEWAY, ['scan-inventory', '--quiet'], '');
    assert.equal(quiet.status, 0, quiet.stderr);
    assert.equal(quiet.stdout, '');
    const fleet = json(await admin(['fleet', 'ls', '--json']));
    assert.equal(fleet.workstations.length, 1);
    const skills = json(await admin(['skills', 'ls', '--json']));
    assert.ok(JSON.stringify(skills).includes('deploy'));
    const mcp = json(await admin(['mcp', 'ls', '--json']));
    assert.ok(JSON.stringify(mcp).includes('files'));
  });

  test('fleet ls / show / rm (show by hostname, rm with --yes)', async () => {
    const fleet = json(await admin(['fleet', 'ls', '--json']));
    const host = fleet.workstations[0];
    const plain = await admin(['fleet', 'ls']);
    assert.equal(plain.status, 0, plain.stderr);
    assert.ok(plain.stdout.includes(host.hostname));
    // The table fits the terminal; --columns, --sort and --csv.
    for (const width of [60, 80, 200]) {
      const table = await service(['fleet', 'ls'], '', { SERVICE_URL: server.url, SERVICE_ADMIN_KEY: server.adminKey, COLUMNS: String(width) });
      assert.equal(table.status, 0, table.stderr);
      for (const line of table.stdout.trimEnd().split('\n')) assert.ok([...line].length <= Math.max(width, 40), `${width}: ${JSON.stringify(line)}`);
    }
    const chosen = await admin(['fleet', 'ls', '--columns', 'workstation,risk', '--sort', '-last-seen']);
    assert.equal(chosen.status, 0, chosen.stderr);
    assert.match(chosen.stdout, /^WORKSTATION\s+RISK\n/);
    const csv = await admin(['fleet', 'ls', '--csv', '--columns', 'workstation,status,last-seen']);
    assert.equal(csv.status, 0, csv.stderr);
    assert.deepEqual(csv.stdout.split('\n')[0], 'workstation,status,last-seen');
    assert.ok(csv.stdout.split("\n")[1].startsWith(host.display_name ?? host.hostname), csv.stdout);
    const badColumn = await admin(['fleet', 'ls', '--columns', 'nope']);
    assert.notEqual(badColumn.status, 0);
    assert.match(badColumn.stderr, /Unknown column "nope"; columns: status, workstation/);
    const shown = json(await admin(['fleet', 'show', host.id, '--json']));
    assert.equal(shown.workstation.id, host.id);
    const removed = json(await admin(['fleet', 'rm', host.id, '--yes', '--json']));
    assert.equal(removed.deleted, true);
    assert.equal(json(await admin(['fleet', 'ls', '--json'])).workstations.length, 0);
  });

  test('policy show, keys create / ls / revoke, webhooks add / ls / rm', async () => {
    const policy = json(await admin(['policy', 'show', '--json']));
    assert.ok(policy && typeof policy === 'object');
    const key = json(await admin(['keys', 'create', '--kind', 'runtime', '--name', 'e2e', '--json']));
    assert.match(key.key, /\S{16,}/);
    const keys = json(await admin(['keys', 'ls', '--json']));
    assert.ok(JSON.stringify(keys).includes(key.id));
    const revoked = json(await admin(['keys', 'revoke', key.id, '--json']));
    assert.equal(revoked.id, key.id);
    const hook = json(await admin(['webhooks', 'add', '--url', 'https://hooks.example.com/svc', '--events', 'activity.blocked', '--json']));
    assert.ok(hook.id && hook.secret);
    assert.ok(JSON.stringify(json(await admin(['webhooks', 'ls', '--json']))).includes(hook.id));
    const gone = json(await admin(['webhooks', 'rm', hook.id, '--json']));
    assert.equal(gone.id, hook.id);
  });

  test('login takes the server from SERVICE_URL and the key from stdin; later admin commands use it', async () => {
    const r = await service(['login', '--json'], server.adminKey, { SERVICE_URL: server.url });
    const doc = json(r);
    assert.equal(doc.server_url, server.url);
    const creds = readFileSync(join(home, '.service', 'credentials'), 'utf8');
    assert.ok(creds.length > 0);
    const keys = await service(['keys', 'ls', '--json']);
    assert.equal(keys.status, 0, keys.stderr);
  });

  test('uninstall-hooks removes the hooks and tells the fleet', async () => {
    // The machine was removed above; a new check-in brings it back before the uninstall.
    assert.equal((await run(GATEWAY, ['scan-inventory', '--quiet'], '')).status, 0);
    const r = await service(['uninstall-hooks', '--surface', 'claude-code', '--json']);
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout).reported_to_fleet, ['claude-code']);
    const host = json(await admin(['fleet', 'ls', '--json'])).workstations[0];
    const detail = json(await admin(['fleet', 'show', host.id, '--json']));
    assert.match(JSON.stringify(detail), /"uninstall"/, 'the host detail shows the uninstall as its last lifecycle event');
    const file = join(home, '.claude', 'settings.json');
    // install-hooks created the file, so uninstall removes it; otherwise no hook of ours may be left.
    assert.ok(!existsSync(file) || !readFileSync(file, 'utf8').includes('api/v1'), 'no hook of ours is left');
  });

  test('no CLI request above used a query or body value the server refuses (400/422)', async () => {
    assert.deepEqual(guard.refused, []);
  });

  test('version --json is one JSON document', async () => {
    const doc = json(await service(['version', '--json']));
    assert.equal(typeof doc.version, 'string');
  });
});
