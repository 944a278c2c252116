// Fleet columns for reads at 100,000 hosts (docs/api-fleet.md, "How the fleet reads stay fast").
//
// The derived views (protection, risk, runtime health, owner, filters) are pure functions of a
// host's evidence and the clock. Computing them for every host on every list or stat request
// does not scale, so each host also stores its classification, refreshed by the classifier when
// its evidence changes (class_valid_until = 0 marks a row dirty) and when the clock crosses one
// of the thresholds the classification depends on (class_valid_until = that moment). Lists
// filter on these columns through indexes; the stat cards are one aggregate over one covering
// index. Online status is never stored: it is `last_seen_at` against the clock, in the query.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('workstations', (t) => {
    t.bigInteger('first_agent_activity_at').nullable();
    t.bigInteger('last_runtime_heartbeat_at').nullable();
    // Set whenever last_seen_at moves; the offline sweep only looks at rows that have it set.
    t.boolean('offline_pending').notNullable().defaultTo(true);
    // Stored classification (see header). Labels as the derive functions return them.
    t.string('protection_state', 16).notNullable().defaultTo('Unknown');
    t.string('runtime_health', 8).notNullable().defaultTo('unknown');
    t.string('risk_level', 8).notNullable().defaultTo('Low');
    t.string('risk_reason', 24).notNullable().defaultTo('Telemetry pending');
    t.string('baseline_status', 12).notNullable().defaultTo('Off');
    t.boolean('needs_action').notNullable().defaultTo(false);
    t.boolean('owner_verified').notNullable().defaultTo(false);
    t.boolean('mdm_evidence').notNullable().defaultTo(false);
    t.boolean('shadow_ai').notNullable().defaultTo(false);
    t.boolean('missing_hook').notNullable().defaultTo(false);
    // Bit i = SURFACES[i] is a connected surface (fleet/classify.ts).
    t.integer('surfaces_mask').notNullable().defaultTo(0);
    // Posture notes other than version_update (which depends on the whole fleet's newest version).
    t.integer('posture_mask').notNullable().defaultTo(0);
    t.bigInteger('class_valid_until').notNullable().defaultTo(0);
    // Bumped whenever a writer marks the row dirty, so a classifier that read older evidence
    // cannot overwrite the dirty mark with a stale result.
    t.integer('class_gen').notNullable().defaultTo(0);
  });
  await knex.schema.alterTable('workstations', (t) => {
    // The list's keyset order (last_seen_at DESC, id DESC) with every filter, search and stat
    // column in the index: a filtered first page scans index entries until it has 50 matches
    // (testing the filter on the index entry, before any row is read) and the stat cards read
    // this index only, never the wide rows.
    t.index(
      ['org_id', 'last_seen_at', 'id', 'surfaces_mask', 'runtime_health', 'risk_level', 'shadow_ai', 'missing_hook', 'needs_action', 'owner_verified', 'mdm_evidence', 'posture_mask', 'hostname', 'display_name'],
      'ws_fleet_list',
    );
    // Rare values of the two multi-valued filters are found without scanning the fleet.
    t.index(['org_id', 'runtime_health', 'last_seen_at', 'id'], 'ws_runtime_health');
    t.index(['org_id', 'risk_level', 'last_seen_at', 'id'], 'ws_risk_level');
    // Agent-version distribution and the version_update posture note.
    t.index(['org_id', 'agent_version', 'posture_mask'], 'ws_agent_version');
    // Registration order (over-plan-limit marker) and the classifier's and sweep's work queues.
    t.index(['org_id', 'id'], 'ws_org_id');
    t.index(['class_valid_until'], 'ws_class_due');
    t.index(['offline_pending', 'last_seen_at'], 'ws_offline_due');
  });
  await knex.schema.alterTable('workstation_surfaces', (t) => {
    // Expected-hook health and scope of a surface, as the scanner, broker or MDM reported them.
    t.boolean('hooks_healthy').nullable();
    t.string('scope', 16).nullable();
  });
  await knex.schema.alterTable('workstation_surfaces', (t) => {
    // GET /claude-code/health: the newest event of a surface and its active hosts.
    t.index(['org_id', 'surface', 'last_event_at'], 'surfaces_org_surface_event');
  });
  await knex.schema.alterTable('shield_events', (t) => {
    // GET /claude-code/health: events of one surface in the last 24 hours, without reading the
    // org's other surfaces' events.
    t.index(['org_id', 'surface', 'created_at'], 'shield_events_org_surface');
  });
  await knex.schema.alterTable('sessions', (t) => {
    t.index(['workstation_id', 'last_seen_at'], 'sessions_ws_last_seen');
  });
  // Inventory views aggregate by name; covering indexes keep the wide rows (previews) unread.
  await knex.schema.alterTable('skills', (t) => {
    t.index(['org_id', 'name', 'workstation_id', 'hash', 'risk_score', 'first_seen_at', 'last_seen_at'], 'skills_org_name_ws');
    t.index(['org_id', 'name', 'source', 'risk_flags'], 'skills_org_name_flags');
  });
  await knex.schema.alterTable('mcp_servers', (t) => {
    t.index(['org_id', 'name', 'platform', 'type', 'source', 'command', 'first_seen_at', 'last_seen_at'], 'mcp_org_name_agg');
  });
  await knex.schema.alterTable('plugins', (t) => {
    t.index(['org_id', 'full_name', 'platform', 'version', 'source', 'first_seen_at', 'last_seen_at'], 'plugins_org_name_agg');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('plugins', (t) => t.dropIndex([], 'plugins_org_name_agg'));
  await knex.schema.alterTable('mcp_servers', (t) => t.dropIndex([], 'mcp_org_name_agg'));
  await knex.schema.alterTable('skills', (t) => {
    t.dropIndex([], 'skills_org_name_ws');
    t.dropIndex([], 'skills_org_name_flags');
  });
  await knex.schema.alterTable('sessions', (t) => t.dropIndex([], 'sessions_ws_last_seen'));
  await knex.schema.alterTable('shield_events', (t) => t.dropIndex([], 'shield_events_org_surface'));
  await knex.schema.alterTable('workstation_surfaces', (t) => t.dropIndex([], 'surfaces_org_surface_event'));
  await knex.schema.alterTable('workstation_surfaces', (t) => {
    t.dropColumn('hooks_healthy');
    t.dropColumn('scope');
  });
  await knex.schema.alterTable('workstations', (t) => {
    for (const name of ['ws_fleet_list', 'ws_runtime_health', 'ws_risk_level', 'ws_agent_version', 'ws_org_id', 'ws_class_due', 'ws_offline_due']) t.dropIndex([], name);
  });
  await knex.schema.alterTable('workstations', (t) => {
    for (const c of [
      'first_agent_activity_at',
      'last_runtime_heartbeat_at',
      'offline_pending',
      'protection_state',
      'runtime_health',
      'risk_level',
      'risk_reason',
      'baseline_status',
      'needs_action',
      'owner_verified',
      'mdm_evidence',
      'shadow_ai',
      'missing_hook',
      'surfaces_mask',
      'posture_mask',
      'class_valid_until',
      'class_gen',
    ])
      t.dropColumn(c);
  });
}
