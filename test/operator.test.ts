// The operator CLI end to end: the real `bin/service` and a real server process.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshStore, startServerProcess } from '../bench/support.js';
import { TEST_STORE } from '../packages/server/test/support/harness.js';

const ROOT = join(fileURLToPath(import.meta.url), '..', '..');
const SERVICE = join(ROOT, 'bin', 'service');
const SYSTEM_SERVICE = ['/usr/sbin/service', '/sbin/service'].find((p) => existsSync(p));

const run = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [SERVICE, ...args], { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 60_000 });

test('an unknown first argument is handed to the system service unchanged', { skip: SYSTEM_SERVICE ? false : 'no system service command here' }, () => {
  const args = ['svc-test-no-such-unit', 'status'];
  const ours = run(args);
  const system = spawnSync(SYSTEM_SERVICE!, args, { encoding: 'utf8' });
  assert.equal(ours.status, system.status);
  assert.equal(ours.stdout, system.stdout);
  assert.equal(ours.stderr, system.stderr);
  assert.match(ours.stdout + ours.stderr, /svc-test-no-such-unit/);
});

test('our own commands are not handed over', () => {
  const help = run(['--help']);
  assert.equal(help.status, 0);
  assert.match(help.stdout, /install-hooks/);
  assert.match(help.stdout, /fleet/);
});

test('every topic has a description of its own, not the first command\'s, in --help and in the topic\'s help', () => {
  const help = run(['--help']);
  assert.equal(help.status, 0, help.stderr);
  const topics = help.stdout.split('\nTOPICS\n')[1]?.split('\nCOMMANDS\n')[0] ?? '';
  const names = [...topics.matchAll(/^  ([a-z-]+) {2,}/gm)].map((m) => m[1]);
  assert.ok(names.length >= 10, `topics listed: ${names.join(', ')}`);
  for (const topic of names) {
    const own = run([topic, '--help']);
    assert.equal(own.status, 0, `${topic} --help: ${own.stderr}`);
    const description = own.stdout.split('\n')[0];
    // oclif falls back to the first command's description; a topic's own one is listed in its COMMANDS section nowhere.
    const commands = own.stdout.split('\nCOMMANDS\n')[1] ?? '';
    assert.ok(description.length > 0 && !commands.replace(/\s+/g, ' ').includes(description.replace(/\s+/g, ' ')), `${topic}: "${description}" is one of its commands' descriptions`);
  }
});

test('admin create-org prints keys that GET /api/v1/me accepts (plan team, role owner)', async () => {
  const store = await freshStore(TEST_STORE);
  try {
    const created = run(['admin', 'create-org', '--name', 'Acme', '--plan', 'team', '--owner-email', 'sec@acme.example', '--json'], store.env);
    assert.equal(created.status, 0, created.stderr);
    const keys = JSON.parse(created.stdout);
    assert.deepEqual(Object.keys(keys).sort(), ['admin_key', 'org_id', 'runtime_key']);
    const server = await startServerProcess(store.env, { SERVICE_NO_BOOTSTRAP: '1' });
    try {
      for (const key of [keys.runtime_key, keys.admin_key]) {
        const res = await fetch(`${server.url}/api/v1/me`, { headers: { authorization: `Bearer ${key}` } });
        assert.deepEqual(await res.json(), { role: 'owner', org_name: 'Acme', plan: 'team' });
      }
      // keys create / ls / revoke through the CLI with the admin key in the environment.
      const env = { ...store.env, SERVICE_URL: server.url, SERVICE_ADMIN_KEY: keys.admin_key, HOME: mkdtempSync(join(tmpdir(), 'svc-home-')) };
      const made = run(['keys', 'create', '--kind', 'runtime', '--name', 'mdm', '--json'], env);
      assert.equal(made.status, 0, made.stderr);
      const key = JSON.parse(made.stdout);
      assert.deepEqual(Object.keys(key).sort(), ['id', 'key']);
      const listed = JSON.parse(run(['keys', 'ls', '--json'], env).stdout);
      assert.ok(listed.keys.some((k: { id: string }) => k.id === key.id));
      assert.doesNotMatch(JSON.stringify(listed), new RegExp(key.key));
      assert.equal(run(['keys', 'revoke', key.id, '--json'], env).status, 0);
      const refused = await fetch(`${server.url}/api/v1/me`, { headers: { authorization: `Bearer ${key.key}` } });
      assert.equal(refused.status, 401);
      const bad = run(['keys', 'revoke', 'NOPE', '--json'], env);
      assert.notEqual(bad.status, 0);
      assert.match(bad.stderr, /No API key with id NOPE/);
      assert.equal(bad.stdout, '');
      rmSync(env.HOME, { recursive: true, force: true });
    } finally {
      await server.stop();
    }
  } finally {
    await store.drop();
  }
});

test('a bad configuration value stops the server with a sentence naming it', () => {
  const res = run(['server', 'start', '--port', '0'], { SERVICE_LOG_LEVEL: 'loud', SERVICE_DATA_DIR: mkdtempSync(join(tmpdir(), 'svc-cfg-')) });
  assert.notEqual(res.status, 0);
  assert.match(res.stderr, /SERVICE_LOG_LEVEL must be one of/);
});
