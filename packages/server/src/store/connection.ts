// Opens the Knex connection for the configured store: embedded SQLite (better-sqlite3, WAL)
// by default, MySQL 8 / MariaDB 10.6+ (mysql2) when DATABASE_URL is set.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import knexFactory, { type Knex } from 'knex';

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

/** The pragmas of every SQLite connection, the Knex one and the writer thread's alike. */
export function configureSqlite(conn: { pragma(s: string): unknown }, target: StoreTarget): void {
  conn.pragma('journal_mode = WAL');
  // NORMAL in WAL mode: a commit is in the WAL (the OS has it) before we acknowledge, so a
  // process crash or SIGKILL loses nothing acknowledged; only an OS crash or power cut can
  // lose the last commits. FULL adds an fsync per commit for that too (docs/operations.md).
  conn.pragma(`synchronous = ${target.sqliteSynchronous ?? 'NORMAL'}`);
  conn.pragma('foreign_keys = ON');
  // Two connections write (this one and the writer thread's): a writer waits for the other.
  conn.pragma('busy_timeout = 5000');
}

export function openKnex(target: StoreTarget): { knex: Knex; dialect: Dialect } {
  if (target.databaseUrl) {
    const { poolSize, ...connection } = mysqlConnectionOptions(target.databaseUrl);
    const knex = knexFactory({ client: 'mysql2', connection, pool: { min: 0, max: poolSize } });
    return { knex, dialect: 'mysql' };
  }
  mkdirSync(target.dataDir, { recursive: true, mode: 0o700 });
  const knex = knexFactory({
    client: 'better-sqlite3',
    connection: { filename: sqliteFile(target) },
    useNullAsDefault: true,
    // One connection for reads and the occasional write; the hot-path inserts go through the
    // writer thread's own connection (store/writer-thread.ts).
    pool: {
      min: 1,
      max: 1,
      afterCreate(conn: { pragma(s: string): unknown }, done: (err: Error | null, conn: unknown) => void) {
        configureSqlite(conn, target);
        done(null, conn);
      },
    },
  });
  return { knex, dialect: 'sqlite' };
}
