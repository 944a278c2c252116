// Group commit for the hot paths. Callers append rows and await; whatever accumulated while
// the previous transaction was committing is written together in one transaction with
// multi-row inserts. So a burst of N hook calls costs about one commit (one fsync) instead of N,
// and a resolved write() always means committed.
//
// Failure isolation: if a batch's transaction fails, each entry is retried alone in its own
// transaction, so one bad row fails only its own caller, and every caller learns its own
// outcome. An entry is all-or-nothing: its rows are never half-written.
import type { Knex } from 'knex';

export interface InsertOp {
  table: string;
  rows: Record<string, unknown>[];
}

interface Entry {
  ops: InsertOp[];
  resolve: () => void;
  reject: (err: unknown) => void;
}

export interface GroupCommitOptions {
  /** Most entries (callers) in one transaction. */
  maxEntries?: number;
  /** Wait this long for company before writing when idle (0 = next turn of the event loop). */
  lingerMs?: number;
  /** Most bound parameters in one statement (SQLite allows 32766). */
  maxParamsPerStatement?: number;
}

export class WriterClosedError extends Error {
  constructor() {
    super('The store is shutting down; the write was not accepted.');
  }
}

export class GroupCommitWriter {
  private queue: Entry[] = [];
  private flushing: Promise<void> | null = null;
  private scheduled = false;
  private closed = false;
  private readonly maxEntries: number;
  private readonly lingerMs: number;
  private readonly maxParams: number;
  /** Counters for benchmarks and health: batches written and entries committed. */
  readonly stats = { batches: 0, entries: 0, failedEntries: 0, isolatedRetries: 0 };

  constructor(
    private readonly knex: Knex,
    options: GroupCommitOptions = {},
  ) {
    this.maxEntries = options.maxEntries ?? 512;
    this.lingerMs = options.lingerMs ?? 0;
    this.maxParams = options.maxParamsPerStatement ?? 30_000;
  }

  /** Appends rows; resolves once they are committed, rejects if they could not be. */
  write(ops: InsertOp[]): Promise<void> {
    if (this.closed) return Promise.reject(new WriterClosedError());
    if (ops.every((op) => op.rows.length === 0)) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ ops, resolve, reject });
      this.schedule();
    });
  }

  /** Resolves when everything appended before the call is committed (or failed). */
  async flush(): Promise<void> {
    while (this.queue.length > 0 || this.flushing || this.scheduled) {
      if (this.flushing) await this.flushing;
      else if (this.queue.length > 0) await this.runBatch();
      else await new Promise((r) => setImmediate(r));
    }
  }

  /** Stops accepting writes and waits for the accepted ones. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }

  private schedule(): void {
    if (this.scheduled || this.flushing) return;
    this.scheduled = true;
    const go = () => {
      this.scheduled = false;
      void this.runBatch();
    };
    if (this.lingerMs > 0) setTimeout(go, this.lingerMs);
    else setImmediate(go);
  }

  private runBatch(): Promise<void> {
    if (this.flushing) return this.flushing;
    const batch = this.queue.splice(0, this.maxEntries);
    if (batch.length === 0) return Promise.resolve();
    this.flushing = this.commit(batch).finally(() => {
      this.flushing = null;
      // Whatever arrived while we were committing forms the next batch, at once.
      if (this.queue.length > 0) void this.runBatch();
    });
    return this.flushing;
  }

  private async commit(batch: Entry[]): Promise<void> {
    try {
      await this.knex.transaction(async (trx) => {
        await this.insertAll(trx, batch.flatMap((e) => e.ops));
      });
      this.stats.batches++;
      this.stats.entries += batch.length;
      for (const e of batch) e.resolve();
      return;
    } catch (err) {
      if (batch.length === 1) {
        this.stats.failedEntries++;
        batch[0].reject(err);
        return;
      }
    }
    // The batch failed as a whole: find the culprit(s) by writing each entry alone.
    for (const entry of batch) {
      this.stats.isolatedRetries++;
      try {
        await this.knex.transaction(async (trx) => {
          await this.insertAll(trx, entry.ops);
        });
        this.stats.entries++;
        entry.resolve();
      } catch (err) {
        this.stats.failedEntries++;
        entry.reject(err);
      }
    }
  }

  private async insertAll(trx: Knex.Transaction, ops: InsertOp[]): Promise<void> {
    // Group rows per table, keeping first-appearance order so parents go before children.
    const byTable = new Map<string, Record<string, unknown>[]>();
    for (const op of ops) {
      const rows = byTable.get(op.table);
      if (rows) rows.push(...op.rows);
      else byTable.set(op.table, [...op.rows]);
    }
    for (const [table, rows] of byTable) {
      const columns = new Set<string>();
      for (const row of rows) for (const k of Object.keys(row)) columns.add(k);
      const perStatement = Math.max(1, Math.floor(this.maxParams / Math.max(1, columns.size)));
      for (let i = 0; i < rows.length; i += perStatement) {
        await trx(table).insert(rows.slice(i, i + perStatement));
      }
    }
  }
}
