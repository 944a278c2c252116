// The fleet stat cards, filter counts and version chart in one pass that neither sorts nor
// evaluates an expression per counter (issue #19: the fleet page's first screen in under 300 ms
// at 100,000 hosts, also on its first render). The index holds the stored classification columns
// and the agent version in GROUP BY order, then last_seen_at: the aggregate reads this index
// only, in order, so each group is counted as the scan passes it, and the only per-row work left
// is the online test of last_seen_at against the clock (online status is never stored).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('workstations', (t) => {
    t.index(
      ['org_id', 'runtime_health', 'risk_level', 'needs_action', 'owner_verified', 'mdm_evidence', 'shadow_ai', 'missing_hook', 'posture_mask', 'surfaces_mask', 'agent_version', 'last_seen_at'],
      'ws_fleet_classes',
    );
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('workstations', (t) => t.dropIndex([], 'ws_fleet_classes'));
}
