// Workstations, their sessions, per-surface coverage, inventories and posture scans, plus
// the outbox of domain events (written in the same transaction as the change that caused it).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('workstations', (t) => {
    t.string('id', 26).primary();
    t.string('org_id', 26).notNullable().references('id').inTable('orgs').onDelete('CASCADE');
    t.string('machine_id', 200).nullable();
    t.string('hostname', 255).notNullable();
    t.string('display_name', 255).nullable();
    t.string('platform', 64).nullable();
    t.string('os_version', 128).nullable();
    t.string('agent_version', 64).nullable();
    t.string('sandbox', 16).notNullable().defaultTo('unknown');
    t.string('git_remote', 500).nullable();
    t.string('install_source', 64).nullable();
    t.string('management_source', 64).nullable();
    t.string('mdm_provider', 64).nullable();
    t.string('os_username', 200).nullable();
    t.string('user_hint', 320).nullable();
    t.string('current_cwd', 1000).nullable();
    t.string('current_git_remote', 500).nullable();
    // Evidence for the derived protection/risk/coverage views (JSON object, bounded).
    t.text('evidence').nullable();
    t.bigInteger('first_seen_at').notNullable();
    t.bigInteger('last_seen_at').notNullable();
    t.bigInteger('last_agent_activity_at').nullable();
    t.bigInteger('last_enforce_event_at').nullable();
    t.bigInteger('last_blocked_at').nullable();
    // The last_seen_at value for which workstation.offline was already emitted: exactly one
    // event per crossing of the offline threshold, whichever server process sweeps.
    t.bigInteger('offline_emitted_for').nullable();
    t.unique(['org_id', 'machine_id']);
    t.index(['org_id', 'hostname']);
    t.index(['org_id', 'last_seen_at']);
    t.index(['last_seen_at']);
  });
  await knex.schema.createTable('workstation_surfaces', (t) => {
    t.string('workstation_id', 26).notNullable().references('id').inTable('workstations').onDelete('CASCADE');
    t.string('org_id', 26).notNullable();
    t.string('surface', 32).notNullable();
    t.string('hook_type', 16).notNullable();
    t.bigInteger('first_seen_at').notNullable();
    t.bigInteger('last_event_at').notNullable();
    t.primary(['workstation_id', 'surface']);
    t.index(['org_id', 'surface']);
  });
  await knex.schema.createTable('sessions', (t) => {
    t.string('id', 26).primary();
    t.string('org_id', 26).notNullable();
    t.string('workstation_id', 26).notNullable().references('id').inTable('workstations').onDelete('CASCADE');
    t.string('session_key', 200).notNullable();
    t.string('surface', 32).notNullable();
    t.string('cwd', 1000).nullable();
    t.string('git_remote', 500).nullable();
    t.string('user_hint', 320).nullable();
    t.string('agent_version', 64).nullable();
    t.bigInteger('started_at').notNullable();
    t.bigInteger('last_seen_at').notNullable();
    t.bigInteger('ended_at').nullable();
    t.unique(['workstation_id', 'session_key']);
    t.index(['org_id', 'last_seen_at']);
  });
  await knex.schema.createTable('skills', (t) => {
    t.string('workstation_id', 26).notNullable().references('id').inTable('workstations').onDelete('CASCADE');
    t.string('org_id', 26).notNullable();
    t.string('name', 200).notNullable();
    t.string('source', 16).notNullable();
    t.text('preview').notNullable();
    t.string('hash', 64).notNullable();
    t.string('previous_hash', 64).nullable();
    t.integer('risk_score').notNullable();
    t.string('risk_level', 16).notNullable();
    t.string('risk_flags', 300).notNullable();
    t.bigInteger('first_seen_at').notNullable();
    t.bigInteger('last_seen_at').notNullable();
    t.bigInteger('hash_changed_at').nullable();
    t.primary(['workstation_id', 'name', 'source']);
    t.index(['org_id', 'name']);
  });
  await knex.schema.createTable('mcp_servers', (t) => {
    t.string('workstation_id', 26).notNullable().references('id').inTable('workstations').onDelete('CASCADE');
    t.string('org_id', 26).notNullable();
    t.string('name', 200).notNullable();
    t.string('type', 16).notNullable();
    t.string('command', 200).nullable();
    t.string('source', 16).notNullable();
    t.string('platform', 32).notNullable();
    t.bigInteger('first_seen_at').notNullable();
    t.bigInteger('last_seen_at').notNullable();
    t.primary(['workstation_id', 'platform', 'source', 'name']);
    t.index(['org_id', 'name']);
  });
  await knex.schema.createTable('plugins', (t) => {
    t.string('workstation_id', 26).notNullable().references('id').inTable('workstations').onDelete('CASCADE');
    t.string('org_id', 26).notNullable();
    t.string('full_name', 200).notNullable();
    t.string('version', 64).nullable();
    t.string('platform', 32).notNullable();
    t.string('source', 64).nullable();
    t.bigInteger('first_seen_at').notNullable();
    t.bigInteger('last_seen_at').notNullable();
    t.primary(['workstation_id', 'platform', 'full_name']);
    t.index(['org_id', 'full_name']);
  });
  await knex.schema.createTable('posture_scans', (t) => {
    t.string('id', 26).primary();
    t.string('org_id', 26).notNullable();
    t.string('workstation_id', 26).notNullable().references('id').inTable('workstations').onDelete('CASCADE');
    t.string('source', 64).nullable();
    t.integer('score').nullable();
    t.string('grade', 4).nullable();
    t.text('checks').notNullable();
    t.text('raw_report').nullable();
    t.bigInteger('created_at').notNullable();
    t.index(['workstation_id', 'created_at']);
  });
  await knex.schema.createTable('outbox', (t) => {
    t.string('id', 26).primary();
    t.string('org_id', 26).notNullable();
    t.string('event_type', 64).notNullable();
    t.string('severity', 16).notNullable();
    // The spec's event_id is `<source_table>:<source_id>`.
    t.string('source_table', 64).notNullable();
    t.string('source_id', 64).notNullable();
    t.string('workstation_id', 26).nullable();
    t.string('surface', 32).nullable();
    // Event facts for the payload builder (host, session, risk, evidence, actor), JSON.
    t.text('data').notNullable();
    t.bigInteger('occurred_at').notNullable();
    // Set once the notifications worker has matched the event to routes.
    t.bigInteger('dispatched_at').nullable();
    t.index(['dispatched_at', 'id']);
    t.index(['org_id', 'occurred_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['outbox', 'posture_scans', 'plugins', 'mcp_servers', 'skills', 'sessions', 'workstation_surfaces', 'workstations']) {
    await knex.schema.dropTableIfExists(table);
  }
}
