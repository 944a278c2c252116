// Opens the Knex connection for the configured store: embedded SQLite (better-sqlite3, WAL)
// by default, MySQL 8 / MariaDB 10.6+ (mysql2) when DATABASE_URL is set.
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { join } from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { withholdDbValues } from './db-errors.js';

export type Dialect = 'sqlite' | 'mysql';

export interface StoreTarget {
  databaseUrl: string | null;
  dataDir: string;
  /** SQLite `synchronous` mode: NORMAL (default) or FULL (see docs/operations.md). */
  sqliteSynchronous?: 'NORMAL' | 'FULL';
}

export function describeTarget(target: StoreTarget): string {
  if (!target.databaseUrl) return `SQLite at ${sqliteFile(target)}`;
  const url = new URL(target.databaseUrl);
  return `MySQL at ${url.hostname}:${url.port || 3306}${url.pathname}`; // never the password
}

/** mysql2 connection options for DATABASE_URL; the Knex pool and the writer thread share them. */
export function mysqlConnectionOptions(databaseUrl: string) {
  const url = new URL(databaseUrl.replace(/^mysql2:/, 'mysql:'));
  return {
    host: url.hostname,
    port: Number(url.port || 3306),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    database: url.pathname.replace(/^\//, ''),
    // Timestamps are stored as epoch milliseconds (BIGINT), so no time zone conversion applies;
    // keep BIGINTs as numbers (epoch ms stays far below 2^53).
    supportBigNumbers: true,
    bigNumberStrings: false,
    charset: 'utf8mb4',
    /** Connections of the Knex pool (`?pool=` in the URL). */
    poolSize: Number(url.searchParams.get('pool') ?? 10),
  };
}

export function sqliteFile(target: StoreTarget): string {
  return join(target.dataDir, 'service.db');
}

/**
 * Who holds a SQLite connection, which decides who may checkpoint the WAL (copy committed pages
 * back into service.db). SQLite's default lets any connection do it inside its own commit once the
 * WAL passes 1,000 pages, and that commit then takes several milliseconds longer: every hook call
 * waiting on the batch waited too (the writer's slowest 2% of commits), or, on the Knex
 * connection, the event loop stalled. So the checkpoint thread (store/checkpoint-thread.ts) does
 * it in the background; the writer keeps a far-off backstop that bounds the WAL should that
 * thread fall behind (it also resets the WAL, which a background checkpoint under steady writes
 * never can); the event loop's connection never checkpoints.
 */
export type SqliteRole = 'knex' | 'writer' | 'checkpointer';

/** The writer's backstop, in pages of 4 KB: about 40 MB of WAL. */
export const WRITER_CHECKPOINT_BACKSTOP_PAGES = 10_000;

/** The pragmas of every SQLite connection, the Knex one and the store threads' alike. */
export function configureSqlite(conn: { pragma(s: string): unknown }, target: StoreTarget, role: SqliteRole): void {
  conn.pragma('journal_mode = WAL');
  // NORMAL in WAL mode: a commit is in the WAL (the OS has it) before we acknowledge, so a
  // process crash or SIGKILL loses nothing acknowledged; only an OS crash or power cut can
  // lose the last commits. FULL adds an fsync per commit for that too (docs/operations.md).
  conn.pragma(`synchronous = ${target.sqliteSynchronous ?? 'NORMAL'}`);
  conn.pragma('foreign_keys = ON');
  // Two connections write (this one and the writer thread's): a writer waits for the other.
  conn.pragma('busy_timeout = 5000');
  conn.pragma(`wal_autocheckpoint = ${role === 'writer' ? WRITER_CHECKPOINT_BACKSTOP_PAGES : 0}`);
}

/**
 * service.db holds every org's audit trail and key hashes: owner-only (0600), like its directory.
 * SQLite would create it with the process umask (0644 as a rule) and gives its -wal and -shm
 * files the database file's own mode, so the file is created 0600 before SQLite opens it, and
 * an existing file (and its WAL/SHM) left readable by others is narrowed to 0600.
 */
function makeDatabaseFilesPrivate(target: StoreTarget): void {
  const file = sqliteFile(target);
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
    } catch {
      /* absent (WAL and SHM come and go) or not ours to change: SQLite reports what matters */
    }
  }
}

export function openKnex(target: StoreTarget): { knex: Knex; dialect: Dialect } {
  if (target.databaseUrl) {
    const { poolSize, ...connection } = mysqlConnectionOptions(target.databaseUrl);
    const knex = knexFactory({ client: 'mysql2', connection, pool: { min: 0, max: poolSize }, compileSqlOnError: false });
    return { knex: withoutValuesInErrors(knex), dialect: 'mysql' };
  }
  mkdirSync(target.dataDir, { recursive: true, mode: 0o700 });
  makeDatabaseFilesPrivate(target);
  const knex = knexFactory({
    client: 'better-sqlite3',
    connection: { filename: sqliteFile(target) },
    useNullAsDefault: true,
    compileSqlOnError: false,
    // One connection for reads and the occasional write; the hot-path inserts go through the
    // writer thread's own connection (store/writer-thread.ts).
    pool: {
      min: 1,
      max: 1,
      afterCreate(conn: { pragma(s: string): unknown }, done: (err: Error | null, conn: unknown) => void) {
        configureSqlite(conn, target, 'knex');
        done(null, conn);
      },
    },
  });
  return { knex: withoutValuesInErrors(knex), dialect: 'sqlite' };
}

/**
 * Query errors name the statement with `?` placeholders, never its bound values
 * (`compileSqlOnError: false`), and the values MySQL quotes in its own messages are withheld
 * (store/db-errors.ts): a failed insert must not put a row into the log.
 */
function withoutValuesInErrors(knex: Knex): Knex {
  knex.on('query-error', (err: { message?: unknown }) => {
    if (err && typeof err.message === 'string') err.message = withholdDbValues(err.message);
  });
  return knex;
}
