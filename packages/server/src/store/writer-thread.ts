// The writer thread: runs the group-commit writer's transactions on its own connection, so
// building statements, the driver's work, SQLite's page writes and MySQL's packets all happen
// off the event loop that answers hook calls (SQLite's checkpoints have a thread of their own,
// checkpoint-thread.ts). The main thread only hands over flat value arrays (writer-client.ts).
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import { MysqlExecutor, SqliteExecutor, type ConnectionExecutor, type WireOp } from './batch-insert.js';
import { configureSqlite, mysqlConnectionOptions, sqliteFile, type StoreTarget } from './connection.js';
import { withholdDbValues } from './db-errors.js';

export interface WriterThreadData {
  target: StoreTarget;
  /** MySQL connections of this thread: the batches that may commit at once. */
  connections: number;
}

export type ToWriter = { id: number; ops: WireOp[] };
export type FromWriter = { ready: true } | { fatal: SerializedError } | { id: number; error?: SerializedError };

export interface SerializedError {
  name: string;
  message: string;
  code?: string;
  errno?: number;
}

function serializeError(err: unknown): SerializedError {
  const e = err as { name?: string; message?: string; code?: unknown; errno?: unknown };
  return {
    name: typeof e?.name === 'string' ? e.name : 'Error',
    // Code and reason only: the values MySQL quotes in some messages are withheld (db-errors.ts).
    message: withholdDbValues(typeof e?.message === 'string' ? e.message : String(err)),
    ...(typeof e?.code === 'string' ? { code: e.code } : {}),
    ...(typeof e?.errno === 'number' ? { errno: e.errno } : {}),
  };
}

function openExecutor({ target, connections }: WriterThreadData): ConnectionExecutor {
  if (target.databaseUrl) {
    const { poolSize: _knexPool, ...options } = mysqlConnectionOptions(target.databaseUrl);
    // The executor prepares one INSERT per row count it meets. MySQL caps prepared statements
    // server-wide (max_prepared_stmt_count, 16,382 by default), shared by every server process:
    // keep the newest 64 per connection and close the rest (mysql2's LRU closes on eviction).
    return new MysqlExecutor(mysql.createPool({ ...options, connectionLimit: connections, maxIdle: connections, maxPreparedStatements: 64 }));
  }
  const db = new Database(sqliteFile(target));
  configureSqlite(db, target, 'writer');
  return new SqliteExecutor(db);
}

const port = parentPort!;
let executor: ConnectionExecutor;
try {
  executor = openExecutor(workerData as WriterThreadData);
  // Fail at start, not on the first hook call: a wrong password or an unwritable file shows now.
  await executor.check();
  port.postMessage({ ready: true } satisfies FromWriter);
} catch (err) {
  port.postMessage({ fatal: serializeError(err) } satisfies FromWriter);
  process.exit(1);
}

port.on('message', (msg: ToWriter | 'close') => {
  if (msg === 'close') {
    void executor.close().finally(() => port.close());
    return;
  }
  executor.transaction(msg.ops).then(
    () => port.postMessage({ id: msg.id } satisfies FromWriter),
    (err) => port.postMessage({ id: msg.id, error: serializeError(err) } satisfies FromWriter),
  );
});
