// Applies the Knex migrations at start. Knex's own lock refuses (rather than waits for) a
// second migrator, so on MySQL we first take a named server lock: two servers starting at
// once on one database queue here, and the second finds nothing left to do.
import type { Knex } from 'knex';
import type { Dialect } from './connection.js';
import { MIGRATIONS } from './migrations/index.js';

const LOCK_NAME = 'service_schema_migrations';
const LOCK_WAIT_SECONDS = 120;

const migrationSource: Knex.MigrationSource<string> = {
  async getMigrations() {
    return Object.keys(MIGRATIONS);
  },
  getMigrationName(name) {
    return name;
  },
  async getMigration(name) {
    return MIGRATIONS[name];
  },
};

export async function migrateToLatest(knex: Knex, dialect: Dialect): Promise<void> {
  if (dialect !== 'mysql') {
    await knex.migrate.latest({ migrationSource });
    return;
  }
  const conn = await knex.client.acquireConnection();
  try {
    const [rows] = await knex.raw('SELECT GET_LOCK(?, ?) AS got', [LOCK_NAME, LOCK_WAIT_SECONDS]).connection(conn);
    if (Number(rows[0]?.got) !== 1) {
      throw new Error(`Timed out after ${LOCK_WAIT_SECONDS}s waiting for another server to finish migrating the database.`);
    }
    try {
      await knex.migrate.latest({ migrationSource });
    } finally {
      await knex.raw('SELECT RELEASE_LOCK(?)', [LOCK_NAME]).connection(conn);
    }
  } finally {
    await knex.client.releaseConnection(conn);
  }
}
