// The workstation package as MDM ships it: `npm run pack:workstation` builds one tarball, which
// installs offline into an empty prefix with no server dependency; the installed `service` then
// works against a real server process (doctor exits 0, posture --upload stores a scan).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshStore, startServerProcess, storeKnex, type ServerProcess } from '../bench/support.js';
import { TEST_STORE } from '../packages/server/test/support/harness.js';

const ROOT = join(fileURLToPath(import.meta.url), '..', '..');

describe('workstation package installed from its one file', () => {
  let store: Awaited<ReturnType<typeof freshStore>>;
  let server: ServerProcess;
  let prefix: string;
  let home: string;
  let env: NodeJS.ProcessEnv;
  let tarball: string;

  before(async () => {
    const packed = spawnSync(process.execPath, [join(ROOT, 'scripts', 'pack-workstation.mjs')], { cwd: ROOT, env: { ...process.env, SERVICE_PACK_SKIP_BUILD: '1' }, encoding: 'utf8', timeout: 300_000 });
    assert.equal(packed.status, 0, packed.stderr);
    tarball = packed.stdout.trim().split('\n').pop() ?? '';
    assert.ok(existsSync(tarball), `the last line of stdout names the tarball: ${packed.stdout}`);
    prefix = mkdtempSync(join(tmpdir(), 'svc-ws-prefix-'));
    home = mkdtempSync(join(tmpdir(), 'svc-ws-pkg-home-'));
    // An empty npm cache and no registry: the install must need nothing but the file.
    const cache = mkdtempSync(join(tmpdir(), 'svc-ws-npm-cache-'));
    const installed = spawnSync('npm', ['install', '-g', '--offline', '--no-audit', '--no-fund', '--cache', cache, '--registry', 'http://127.0.0.1:9', '--prefix', prefix, tarball], { encoding: 'utf8', timeout: 300_000 });
    rmSync(cache, { recursive: true, force: true });
    assert.equal(installed.status, 0, installed.stderr);
    store = await freshStore(TEST_STORE);
    server = await startServerProcess(store.env);
    env = { PATH: process.env.PATH, HOME: home, SERVICE_NO_KEYCHAIN: '1', SERVICE_MACHINE_ID: 'ws-package-machine', NO_COLOR: '1' };
  });
  after(async () => {
    await server?.stop();
    await store?.drop();
    for (const dir of [prefix, home]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const installed = (bin: string, args: string[], input = '') => spawnSync(join(prefix, 'bin', bin), args, { env, input, encoding: 'utf8', timeout: 60_000 });

  test('both bins are installed, and npm ls shows no server dependency', () => {
    assert.ok(statSync(join(prefix, 'bin', 'service')).isFile());
    assert.ok(statSync(join(prefix, 'bin', 'service-mcp-gateway')).isFile());
    const ls = spawnSync('npm', ['ls', '-g', '--all', '--prefix', prefix], { encoding: 'utf8' });
    assert.match(ls.stdout, /service-workstation@/);
    for (const name of ['koa', 'knex', 'mysql2', 'better-sqlite3', '@service/server']) assert.doesNotMatch(ls.stdout, new RegExp(`[ ─]${name.replace('/', '\\/')}@`), `${name} is installed`);
    const version = installed('service', ['version', '--json']);
    assert.equal(JSON.parse(version.stdout).version, JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version);
    const serverCmd = installed('service', ['server', 'start']);
    assert.notEqual(serverCmd.status, 0);
    assert.match(serverCmd.stderr, /needs the server package/);
  });

  test('install-hooks, then doctor exits 0 and posture --upload stores a scan', async () => {
    const hooks = installed('service', ['install-hooks', '--surface', 'gemini', '--surface', 'claude-code', '--scope', 'user', '--server', server.url, '--key-stdin'], server.runtimeKey);
    assert.equal(hooks.status, 0, hooks.stderr);
    const gemini = readFileSync(join(home, '.gemini', 'settings.json'), 'utf8');
    assert.ok(!gemini.includes(ROOT), 'the hooks point into the installed package, not the checkout');
    const doctor = installed('service', ['doctor', '--json']);
    assert.equal(doctor.status, 0, doctor.stdout + doctor.stderr);
    const posture = installed('service', ['posture', '--upload', '--json']);
    assert.equal(posture.status, 0, posture.stderr);
    const knex = storeKnex(store.env);
    try {
      assert.equal((await knex('posture_scans').select('id')).length, 1);
    } finally {
      await knex.destroy();
    }
    const scan = installed('service-mcp-gateway', ['scan-inventory']);
    assert.equal(scan.status, 0, scan.stderr);
    assert.match(scan.stdout, /^Reported /);
  });
});
