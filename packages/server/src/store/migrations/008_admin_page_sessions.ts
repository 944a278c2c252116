// Admin page sessions (issue #19). The browser holds a random session token in an httpOnly
// cookie; the store holds only its SHA-256, the admin key it was opened with (so revoking that
// key ends the session) and the session's CSRF secret. The admin key itself is never stored.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('admin_page_sessions', (t) => {
    t.string('token_hash', 64).primary();
    t.string('org_id', 26).notNullable().references('id').inTable('orgs').onDelete('CASCADE');
    t.string('key_id', 26).notNullable().references('id').inTable('api_keys').onDelete('CASCADE');
    t.string('csrf_secret', 64).notNullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('expires_at').notNullable();
    t.index(['org_id', 'key_id']);
    t.index(['expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('admin_page_sessions');
}
