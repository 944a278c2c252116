// The group-commit writer on the real store: many concurrent writers share transactions,
// an acknowledged write is committed, and a bad row in the middle of a batch fails only its
// own caller, with nothing half-written.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Knex } from 'knex';
import { isUniqueViolation, openStore, GroupCommitWriter, type Store } from '../src/store/index.js';
import { toWireOps } from '../src/store/batch-insert.js';
import { WriterThread } from '../src/store/writer-client.js';
import { freshStoreTarget, storeTargetOf, TEST_STORE, type TestTarget } from './support/harness.js';

describe(`group commit (${TEST_STORE})`, () => {
  let target: TestTarget;
  let store: Store;
  before(async () => {
    target = await freshStoreTarget();
    store = await openStore(storeTargetOf(target.env));
    await store.knex.schema.createTable('gc_parent', (t: Knex.CreateTableBuilder) => {
      t.string('id', 40).primary();
      t.integer('n').notNullable();
    });
    await store.knex.schema.createTable('gc_child', (t: Knex.CreateTableBuilder) => {
      t.string('id', 40).primary();
      t.string('parent_id', 40).notNullable();
    });
  });
  after(async () => {
    await store.close();
    await target.cleanup();
  });

  test('2,000 concurrent writers are all committed, in far fewer transactions', async () => {
    const batchesBefore = store.writer.stats.batches;
    const writes = Array.from({ length: 2000 }, (_, i) =>
      store.writer.write([
        { table: 'gc_parent', rows: [{ id: `p${i}`, n: i }] },
        { table: 'gc_child', rows: [{ id: `c${i}`, parent_id: `p${i}` }] },
      ]),
    );
    await Promise.all(writes);
    const parents = await store.knex('gc_parent').where('id', 'like', 'p%').count<{ n: number }[]>({ n: '*' });
    const children = await store.knex('gc_child').where('id', 'like', 'c%').count<{ n: number }[]>({ n: '*' });
    assert.equal(Number(parents[0].n), 2000);
    assert.equal(Number(children[0].n), 2000);
    const batches = store.writer.stats.batches - batchesBefore;
    assert.ok(batches < 200, `expected batching, got ${batches} transactions for 2000 writes`);
  });

  test('a failing entry in the middle of a batch fails only its caller; nothing half-written', async () => {
    await store.writer.write([{ table: 'gc_parent', rows: [{ id: 'dup', n: 0 }] }]);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        store.writer.write(
          i === 25
            ? // Two rows: a fresh child and a duplicate parent key; neither may be stored.
              [
                { table: 'gc_child', rows: [{ id: 'bad-child', parent_id: 'dup' }] },
                { table: 'gc_parent', rows: [{ id: 'dup', n: 1 }] },
              ]
            : [{ table: 'gc_parent', rows: [{ id: `ok${i}`, n: i }] }],
        ),
      ),
    );
    assert.equal(outcomes.filter((o) => o.status === 'rejected').length, 1);
    assert.equal(outcomes[25].status, 'rejected');
    // The driver's error code survives the trip from the writer thread.
    assert.ok(isUniqueViolation((outcomes[25] as PromiseRejectedResult).reason), String((outcomes[25] as PromiseRejectedResult).reason));
    const ok = await store.knex('gc_parent').where('id', 'like', 'ok%').count<{ n: number }[]>({ n: '*' });
    assert.equal(Number(ok[0].n), 49);
    assert.equal(await store.knex('gc_child').where({ id: 'bad-child' }).first(), undefined);
    assert.equal((await store.knex('gc_parent').where({ id: 'dup' }).first()).n, 0);
  });

  test('close() flushes what was accepted and refuses new writes', async () => {
    const extra = await openStore(storeTargetOf(target.env));
    const pending = Array.from({ length: 100 }, (_, i) => extra.writer.write([{ table: 'gc_parent', rows: [{ id: `late${i}`, n: i }] }]));
    await extra.writer.close();
    await Promise.all(pending);
    await assert.rejects(extra.writer.write([{ table: 'gc_parent', rows: [{ id: 'after-close', n: 1 }] }]), /shutting down/);
    await extra.close();
    const n = await store.knex('gc_parent').where('id', 'like', 'late%').count<{ n: number }[]>({ n: '*' });
    assert.equal(Number(n[0].n), 100);
  });

  test('a writer thread that dies refuses what it had not confirmed, and the next write starts a new one', async () => {
    const storeTarget = storeTargetOf(target.env);
    const thread = await WriterThread.start(storeTarget, 1);
    const writer = new GroupCommitWriter(thread);
    await writer.write([{ table: 'gc_parent', rows: [{ id: 'before-crash', n: 1 }] }]);

    // Posted, then the thread is killed at once: the caller hears either "committed" (and the
    // row is there) or an error; never a confirmation of a row that is not stored.
    const inFlight = thread.transaction(toWireOps([{ table: 'gc_parent', rows: [{ id: 'during-crash', n: 2 }] }]));
    await thread.terminate();
    const outcome = await inFlight.then(
      () => 'committed',
      (err: Error) => err.message,
    );
    const stored = (await store.knex('gc_parent').where({ id: 'during-crash' }).first()) !== undefined;
    if (outcome === 'committed') assert.ok(stored, 'confirmed but not stored');
    else assert.match(outcome, /writer thread exited/);

    await writer.write([{ table: 'gc_parent', rows: [{ id: 'after-crash', n: 3 }] }]);
    await writer.close();
    const ids = (await store.knex('gc_parent').whereIn('id', ['before-crash', 'after-crash']).select('id')).map((r: { id: string }) => r.id).sort();
    assert.deepEqual(ids, ['after-crash', 'before-crash']);
  });
});
