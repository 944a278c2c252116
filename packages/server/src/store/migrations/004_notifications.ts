// Webhook notifications: destinations (with their signing secret), the routes that select
// events for them, deliveries (one per event and destination, stable id across attempts)
// and the attempt log. All delivery state lives here so a killed server loses nothing.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('webhook_destinations', (t) => {
    t.string('id', 26).primary();
    t.string('org_id', 26).notNullable().references('id').inTable('orgs').onDelete('CASCADE');
    t.string('name', 200).notNullable();
    t.string('kind', 32).notNullable();
    t.string('url', 2000).notNullable();
    // HMAC key of X-Service-Signature. Readable because the worker must sign with it; never
    // returned by the API after creation and never logged (the logger masks `whsec_` too).
    t.string('secret', 128).notNullable();
    // Kind-specific credential (routing key, HEC token, basic auth), same rules as the secret.
    t.text('credential').nullable();
    // Kind-specific non-secret options (JSON object), e.g. a ticket project key.
    t.text('options').notNullable();
    t.boolean('enabled').notNullable().defaultTo(true);
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    // Removed destinations are kept (without secrets) so the delivery log still names them.
    t.bigInteger('deleted_at').nullable();
    t.index(['org_id', 'deleted_at']);
  });
  await knex.schema.createTable('webhook_routes', (t) => {
    t.string('id', 26).primary();
    t.string('org_id', 26).notNullable();
    t.string('destination_id', 26).notNullable().references('id').inTable('webhook_destinations').onDelete('CASCADE');
    // JSON array of event types or group wildcards (`activity.*`), or ["*"].
    t.text('event_types').notNullable();
    t.string('min_severity', 16).notNullable();
    t.string('host', 255).nullable();
    t.string('surface', 32).nullable();
    t.bigInteger('created_at').notNullable();
    t.index(['org_id']);
    t.index(['destination_id']);
  });
  await knex.schema.createTable('webhook_deliveries', (t) => {
    // Sent as X-Service-Delivery: the same for every attempt of this delivery.
    t.string('id', 26).primary();
    t.string('org_id', 26).notNullable();
    t.string('destination_id', 26).notNullable();
    t.string('outbox_id', 26).notNullable();
    // `<outbox id>:<destination id>` for routed deliveries, so dispatching the same event twice
    // (two processes, a retried transaction) cannot create a second delivery; null for replays.
    t.string('dedupe_key', 60).nullable().unique();
    t.string('replay_of', 26).nullable();
    t.string('event_type', 64).notNullable();
    t.string('event_id', 140).notNullable();
    t.string('severity', 16).notNullable();
    // The generic event payload (JSON). Every attempt renders and signs exactly this.
    t.text('payload').notNullable();
    // pending | retrying | sent | failed_permanent | failed_exhausted | canceled
    t.string('status', 24).notNullable();
    t.integer('attempt_count').notNullable().defaultTo(0);
    t.bigInteger('next_attempt_at').nullable();
    // Lease of the worker sending the next attempt; expired leases are taken over.
    t.string('claimed_by', 80).nullable();
    t.bigInteger('claimed_until').nullable();
    t.integer('last_status_code').nullable();
    t.string('last_error', 64).nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.bigInteger('completed_at').nullable();
    t.index(['status', 'next_attempt_at']);
    t.index(['org_id', 'created_at']);
    t.index(['destination_id', 'created_at']);
  });
  await knex.schema.createTable('webhook_attempts', (t) => {
    t.string('id', 26).primary();
    t.string('org_id', 26).notNullable();
    t.string('delivery_id', 26).notNullable().references('id').inTable('webhook_deliveries').onDelete('CASCADE');
    t.integer('attempt_no').notNullable();
    t.bigInteger('started_at').notNullable();
    t.integer('latency_ms').notNullable();
    t.integer('status_code').nullable();
    // success | retryable | permanent
    t.string('outcome', 16).notNullable();
    // null on an HTTP answer; otherwise timeout, network_error, dns_error, blocked_address, …
    t.string('error_class', 64).nullable();
    // JSON-escaped, truncated receiver response: never shown raw to anyone.
    t.text('response_excerpt').nullable();
    t.string('worker', 80).notNullable();
    // A second guard beside the lease: one row per attempt number.
    t.unique(['delivery_id', 'attempt_no']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['webhook_attempts', 'webhook_deliveries', 'webhook_routes', 'webhook_destinations']) {
    await knex.schema.dropTableIfExists(table);
  }
}
