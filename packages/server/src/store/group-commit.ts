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

/** The subset of a better-sqlite3 Database the SQLite fast path uses. */
interface SqliteConnection {
  prepare(sql: string): { run(...params: unknown[]): unknown };
  transaction<T>(fn: () => T): () => T;
}

export interface GroupCommitOptions {
  /**
   * 'sqlite' writes through the driver with cached prepared statements in one synchronous
   * transaction: knex would build and prepare a new multi-row statement for every batch,
   * which was most of the hot path's cost on SQLite.
   */
  dialect?: 'sqlite' | 'mysql';
  /** Most entries (callers) in one transaction. */
  maxEntries?: number;
  /** Wait this long for company before writing when idle (0 = next turn of the event loop). */
  lingerMs?: number;
  /** Most bound parameters in one statement (SQLite allows 32766). */
  maxParamsPerStatement?: number;
  /**
   * Batches committing at once. SQLite has one writer, so 1. On MySQL a batch waits mostly on
   * the network and the log flush; with a few in flight the next batch is built while the last
   * commits, and InnoDB merges their log flushes.
   */
  maxInFlight?: number;
}

export class WriterClosedError extends Error {
  constructor() {
    super('The store is shutting down; the write was not accepted.');
  }
}

export class GroupCommitWriter {
  private queue: Entry[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private scheduled = false;
  private closed = false;
  private readonly maxEntries: number;
  private readonly lingerMs: number;
  private readonly maxParams: number;
  private readonly maxInFlight: number;
  private readonly dialect: 'sqlite' | 'mysql';
  private readonly statements = new Map<string, { run(...params: unknown[]): unknown }>();
  /** Counters for benchmarks and health: batches written and entries committed. */
  readonly stats = { batches: 0, entries: 0, failedEntries: 0, isolatedRetries: 0 };

  constructor(
    private readonly knex: Knex,
    options: GroupCommitOptions = {},
  ) {
    this.maxEntries = options.maxEntries ?? 512;
    this.lingerMs = options.lingerMs ?? 0;
    this.maxParams = options.maxParamsPerStatement ?? 30_000;
    this.dialect = options.dialect ?? 'mysql';
    this.maxInFlight = this.dialect === 'sqlite' ? 1 : Math.max(1, options.maxInFlight ?? 4);
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
    while (this.queue.length > 0 || this.inFlight.size > 0 || this.scheduled) {
      if (this.inFlight.size > 0) await Promise.race(this.inFlight);
      else if (this.queue.length > 0) this.runBatch();
      else await new Promise((r) => setImmediate(r));
    }
  }

  /** Stops accepting writes and waits for the accepted ones. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight.size >= this.maxInFlight) return;
    this.scheduled = true;
    const go = () => {
      this.scheduled = false;
      this.runBatch();
    };
    if (this.lingerMs > 0) setTimeout(go, this.lingerMs);
    else setImmediate(go);
  }

  private runBatch(): void {
    if (this.inFlight.size >= this.maxInFlight) return;
    const batch = this.queue.splice(0, this.maxEntries);
    if (batch.length === 0) return;
    const done: Promise<void> = this.commit(batch).finally(() => {
      this.inFlight.delete(done);
      // Whatever arrived while we were committing forms the next batch, at once.
      if (this.queue.length > 0) this.runBatch();
    });
    this.inFlight.add(done);
  }

  /** Writes ops in one transaction: all of them or none. */
  private async writeTransaction(ops: InsertOp[]): Promise<void> {
    if (this.dialect === 'sqlite') {
      const conn = (await this.knex.client.acquireConnection()) as SqliteConnection;
      try {
        conn.transaction(() => this.insertAllSqlite(conn, ops))();
      } finally {
        await this.knex.client.releaseConnection(conn);
      }
      return;
    }
    await this.knex.transaction(async (trx) => {
      await this.insertAll(trx, ops);
    });
  }

  private insertAllSqlite(conn: SqliteConnection, ops: InsertOp[]): void {
    for (const op of ops) {
      for (const row of op.rows) {
        const columns = Object.keys(row);
        const key = `${op.table}\u0000${columns.join(',')}`;
        let stmt = this.statements.get(key);
        if (!stmt) {
          const quoted = columns.map((c) => `"${c.replace(/"/g, '""')}"`).join(', ');
          stmt = conn.prepare(`INSERT INTO "${op.table}" (${quoted}) VALUES (${columns.map(() => '?').join(', ')})`);
          this.statements.set(key, stmt);
        }
        stmt.run(...columns.map((c) => normalizeSqliteValue(row[c])));
      }
    }
  }

  private async commit(batch: Entry[]): Promise<void> {
    try {
      await this.writeTransaction(batch.flatMap((e) => e.ops));
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
        await this.writeTransaction(entry.ops);
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

/** better-sqlite3 binds numbers, strings, bigints, buffers and null; booleans and dates as knex would store them. */
function normalizeSqliteValue(v: unknown): unknown {
  if (v === undefined) return null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v instanceof Date) return v.valueOf();
  return v;
}
