// One server per SQLite data directory (issue #15): the first server holds service.lock; a
// second server on the same directory exits non-zero naming the holder's pid; once the holder
// is killed with SIGKILL (its lock left behind) a new server takes the stale lock over and starts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServerProcess } from '../bench/support.js';

const ROOT = join(fileURLToPath(import.meta.url), '..', '..');

test('a second server on one SQLite data directory exits naming the holder; after kill -9 a new one starts', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-lock-'));
  const env = { SERVICE_DATA_DIR: dir };
  const cleanup: Array<() => Promise<void>> = [];
  try {
    const first = await startServerProcess(env);
    cleanup.push(first.stop);
    const lock = JSON.parse(readFileSync(join(dir, 'service.lock'), 'utf8'));
    assert.equal(lock.pid, first.child.pid);

    const second = spawnSync(process.execPath, [join(ROOT, 'bin', 'service'), 'server', 'start', '--port', '0'], {
      encoding: 'utf8',
      env: { ...process.env, ...env, PORT: '0', SERVICE_NO_BOOTSTRAP: '1' },
      timeout: 60_000,
    });
    assert.notEqual(second.status, 0, second.stdout + second.stderr);
    assert.match(second.stderr, new RegExp(`pid ${first.child.pid}\\b`));
    assert.match(second.stderr, /one server may run per SQLite data directory/);
    // The first server still answers: the second touched nothing.
    assert.equal((await fetch(`${first.url}/api/v1/me`, { headers: { authorization: `Bearer ${first.runtimeKey}` } })).status, 200);

    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    await exited;
    cleanup.length = 0; // killed: nothing to stop
    assert.ok(existsSync(join(dir, 'service.lock')), 'a killed server leaves its lock behind');

    const third = await startServerProcess(env);
    cleanup.push(third.stop);
    assert.equal(JSON.parse(readFileSync(join(dir, 'service.lock'), 'utf8')).pid, third.child.pid);
    // The new server serves the same store: the first server's key works there.
    assert.equal((await fetch(`${third.url}/api/v1/me`, { headers: { authorization: `Bearer ${first.runtimeKey}` } })).status, 200);
    await third.stop();
    assert.ok(!existsSync(join(dir, 'service.lock')), 'a clean stop removes the lock');
  } finally {
    for (const stop of cleanup) await stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
