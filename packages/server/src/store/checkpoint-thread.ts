// The SQLite checkpoint thread: copies committed pages from the write-ahead log back into
// service.db on a connection and a thread of its own, a few times a second, so that neither the
// writer thread's commits nor the event loop ever wait for a checkpoint (store/connection.ts,
// SqliteRole). A PASSIVE checkpoint waits for no reader or writer: commits go on beside it.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { createLogger } from '../log.js';
import { PeriodicTask } from '../periodic-task.js';
import { configureSqlite, sqliteFile, type StoreTarget } from './connection.js';

export interface CheckpointThreadData {
  target: StoreTarget;
  intervalMs: number;
}

/** Messages to the main thread: after each checkpoint that copied pages, how many. */
export type FromCheckpointer = { ready: true } | { checkpointed: number };

const port = parentPort!;
const { target, intervalMs } = workerData as CheckpointThreadData;
const db = new Database(sqliteFile(target));
configureSqlite(db, target, 'checkpointer');
port.postMessage({ ready: true } satisfies FromCheckpointer);

let copied = 0; // pages of the current WAL already in service.db
const loop = new PeriodicTask({ name: 'SQLite checkpoint', intervalMs, logger: createLogger('warn'), pass: () => {
  // One row: busy (always 0 for PASSIVE), pages in the WAL, pages of it now in the database file.
  const [row] = db.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number; checkpointed: number }[];
  // After the WAL restarts from its beginning, its page counts start again from zero.
  if (row.checkpointed < copied) copied = 0;
  if (row.checkpointed > copied) port.postMessage({ checkpointed: row.checkpointed - copied } satisfies FromCheckpointer);
  copied = row.checkpointed;
} });
loop.start();

port.on('message', (msg: 'close') => {
  if (msg !== 'close') return;
  void loop.stop().then(() => {
    db.close();
    port.close();
  });
});
