// service.db and its WAL/SHM files are owner-only (0600) even when the data directory already
// exists and the process umask would make them world-readable (issue #15).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../src/store/index.js';

const modeOf = (path: string) => statSync(path).mode & 0o777;

test('service.db, -wal and -shm are created 0600 in an existing directory', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-mode-'));
  chmodSync(dir, 0o755);
  const umask = process.umask(0o022);
  try {
    const store = await openStore({ databaseUrl: null, dataDir: dir });
    try {
      await store.knex.raw('select 1');
      for (const f of ['service.db', 'service.db-wal', 'service.db-shm']) assert.equal(modeOf(join(dir, f)).toString(8), '600', f);
    } finally {
      await store.close();
    }
  } finally {
    process.umask(umask);
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an existing world-readable service.db is narrowed to 0600', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-mode-'));
  try {
    writeFileSync(join(dir, 'service.db'), '');
    chmodSync(join(dir, 'service.db'), 0o644);
    const store = await openStore({ databaseUrl: null, dataDir: dir });
    await store.close();
    assert.equal(modeOf(join(dir, 'service.db')).toString(8), '600');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
