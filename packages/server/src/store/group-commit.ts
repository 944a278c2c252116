// Group commit for the hot paths. Callers append rows and await; whatever accumulated while
// the previous transaction was committing is written together in one transaction with
// multi-row inserts. So a burst of N hook calls costs about one commit (one fsync) instead of N,
// and a resolved write() always means committed.
//
// Failure isolation: if a batch's transaction fails, each entry is retried alone in its own
// transaction, so one bad row fails only its own caller, and every caller learns its own
// outcome. An entry is all-or-nothing: its rows are never half-written.
//
// The transactions themselves run on the writer thread (store/writer-thread.ts): this class only
// queues, batches and settles callers, so the event loop spends little on each write.
import { mergeByShape, toWireOps, type BatchExecutor, type InsertOp, type WireOp } from './batch-insert.js';

export type { InsertOp } from './batch-insert.js';

interface Entry {
  ops: WireOp[];
  resolve: () => void;
  reject: (err: unknown) => void;
}

export interface GroupCommitOptions {
  /** Most entries (callers) in one transaction. */
  maxEntries?: number;
  /** Wait this long for company before writing when idle (0 = next turn of the event loop). */
  lingerMs?: number;
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
  private readonly maxInFlight: number;
  /** Counters for benchmarks and health: batches written and entries committed. */
  readonly stats = { batches: 0, entries: 0, failedEntries: 0, isolatedRetries: 0 };

  constructor(
    private readonly executor: BatchExecutor,
    options: GroupCommitOptions = {},
  ) {
    this.maxEntries = options.maxEntries ?? 512;
    this.lingerMs = options.lingerMs ?? 0;
    this.maxInFlight = Math.max(1, options.maxInFlight ?? 1);
  }

  /** Appends rows; resolves once they are committed, rejects if they could not be. */
  write(ops: InsertOp[]): Promise<void> {
    if (this.closed) return Promise.reject(new WriterClosedError());
    const wire = toWireOps(ops);
    if (wire.length === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ ops: wire, resolve, reject });
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

  /** Stops accepting writes, waits for the accepted ones, then closes the executor. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
    await this.executor.close();
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

  private async commit(batch: Entry[]): Promise<void> {
    try {
      // One op per table and shape: the thread gets one column list and one value array for each.
      await this.executor.transaction(batch.length === 1 ? batch[0].ops : mergeByShape(batch.flatMap((e) => e.ops)));
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
        await this.executor.transaction(entry.ops);
        this.stats.entries++;
        entry.resolve();
      } catch (err) {
        this.stats.failedEntries++;
        entry.reject(err);
      }
    }
  }
}
