// Chains of events and investigations (issue #21, docs/chains.md).
// - shield_events.effects: the call's session effects, compact (`read_secret:.env;send:evil.example`),
//   read back by the chain lookup through the new (org_id, session_key, created_at) index.
// - chains: one row per (session, rule) that fired; chain.created / chain.updated come from it.
// - investigations + investigation_events: a session's investigation and its evidence list.
//   `open_key` is the session key while the investigation is not resolved (NULL after): the unique
//   (org_id, open_key) lets several servers race to open one and only one wins.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('shield_events', (t) => {
    t.string('effects', 500).nullable();
    t.index(['org_id', 'session_key', 'created_at'], 'shield_events_session_idx');
  });
  await knex.schema.createTable('chains', (t) => {
    t.string('id', 26).primary();
    t.string('org_id', 26).notNullable();
    t.string('session_key', 200).notNullable();
    t.string('rule', 64).notNullable();
    t.string('severity', 16).notNullable();
    t.string('status', 16).notNullable();
    // JSON array of shield event ids, oldest first.
    t.text('evidence').notNullable();
    t.string('reason', 500).notNullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.unique(['org_id', 'session_key', 'rule']);
  });
  await knex.schema.createTable('investigations', (t) => {
    t.string('id', 26).primary();
    t.string('org_id', 26).notNullable();
    t.string('session_key', 200).notNullable();
    t.string('open_key', 200).nullable();
    t.string('status', 16).notNullable();
    t.string('severity', 16).notNullable();
    t.string('trigger', 32).notNullable();
    t.string('title', 500).notNullable();
    t.string('owner', 200).nullable();
    t.string('feedback', 16).nullable();
    t.string('feedback_note', 1000).nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.bigInteger('resolved_at').nullable();
    // When investigation.created/updated was last emitted: updates are debounced.
    t.bigInteger('notified_at').nullable();
    t.unique(['org_id', 'open_key']);
    t.index(['org_id', 'status', 'created_at']);
    t.index(['org_id', 'session_key']);
  });
  await knex.schema.createTable('investigation_events', (t) => {
    t.string('investigation_id', 26).notNullable().references('id').inTable('investigations').onDelete('CASCADE');
    t.string('event_id', 26).notNullable();
    t.bigInteger('added_at').notNullable();
    t.primary(['investigation_id', 'event_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('investigation_events');
  await knex.schema.dropTableIfExists('investigations');
  await knex.schema.dropTableIfExists('chains');
  await knex.schema.alterTable('shield_events', (t) => {
    t.dropIndex(['org_id', 'session_key', 'created_at'], 'shield_events_session_idx');
    t.dropColumn('effects');
  });
}
