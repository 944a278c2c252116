// The main thread's side of the writer thread (store/writer-thread.ts): a BatchExecutor whose
// transactions run there. One structured clone of flat arrays per batch crosses the boundary.
import type { Worker } from 'node:worker_threads';
import type { BatchExecutor, WireOp } from './batch-insert.js';
import type { StoreTarget } from './connection.js';
import { spawnStoreThread } from './store-thread.js';
import type { FromWriter, SerializedError, ToWriter, WriterThreadData } from './writer-thread.js';

/** An error from the thread, with the driver's code kept (unique violations are recognized by it). */
export class StoreWriteError extends Error {
  readonly code?: string;
  readonly errno?: number;
  constructor(e: SerializedError) {
    super(e.message);
    this.name = e.name;
    if (e.code !== undefined) this.code = e.code;
    if (e.errno !== undefined) this.errno = e.errno;
  }
}

/** Starts a thread and waits until its connection works. */
async function startReady(data: WriterThreadData): Promise<Worker> {
  const worker = spawnStoreThread('writer-thread', data);
  await new Promise<void>((resolve, reject) => {
    const onMessage = (msg: FromWriter) => {
      if ('ready' in msg) resolve();
      else if ('fatal' in msg) reject(new StoreWriteError(msg.fatal));
      else return;
      worker.off('message', onMessage);
      worker.off('error', reject);
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The store writer thread exited at start (code ${code}).`)));
  });
  return worker;
}

export class WriterThread implements BatchExecutor {
  private readonly pending = new Map<number, { resolve: () => void; reject: (err: unknown) => void }>();
  private nextId = 1;
  private worker: Worker | null = null;
  private starting: Promise<Worker> | null = null;
  private closed = false;

  private constructor(private readonly data: WriterThreadData) {}

  /** Starts the thread and waits until its connection works. */
  static async start(target: StoreTarget, connections: number): Promise<WriterThread> {
    const thread = new WriterThread({ target, connections });
    await thread.running();
    return thread;
  }

  /** The live thread, or a new one if the last one died (the next write after a crash starts it). */
  private running(): Promise<Worker> {
    if (this.worker) return Promise.resolve(this.worker);
    this.starting ??= startReady(this.data).then(
      (worker) => {
        this.starting = null;
        this.attach(worker);
        return worker;
      },
      (err) => {
        this.starting = null;
        throw err;
      },
    );
    return this.starting;
  }

  private attach(worker: Worker): void {
    this.worker = worker;
    worker.on('message', (msg: FromWriter) => {
      if (!('id' in msg)) return;
      const waiter = this.pending.get(msg.id);
      if (!waiter) return;
      this.pending.delete(msg.id);
      if (this.pending.size === 0) worker.unref();
      if (msg.error) waiter.reject(new StoreWriteError(msg.error));
      else waiter.resolve();
    });
    // Idle, the thread does not keep the process alive; with a write pending, it does.
    worker.unref();
    // A thread that dies takes no write with it silently: every caller still waiting is refused.
    const fail = (err: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      for (const waiter of this.pending.values()) waiter.reject(err);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The store writer thread exited (code ${code}); the write was not confirmed.`)));
  }

  transaction(ops: WireOp[]): Promise<void> {
    if (this.closed) return Promise.reject(new Error('The store writer thread is closed.'));
    const worker = this.worker;
    if (!worker) return this.running().then(() => this.transaction(ops));
    return new Promise<void>((resolve, reject) => {
      const id = this.nextId++;
      this.pending.set(id, { resolve, reject });
      if (this.pending.size === 1) worker.ref();
      worker.postMessage({ id, ops } satisfies ToWriter);
    });
  }

  /** Stops the thread at once, as a crash would (tests of the recovery path). */
  async terminate(): Promise<void> {
    await this.worker?.terminate();
  }

  /** Closes the thread's connection; call after the writer has flushed. */
  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker ?? (this.starting ? await this.starting.catch(() => null) : null);
    if (!worker) return;
    worker.ref();
    const exit = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage('close' satisfies ToWriter | 'close');
    const timer = setTimeout(() => void worker.terminate(), 5_000);
    await exit;
    clearTimeout(timer);
  }
}
