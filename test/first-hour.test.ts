// The first hour of a new operator (issue #18), each against real processes: keys survive a busy
// port on the first start, the last admin key needs --force, a lost admin key can be recovered
// with store access, install-hooks refuses an admin key, a typo of our command gets a
// suggestion instead of the system's service, and NO_COLOR is obeyed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshStore, startServerProcess, storeKnex } from '../bench/support.js';
import { TEST_STORE } from '../packages/server/test/support/harness.js';

const ROOT = join(fileURLToPath(import.meta.url), '..', '..');
const SERVICE = join(ROOT, 'bin', 'service');
const run = (args: string[], env: Record<string, string | undefined> = {}, input = '') =>
  spawnSync(process.execPath, [SERVICE, ...args], { encoding: 'utf8', env: { ...process.env, SERVICE_NO_KEYCHAIN: '1', ...env }, input, timeout: 60_000 });

test('a busy port on the first start loses no key: the next start creates the organization and prints its keys', async () => {
  const store = await freshStore(TEST_STORE);
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const port = (blocker.address() as { port: number }).port;
  try {
    const busy = run(['server', 'start', '--json', '--port', String(port)], { ...store.env, SERVICE_LOG_LEVEL: 'warn' });
    assert.notEqual(busy.status, 0);
    assert.match(busy.stderr, new RegExp(`Port ${port} is already in use`));
    await new Promise<void>((resolve) => blocker.close(() => resolve()));
    const server = await startServerProcess(store.env, { PORT: String(port) });
    try {
      assert.match(server.adminKey, /^svc_adm_/, 'the first successful start still prints the keys');
      const me = await fetch(`${server.url}/api/v1/me`, { headers: { authorization: `Bearer ${server.adminKey}` } });
      assert.equal(me.status, 200);
    } finally {
      await server.stop();
    }
  } finally {
    if (blocker.listening) blocker.close();
    await store.drop();
  }
});

test('the last admin key needs --force; a lost admin key comes back through the store (admin create-key)', async () => {
  const store = await freshStore(TEST_STORE);
  let server = await startServerProcess(store.env);
  const home = mkdtempSync(join(tmpdir(), 'svc-first-hour-'));
  try {
    const env = { HOME: home, SERVICE_URL: server.url, SERVICE_ADMIN_KEY: server.adminKey };
    const keys = JSON.parse(run(['keys', 'ls', '--json'], env).stdout).keys as Array<{ id: string; kind: string }>;
    const admin = keys.find((k) => k.kind === 'admin')!;
    const refused = run(['keys', 'revoke', admin.id], env);
    assert.notEqual(refused.status, 0);
    assert.match(refused.stderr, /last active admin key.*--force/);
    assert.equal((await fetch(`${server.url}/api/v1/me`, { headers: { authorization: `Bearer ${server.adminKey}` } })).status, 200, 'still valid');

    const forced = run(['keys', 'revoke', admin.id, '--force', '--json'], env);
    assert.equal(forced.status, 0, forced.stderr);
    assert.equal((await fetch(`${server.url}/api/v1/admin/keys`, { headers: { authorization: `Bearer ${server.adminKey}` } })).status, 401);

    // Locked out: the operator with store access mints a new admin key (here with the server
    // stopped, which a one-server-per-data-directory lock requires), and it works.
    await server.stop();
    const recovered = run(['admin', 'create-key', '--kind', 'admin', '--json'], { ...store.env, HOME: home });
    assert.equal(recovered.status, 0, recovered.stderr);
    const key = JSON.parse(recovered.stdout);
    assert.match(key.key, /^svc_adm_/);
    server = await startServerProcess(store.env);
    const listed = await fetch(`${server.url}/api/v1/admin/keys`, { headers: { authorization: `Bearer ${key.key}` } });
    assert.equal(listed.status, 200);
  } finally {
    await server.stop();
    await store.drop();
    rmSync(home, { recursive: true, force: true });
  }
});

test('install-hooks refuses an admin key and writes nothing', () => {
  const home = mkdtempSync(join(tmpdir(), 'svc-first-hour-'));
  try {
    const r = run(['install-hooks', '--surface', 'gemini', '--server', 'http://127.0.0.1:9', '--key-stdin'], { HOME: home }, 'svc_adm_0123456789abcdef0123456789abcdef01234567');
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /admin key; hooks need a runtime key/);
    assert.equal(spawnSync('ls', ['-A', home], { encoding: 'utf8' }).stdout, '');
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('a near-miss of our command names gets a suggestion, not the system service', () => {
  const r = run(['flet', 'ls']);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /"flet" is not a command\. Did you mean `service fleet ls`\?/);
  assert.match(run(['instal-hooks']).stderr, /Did you mean `service install-hooks`/);
});

test('NO_COLOR turns colour off even where colour is forced', () => {
  const r = run(['doctor'], { HOME: mkdtempSync(join(tmpdir(), 'svc-nocolor-')), NO_COLOR: '1', FORCE_COLOR: '3', SERVICE_URL: undefined, SERVICE_API_KEY: undefined });
  assert.equal(r.status, 1, 'nothing is set up');
  assert.ok(r.stdout.length > 0);
  assert.doesNotMatch(r.stdout + r.stderr, /\x1b\[/);
});

test('last_used_at is recorded for a key that was used (coalesced, written at the latest at shutdown)', async () => {
  const store = await freshStore(TEST_STORE);
  const server = await startServerProcess(store.env);
  try {
    for (let i = 0; i < 3; i++) assert.equal((await fetch(`${server.url}/api/v1/me`, { headers: { authorization: `Bearer ${server.runtimeKey}` } })).status, 200);
  } finally {
    await server.stop();
  }
  const knex = storeKnex(store.env);
  try {
    const rows = await knex('api_keys').select('kind', 'last_used_at');
    const used = rows.find((r) => r.kind === 'runtime');
    const unused = rows.find((r) => r.kind === 'admin');
    assert.ok(used && Number(used.last_used_at) > Date.now() - 600_000, JSON.stringify(rows));
    assert.equal(unused?.last_used_at ?? null, null);
  } finally {
    await knex.destroy();
    await store.drop();
  }
});
