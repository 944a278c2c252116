// SQLite checkpoints run on a thread of their own (store/checkpoint-thread.ts): committed pages
// reach service.db without any commit of the writer, or the event loop's connection, doing it.
// The behaviour is SQLite's own, so this file runs on SQLite in both suite runs; on MySQL the
// store has no checkpointer.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { Knex } from 'knex';
import { openStore, type Store } from '../src/store/index.js';
import { sqliteFile, WRITER_CHECKPOINT_BACKSTOP_PAGES } from '../src/store/connection.js';
import { freshStoreTarget, storeTargetOf, TEST_STORE, type TestTarget } from './support/harness.js';

async function until(what: string, check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) assert.fail(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('SQLite checkpoints off the commit path', () => {
  let target: TestTarget;
  let store: Store;
  let file: string;
  let written = 0;
  const writeRows = async (n: number) => {
    const rows = Array.from({ length: n }, () => ({ id: `r${written++}`, body: 'x'.repeat(800) }));
    // Many callers at once, as hook calls arrive: the group-commit writer batches them.
    await Promise.all(rows.map((row) => store.writer.write([{ table: 'cp_rows', rows: [row] }])));
  };

  before(async () => {
    target = await freshStoreTarget('sqlite');
    const storeTarget = storeTargetOf(target.env);
    store = await openStore(storeTarget);
    file = sqliteFile(storeTarget);
    await store.knex.schema.createTable('cp_rows', (t: Knex.CreateTableBuilder) => {
      t.string('id', 40).primary();
      t.text('body').notNullable();
    });
  });
  after(async () => {
    await store.close();
    await target.cleanup();
  });

  test('the event loop connection never checkpoints; the writer only past a far-off backstop', async () => {
    const [knexSetting] = await store.knex.raw('PRAGMA wal_autocheckpoint');
    assert.equal(knexSetting.wal_autocheckpoint, 0);
    assert.ok(WRITER_CHECKPOINT_BACKSTOP_PAGES >= 10 * 1000, 'the backstop is far past SQLite’s default of 1,000 pages');
  });

  test('the checkpoint thread copies committed pages into service.db', async () => {
    const sizeBefore = statSync(file).size;
    const pagesBefore = store.checkpointer!.stats.pagesCheckpointed;
    await writeRows(3000); // about 3 MB of WAL, far below the writer's backstop
    await until('pages were checkpointed', () => store.checkpointer!.stats.pagesCheckpointed > pagesBefore + 500);
    assert.ok(statSync(file).size > sizeBefore + 2_000_000, `service.db grew from ${sizeBefore} to ${statSync(file).size} bytes`);
  });

  test('a checkpoint thread that dies is started again, and checkpoints go on', async () => {
    const checkpointer = store.checkpointer!;
    await checkpointer.terminate();
    await until('the thread was restarted', () => checkpointer.stats.restarts === 1);
    const pagesBefore = checkpointer.stats.pagesCheckpointed;
    await writeRows(500);
    await until('checkpoints resumed', () => checkpointer.stats.pagesCheckpointed > pagesBefore);
  });

  test('after close every committed row is in service.db', async () => {
    await store.close();
    const db = new Database(file, { readonly: true });
    try {
      const row = db.prepare('SELECT COUNT(*) AS n FROM cp_rows').get() as { n: number };
      assert.equal(row.n, written);
    } finally {
      db.close();
    }
  });
});

describe(`the store's checkpointer (${TEST_STORE})`, () => {
  test(TEST_STORE === 'sqlite' ? 'SQLite has one' : 'MySQL has none: InnoDB checkpoints on its own', async () => {
    const target = await freshStoreTarget();
    const store = await openStore(storeTargetOf(target.env));
    try {
      assert.equal(store.checkpointer !== null, TEST_STORE === 'sqlite');
    } finally {
      await store.close();
      await target.cleanup();
    }
  });
});
