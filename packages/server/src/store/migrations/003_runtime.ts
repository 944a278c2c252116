// Runtime decisions: shield events (every evaluate/audit/collector event), the org's policy,
// and the MCP gateway's last-synced tool inventory (for drift detection).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('shield_events', (t) => {
    t.string('id', 26).primary();
    t.string('org_id', 26).notNullable();
    t.string('workstation_id', 26).nullable();
    t.string('hostname', 255).nullable();
    t.string('surface', 32).notNullable();
    t.string('event', 64).notNullable();
    // evaluate | audit | collector | mcp_evaluate | mcp_event
    t.string('kind', 16).notNullable();
    t.string('session_key', 200).nullable();
    t.string('tool_name', 200).notNullable();
    t.string('canonical_tool', 16).notNullable();
    t.string('verdict', 8).notNullable();
    t.string('severity', 16).notNullable();
    t.string('pattern_name', 120).nullable();
    t.string('category', 64).nullable();
    t.string('detection_layer', 32).notNullable();
    t.string('reason', 500).notNullable();
    t.string('summary', 500).notNullable();
    t.integer('policy_version').notNullable();
    t.string('input_hash', 64).nullable();
    t.text('context').nullable();
    t.bigInteger('created_at').notNullable();
    // Every decision writes each index, so only queried ones exist: recent and the blocked
    // stat use (org_id, verdict, created_at); host detail (workstation_id, created_at); hook
    // health adds (org_id, surface, created_at) in 005.
    t.index(['org_id', 'verdict', 'created_at']);
    t.index(['workstation_id', 'created_at']);
  });
  await knex.schema.createTable('org_policies', (t) => {
    t.string('org_id', 26).primary().references('id').inTable('orgs').onDelete('CASCADE');
    t.text('policy').notNullable();
    t.string('pack_slug', 64).nullable();
    t.bigInteger('updated_at').notNullable();
  });
  await knex.schema.createTable('mcp_gateway_inventory', (t) => {
    t.string('org_id', 26).notNullable();
    t.string('server', 200).notNullable();
    t.string('tools_hash', 64).notNullable();
    t.text('tools').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.primary(['org_id', 'server']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['mcp_gateway_inventory', 'org_policies', 'shield_events']) await knex.schema.dropTableIfExists(table);
}
