// Orgs, their users and API keys. Ids are 26-character time-sortable strings; timestamps are
// epoch milliseconds (BIGINT) in both dialects.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('orgs', (t) => {
    t.string('id', 26).primary();
    t.string('name', 200).notNullable();
    t.string('plan', 32).notNullable();
    // Bumped on every policy change; nodes compare it to notice changes made elsewhere.
    t.integer('policy_version').notNullable().defaultTo(1);
    t.bigInteger('created_at').notNullable();
  });
  await knex.schema.createTable('users', (t) => {
    t.string('id', 26).primary();
    t.string('org_id', 26).notNullable().references('id').inTable('orgs').onDelete('CASCADE');
    t.string('email', 320).notNullable();
    t.string('role', 16).notNullable();
    t.bigInteger('created_at').notNullable();
    t.unique(['org_id', 'email']);
  });
  await knex.schema.createTable('api_keys', (t) => {
    t.string('id', 26).primary();
    t.string('org_id', 26).notNullable().references('id').inTable('orgs').onDelete('CASCADE');
    t.string('kind', 16).notNullable();
    t.string('name', 200).notNullable();
    // SHA-256 of the raw key; the raw key itself is never stored.
    t.string('key_hash', 64).notNullable().unique();
    t.string('display_prefix', 24).notNullable();
    t.string('created_by', 26).nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('revoked_at').nullable();
    t.bigInteger('last_used_at').nullable();
    t.index(['org_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('api_keys');
  await knex.schema.dropTableIfExists('users');
  await knex.schema.dropTableIfExists('orgs');
}
