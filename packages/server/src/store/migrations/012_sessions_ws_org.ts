// The classifier counts each dirty host's sessions (FleetRepo.sessionCounts: workstation_id IN
// (…) with the org condition). sessions_ws_last_seen (workstation_id, last_seen_at) answered the
// count from the index alone until the query took org_id too; then every counted session cost a
// read of its row (MySQL: a primary-key lookup per session; SQLite: a table lookup by rowid),
// and the classifier's MySQL throughput fell by about a quarter. The same index with org_id last
// covers the count again; host detail (one host's sessions by last_seen_at) and the fleet list's
// session stats (last_seen_at since …) still find their rows by its first two columns.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sessions', (t) => {
    t.index(['workstation_id', 'last_seen_at', 'org_id'], 'sessions_ws_last_seen_org');
  });
  await knex.schema.alterTable('sessions', (t) => t.dropIndex([], 'sessions_ws_last_seen'));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sessions', (t) => {
    t.index(['workstation_id', 'last_seen_at'], 'sessions_ws_last_seen');
  });
  await knex.schema.alterTable('sessions', (t) => t.dropIndex([], 'sessions_ws_last_seen_org'));
}
