// The CLI's state: server URL, runtime and admin keys, machine identity, all under HOME.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  maskKey,
  machineIdentity,
  normalizeServerUrl,
  resolveAdminKey,
  resolveRuntimeKey,
  resolveRuntimeKeyWithSource,
  resolveServerUrl,
  storeAdminLogin,
  storeRuntimeKey,
  storeServerUrl,
} from '../src/config/index.js';
import { makeFixture, read, TEST_KEY } from './workstation-fixtures.js';

const modeOf = (p: string) => statSync(p).mode & 0o777;

test('storeRuntimeKey writes ~/.service-plugin/api_key with mode 0600 in a 0700 directory', () => {
  const fx = makeFixture();
  const path = storeRuntimeKey(`  ${TEST_KEY}\n`, fx.env);
  assert.equal(path, join(fx.home, '.service-plugin', 'api_key'));
  assert.equal(read(path), `${TEST_KEY}\n`);
  assert.equal(modeOf(path), 0o600);
  assert.equal(modeOf(join(fx.home, '.service-plugin')), 0o700);
  assert.equal(resolveRuntimeKey(fx.env), TEST_KEY);
});

test('runtime key order: SERVICE_API_KEY, then the spec key file, then the plugin data directory', () => {
  const fx = makeFixture();
  const pluginData = join(fx.root, 'plugin-data');
  mkdirSync(pluginData, { recursive: true });
  writeFileSync(join(pluginData, 'api_key'), 'svc_from_plugin_data_1234\n');
  const env = { ...fx.env, CLAUDE_PLUGIN_DATA: pluginData };
  assert.deepEqual(resolveRuntimeKeyWithSource(env), { key: 'svc_from_plugin_data_1234', source: `file:${join(pluginData, 'api_key')}` });
  storeRuntimeKey(TEST_KEY, env);
  assert.equal(resolveRuntimeKey(env), TEST_KEY);
  assert.equal(resolveRuntimeKey({ ...env, SERVICE_API_KEY: 'svc_from_env_123456' }), 'svc_from_env_123456');
  assert.equal(resolveRuntimeKey(makeFixture().env), null);
});

test('a key with spaces or control characters is refused (it would land in headers and settings files)', () => {
  const fx = makeFixture();
  assert.throws(() => storeRuntimeKey('abc def ghi jkl', fx.env), /does not look like an API key/);
  assert.throws(() => storeRuntimeKey('short', fx.env), /does not look like an API key/);
});

test('admin login without a keychain goes to ~/.service/credentials (0600); SERVICE_ADMIN_KEY overrides', async () => {
  const fx = makeFixture();
  const stored = await storeAdminLogin('https://fleet.example.com/', 'svc_admin_key_abcdef123456', fx.env);
  assert.deepEqual(stored, { server_url: 'https://fleet.example.com', stored_in: join(fx.home, '.service', 'credentials') });
  assert.equal(modeOf(stored.stored_in), 0o600);
  assert.equal(modeOf(join(fx.home, '.service', 'config.json')), 0o600);
  assert.equal(await resolveAdminKey(fx.env), 'svc_admin_key_abcdef123456');
  assert.equal(resolveServerUrl(fx.env), 'https://fleet.example.com');
  assert.equal(await resolveAdminKey({ ...fx.env, SERVICE_ADMIN_KEY: 'svc_env_admin_99999' }), 'svc_env_admin_99999');
});

test('server URL: SERVICE_URL wins over the stored one; bad URLs are refused with a sentence', () => {
  const fx = makeFixture();
  storeServerUrl('https://stored.example.com/', fx.env);
  assert.equal(resolveServerUrl(fx.env), 'https://stored.example.com');
  assert.equal(resolveServerUrl({ ...fx.env, SERVICE_URL: 'http://127.0.0.1:8080/' }), 'http://127.0.0.1:8080');
  assert.equal(normalizeServerUrl('https://h.example.com/base/?q=1#x'), 'https://h.example.com/base');
  assert.throws(() => normalizeServerUrl('ftp://x'), /must start with https:\/\//);
  assert.throws(() => normalizeServerUrl('https://user:pw@x.example.com'), /must not contain a user name or password/);
  assert.throws(() => normalizeServerUrl('not a url'), /is not a URL/);
});

test('maskKey shows a prefix and the last four characters only', () => {
  assert.equal(maskKey('svc_rt_0123456789abcdef'), 'svc_…cdef');
  assert.equal(maskKey('abcdefghijklmnopqrstuvwxyz'), 'abcd…wxyz');
  assert.equal(maskKey('short12'), '…12');
  assert.equal(maskKey(null), '(none)');
});

test('machine identity: stable, salted (not the raw OS id), overridable', async () => {
  const fx = makeFixture();
  const env = { ...fx.env, SERVICE_MACHINE_ID: '' };
  const a = await machineIdentity(env);
  const b = await machineIdentity({ ...env });
  assert.equal(a.machine_id, b.machine_id);
  assert.match(a.machine_id, /^[0-9a-f]{32}$/);
  try {
    const raw = read('/etc/machine-id').trim();
    assert.notEqual(a.machine_id, raw);
  } catch {
    // No /etc/machine-id here: the id was generated and persisted instead.
  }
  assert.equal((await machineIdentity({ ...env, SERVICE_MACHINE_ID: 'mdm-asset-42' })).machine_id, 'mdm-asset-42');
});

test('machine identity on a platform without an OS id is generated once and persisted 0600', async () => {
  const fx = makeFixture();
  const env = { ...fx.env, SERVICE_MACHINE_ID: '' };
  const first = await machineIdentity(env, 'aix');
  const second = await machineIdentity({ ...env }, 'aix');
  assert.equal(first.machine_id, second.machine_id);
  const file = join(fx.home, '.service', 'machine-id');
  assert.equal(read(file).trim(), first.machine_id);
  assert.equal(modeOf(file), 0o600);
});
