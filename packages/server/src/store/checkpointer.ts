// The main thread's side of the SQLite checkpoint thread (store/checkpoint-thread.ts). It is a
// background helper, not on any request's path: if the thread dies, it is started again a
// second later, and meanwhile the writer's backstop keeps the WAL bounded (store/connection.ts).
import type { Worker } from 'node:worker_threads';
import type { StoreTarget } from './connection.js';
import type { CheckpointThreadData, FromCheckpointer } from './checkpoint-thread.js';
import { spawnStoreThread } from './store-thread.js';

/** How often the thread checkpoints: at the hook path's peak, about 1 MB of WAL each time. */
export const CHECKPOINT_INTERVAL_MS = 200;
const RESTART_DELAY_MS = 1000;

export class SqliteCheckpointer {
  /** Pages copied into service.db (at least: a WAL restart between two looks hides some), and threads started again after dying. */
  readonly stats = { pagesCheckpointed: 0, restarts: 0 };
  private worker: Worker | null = null;
  private restartTimer: NodeJS.Timeout | null = null;
  private closed = false;

  private constructor(private readonly data: CheckpointThreadData) {}

  static async start(target: StoreTarget, intervalMs = CHECKPOINT_INTERVAL_MS): Promise<SqliteCheckpointer> {
    const checkpointer = new SqliteCheckpointer({ target, intervalMs });
    await checkpointer.spawn();
    return checkpointer;
  }

  private async spawn(): Promise<void> {
    const worker = spawnStoreThread('checkpoint-thread', this.data);
    await new Promise<void>((resolve, reject) => {
      const failed = (err: Error) => {
        worker.off('message', ready);
        reject(err);
      };
      const exited = (code: number) => failed(new Error(`The SQLite checkpoint thread exited at start (code ${code}).`));
      const ready = () => {
        worker.off('error', failed);
        worker.off('exit', exited);
        resolve();
      };
      worker.once('message', ready); // { ready: true }
      worker.once('error', failed);
      worker.once('exit', exited);
    });
    worker.unref(); // never keeps the process alive
    worker.on('message', (msg: FromCheckpointer) => {
      if ('checkpointed' in msg) this.stats.pagesCheckpointed += msg.checkpointed;
    });
    worker.on('error', () => undefined); // followed by 'exit', which restarts it
    worker.on('exit', () => {
      this.worker = null;
      this.scheduleRestart();
    });
    this.worker = worker;
    if (this.closed) await this.stopWorker();
  }

  private scheduleRestart(): void {
    if (this.closed || this.restartTimer) return;
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      this.stats.restarts++;
      this.spawn().catch(() => this.scheduleRestart());
    }, RESTART_DELAY_MS);
    this.restartTimer.unref();
  }

  /** Stops the thread; its connection closes after its last checkpoint. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    await this.stopWorker();
  }

  private async stopWorker(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    worker.ref(); // the process waits for the thread's last checkpoint
    const exit = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage('close');
    const timer = setTimeout(() => void worker.terminate(), 5_000);
    await exit;
    clearTimeout(timer);
  }

  /** Stops the thread at once, as a crash would (tests of the restart). */
  async terminate(): Promise<void> {
    await this.worker?.terminate();
  }
}
