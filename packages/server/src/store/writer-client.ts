// The main thread's side of the writer thread (store/writer-thread.ts): a BatchExecutor whose
// transactions run there. One structured clone of flat arrays per batch crosses the boundary.
import { Worker } from 'node:worker_threads';
import type { BatchExecutor, WireOp } from './batch-insert.js';
import type { StoreTarget } from './connection.js';
import type { FromWriter, SerializedError, ToWriter, WriterThreadData } from './writer-thread.js';

const FROM_SOURCES = import.meta.url.endsWith('.ts');
const THREAD_URL = new URL(`./writer-thread${FROM_SOURCES ? '.ts' : '.js'}`, import.meta.url);

function spawnThread(data: WriterThreadData): Worker {
  if (!FROM_SOURCES) return new Worker(THREAD_URL, { workerData: data });
  // Under the TypeScript sources (tests, benchmarks) the thread runs the .ts file too, so it
  // registers tsx's loader first, as the main thread did through --import.
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  return new Worker(`import(${tsx}).then((tsx) => { tsx.register(); return import(${JSON.stringify(THREAD_URL.href)}); })`, { eval: true, workerData: data });
}

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

export class WriterThread implements BatchExecutor {
  private readonly pending = new Map<number, { resolve: () => void; reject: (err: unknown) => void }>();
  private nextId = 1;
  private exited: Error | null = null;

  private constructor(private readonly worker: Worker) {
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
      this.exited ??= err;
      for (const waiter of this.pending.values()) waiter.reject(err);
      this.pending.clear();
      worker.unref();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The store writer thread exited (code ${code}); the write was not confirmed.`)));
  }

  /** Starts the thread and waits until its connection works. */
  static async start(target: StoreTarget, connections: number): Promise<WriterThread> {
    const worker = spawnThread({ target, connections });
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
    return new WriterThread(worker);
  }

  transaction(ops: WireOp[]): Promise<void> {
    if (this.exited) return Promise.reject(this.exited);
    return new Promise<void>((resolve, reject) => {
      const id = this.nextId++;
      this.pending.set(id, { resolve, reject });
      if (this.pending.size === 1) this.worker.ref();
      this.worker.postMessage({ id, ops } satisfies ToWriter);
    });
  }

  /** Closes the thread's connection; call after the writer has flushed. */
  async close(): Promise<void> {
    if (this.exited) return;
    this.worker.ref();
    const exit = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
    this.worker.postMessage('close' satisfies ToWriter | 'close');
    const timer = setTimeout(() => void this.worker.terminate(), 5_000);
    await exit;
    clearTimeout(timer);
  }
}
