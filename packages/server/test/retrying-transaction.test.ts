// Request-path transactions are run again when MySQL picks them as a deadlock victim, and only
// then (store/retrying-transaction.ts). The deadlock is made on purpose: two transactions lock
// two rows in opposite orders; the one that changed fewer rows is InnoDB's victim.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Knex } from 'knex';
import { openStore, type Store } from '../src/store/index.js';
import { retryingTransaction } from '../src/store/retrying-transaction.js';
import { freshStoreTarget, storeTargetOf, TEST_STORE, type TestTarget } from './support/harness.js';

describe(`retrying transactions (${TEST_STORE})`, () => {
  let target: TestTarget;
  let store: Store;
  before(async () => {
    target = await freshStoreTarget();
    store = await openStore(storeTargetOf(target.env));
    await store.knex.schema.createTable('rt_rows', (t: Knex.CreateTableBuilder) => {
      t.string('id', 10).primary();
      t.integer('n').notNullable();
    });
    await store.knex('rt_rows').insert([
      { id: 'a', n: 0 },
      { id: 'b', n: 0 },
      ...Array.from({ length: 20 }, (_, i) => ({ id: `x${i}`, n: 0 })),
    ]);
  });
  after(async () => {
    await store.close();
    await target.cleanup();
  });

  test('an error that is not a deadlock is not retried', async () => {
    let runs = 0;
    await assert.rejects(
      retryingTransaction(store.knex, async (trx) => {
        runs++;
        await trx('rt_rows').insert({ id: 'a', n: 1 }); // duplicate key
      }),
    );
    assert.equal(runs, 1);
    assert.equal((await store.knex('rt_rows').where({ id: 'a' }).first('n')).n, 0);
  });

  test('a deadlock victim runs again and commits; the other side commits too', { skip: TEST_STORE !== 'mysql' && 'SQLite has one writer at a time: no deadlocks' }, async () => {
    const heavy = await store.knex.transaction();
    let runs = 0;
    try {
      // The heavy side changes many rows (so InnoDB keeps it), then holds row a.
      await heavy('rt_rows').where('id', 'like', 'x%').increment('n', 1);
      await heavy('rt_rows').where({ id: 'a' }).increment('n', 1);
      let lockedB!: () => void;
      const bLocked = new Promise<void>((resolve) => (lockedB = resolve));
      const light = retryingTransaction(store.knex, async (trx) => {
        runs++;
        await trx('rt_rows').where({ id: 'b' }).increment('n', 10);
        if (runs === 1) lockedB();
        await trx('rt_rows').where({ id: 'a' }).increment('n', 10); // waits for the heavy side
        return runs;
      });
      await bLocked;
      await new Promise((r) => setTimeout(r, 200)); // the light side is now waiting for row a
      await heavy('rt_rows').where({ id: 'b' }).increment('n', 1); // closes the cycle: deadlock
      await heavy.commit();
      assert.equal(await light, 2, 'the light side ran twice');
    } finally {
      if (!heavy.isCompleted()) await heavy.rollback();
    }
    const rows = Object.fromEntries((await store.knex('rt_rows').whereIn('id', ['a', 'b']).select('id', 'n')).map((r) => [r.id, Number(r.n)]));
    assert.deepEqual(rows, { a: 11, b: 11 });
  });
});
