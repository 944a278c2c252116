// Telemetry (issue #20): one row per OTLP log record the agents export, mapped at ingest to a
// workstation, session and person where the record or the hooks allow it. Reads aggregate
// these rows per org and window; anomalies already announced are remembered so a read does not
// announce them twice.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('otlp_events', (t) => {
    t.string('id', 26).primary();
    t.string('org_id', 26).notNullable();
    // claude-code | codex | gemini | other (from service.name / the event name's prefix)
    t.string('source', 32).notNullable();
    // The event name without the agent prefix: api_request, tool_decision, user_prompt, …
    t.string('event_name', 64).notNullable();
    t.string('session_key', 200).nullable();
    t.string('workstation_id', 26).nullable();
    t.string('hostname', 255).nullable();
    t.string('machine_id', 200).nullable();
    t.string('user_email', 320).nullable();
    t.string('user_account', 200).nullable();
    t.string('team', 200).nullable();
    // host | session | none: how workstation_id was found
    t.string('mapped_by', 12).notNullable();
    t.string('model', 128).nullable();
    t.bigInteger('input_tokens').notNullable().defaultTo(0);
    t.bigInteger('output_tokens').notNullable().defaultTo(0);
    t.bigInteger('cache_read_tokens').notNullable().defaultTo(0);
    t.bigInteger('cache_creation_tokens').notNullable().defaultTo(0);
    t.bigInteger('cost_micros').notNullable().defaultTo(0);
    t.integer('duration_ms').nullable();
    t.string('tool_name', 200).nullable();
    t.string('decision', 32).nullable();
    // Set only when the agent itself chose to export prompt text; truncated and redacted.
    t.text('prompt').nullable();
    // Bounded JSON of the other attributes (prompt, response and tool arguments left out).
    t.text('attributes').nullable();
    t.bigInteger('event_at').notNullable();
    t.bigInteger('received_at').notNullable();
    // Every read is a window on event time; two secondary indexes keep the ingest rate up.
    t.index(['org_id', 'event_at'], 'otlp_events_org_event');
    t.index(['org_id', 'session_key'], 'otlp_events_org_session');
  });
  await knex.schema.createTable('otlp_anomalies', (t) => {
    t.string('id', 26).primary();
    t.string('org_id', 26).notNullable();
    // `<user>|<day>`: one announcement per person and day.
    t.string('anomaly_key', 400).notNullable();
    t.bigInteger('created_at').notNullable();
    t.unique(['org_id', 'anomaly_key'], { indexName: 'otlp_anomalies_key' });
  });
  // Session correlation looks a session id up across the org's workstations.
  await knex.schema.alterTable('sessions', (t) => {
    t.index(['org_id', 'session_key'], 'sessions_org_session_key');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sessions', (t) => t.dropIndex([], 'sessions_org_session_key'));
  await knex.schema.dropTableIfExists('otlp_anomalies');
  await knex.schema.dropTableIfExists('otlp_events');
}
