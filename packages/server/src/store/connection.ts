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
  if (!target.databaseUrl) return `SQLite at ${join(target.dataDir, 'service.db')}`;
  const url = new URL(target.databaseUrl);
  return `MySQL at ${url.hostname}:${url.port || 3306}${url.pathname}`; // never the password
}

export function openKnex(target: StoreTarget): { knex: Knex; dialect: Dialect } {
  if (target.databaseUrl) {
    const url = new URL(target.databaseUrl.replace(/^mysql2:/, 'mysql:'));
    const knex = knexFactory({
      client: 'mysql2',
      connection: {
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
      },
      pool: { min: 0, max: Number(url.searchParams.get('pool') ?? 10) },
    });
    return { knex, dialect: 'mysql' };
  }
  mkdirSync(target.dataDir, { recursive: true, mode: 0o700 });
  const knex = knexFactory({
    client: 'better-sqlite3',
    connection: { filename: join(target.dataDir, 'service.db') },
    useNullAsDefault: true,
    // One connection: SQLite has one writer anyway, and the group-commit writer batches for it.
    pool: {
      min: 1,
      max: 1,
      afterCreate(conn: { pragma(s: string): unknown }, done: (err: Error | null, conn: unknown) => void) {
        conn.pragma('journal_mode = WAL');
        // NORMAL in WAL mode: a commit is in the WAL (the OS has it) before we acknowledge, so a
        // process crash or SIGKILL loses nothing acknowledged; only an OS crash or power cut can
        // lose the last commits. FULL adds an fsync per commit for that too (docs/operations.md).
        conn.pragma(`synchronous = ${target.sqliteSynchronous ?? 'NORMAL'}`);
        conn.pragma('foreign_keys = ON');
        conn.pragma('busy_timeout = 5000');
        done(null, conn);
      },
    },
  });
  return { knex, dialect: 'sqlite' };
}
