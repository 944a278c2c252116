// Exceptions (issue #21): a developer asks for an exception to one recorded deny/warn, an admin
// triages it and approves it with a scope and an expiry, or denies it. And the activity log:
// every admin action, hash-chained per org (each entry carries the previous entry's hash), so a
// row edited or deleted in the database is detected by `service audit verify`.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('exceptions', (t) => {
    t.string('id', 26).primary();
    t.string('org_id', 26).notNullable().references('id').inTable('orgs').onDelete('CASCADE');
    // The shield event (decision) the developer asked about.
    t.string('event_id', 26).notNullable();
    t.string('requested_by_key_id', 26).notNullable();
    t.string('requested_hostname', 256).nullable();
    t.string('requested_user', 320).nullable();
    t.string('reason', 2000).notNullable();
    // requested | triaged | context_requested | approved | denied | expired
    t.string('status', 24).notNullable();
    // The decided call, as the event recorded it: what an `exact_command` scope defaults to.
    t.string('event_summary', 400).nullable();
    t.string('event_hostname', 256).nullable();
    // exact_command | pattern | path, and its value; set on approval.
    t.string('scope_kind', 24).nullable();
    t.string('scope_value', 2000).nullable();
    t.string('scope_host', 256).nullable();
    t.string('scope_user', 320).nullable();
    t.string('scope_repository', 1000).nullable();
    t.bigInteger('expires_at').nullable();
    t.string('decided_by_key_id', 26).nullable();
    t.string('decided_by_email', 320).nullable();
    t.string('note', 2000).nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.bigInteger('decided_at').nullable();
    t.index(['org_id', 'status']);
    t.index(['status', 'expires_at']);
  });
  await knex.schema.alterTable('orgs', (t) => {
    // Bumped on every exception decision: servers reload the org's approved set within a second.
    t.integer('exceptions_version').notNullable().defaultTo(0);
    // The seq of the org's last activity entry: incrementing it is the append's lock on the org
    // row, and verify compares it with the last row, so a deleted LAST row is detected too.
    t.bigInteger('activity_seq').notNullable().defaultTo(0);
  });
  await knex.schema.createTable('activity_log', (t) => {
    t.string('org_id', 26).notNullable().references('id').inTable('orgs').onDelete('CASCADE');
    t.bigInteger('seq').notNullable();
    t.string('id', 26).notNullable().unique();
    t.bigInteger('at').notNullable();
    t.string('actor_key_id', 26).nullable();
    t.string('actor_email', 320).nullable();
    t.string('action', 64).notNullable();
    t.string('target_type', 32).notNullable();
    t.string('target_id', 200).notNullable();
    t.text('before').nullable();
    t.text('after').nullable();
    t.string('prev_hash', 64).notNullable();
    t.string('hash', 64).notNullable();
    t.primary(['org_id', 'seq']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('activity_log');
  await knex.schema.alterTable('orgs', (t) => t.dropColumns('exceptions_version', 'activity_seq'));
  await knex.schema.dropTableIfExists('exceptions');
}
