// Outbox → deliveries. Undispatched outbox rows are claimed in one transaction (on MySQL with
// FOR UPDATE SKIP LOCKED, so several server processes take disjoint rows; on SQLite one process
// owns the data dir and the transaction is enough), matched against the org's routes, turned
// into deliveries with their payload, and marked dispatched in the same transaction. A crash
// before the commit leaves the rows undispatched; the unique dedupe key makes a second
// dispatch of the same event to the same destination impossible.
import type { Knex } from 'knex';
import { newId } from '../ids.js';
import type { Dialect } from '../store/index.js';
import { PLANS_FOR_NON_EMAIL } from './formats.js';
import { routeMatches, routeView, type RouteView } from './destinations.js';
import { buildEventPayload, parseEventData, type OutboxRecord } from './payload.js';
import { workerTransaction } from './tx.js';

const OUTBOX_COLUMNS = ['id', 'org_id', 'event_type', 'severity', 'source_table', 'source_id', 'workstation_id', 'surface', 'data', 'occurred_at'];

/** A new delivery row (pending, due at once) for one event and one destination. */
export function newDeliveryRow(event: OutboxRecord, org: { id: string; name: string }, destinationId: string, now: number, replayOf: string | null = null): Record<string, unknown> {
  const id = newId(now);
  const payload = buildEventPayload(event, org, { destinationId, deliveryId: id });
  return {
    id,
    org_id: event.org_id,
    destination_id: destinationId,
    outbox_id: event.id,
    dedupe_key: replayOf ? null : `${event.id}:${destinationId}`,
    replay_of: replayOf,
    event_type: event.event_type,
    event_id: payload.event_id.slice(0, 140),
    severity: event.severity,
    payload: JSON.stringify(payload),
    status: 'pending',
    attempt_count: 0,
    next_attempt_at: now,
    claimed_by: null,
    claimed_until: null,
    created_at: now,
    updated_at: now,
  };
}

export interface DispatchResult {
  events: number;
  deliveries: number;
}

export async function dispatchOutbox(knex: Knex, dialect: Dialect, limit = 200, now = Date.now()): Promise<DispatchResult> {
  return workerTransaction(knex, dialect, async (trx) => {
    let query = trx('outbox').whereNull('dispatched_at').orderBy('id').limit(limit).select(OUTBOX_COLUMNS);
    if (dialect === 'mysql') query = query.forUpdate().skipLocked();
    const events = (await query) as OutboxRecord[];
    if (events.length === 0) return { events: 0, deliveries: 0 };

    const orgIds = [...new Set(events.map((e) => e.org_id))];
    // Only live destinations of orgs whose plan allows them (a downgraded org stops receiving).
    const routeRows = await trx('webhook_routes as r')
      .join('webhook_destinations as d', 'd.id', 'r.destination_id')
      .join('orgs as o', 'o.id', 'd.org_id')
      .whereIn('r.org_id', orgIds)
      .whereRaw('r.org_id = d.org_id')
      .where('d.enabled', true)
      .whereNull('d.deleted_at')
      .whereIn('o.plan', [...PLANS_FOR_NON_EMAIL])
      .select('r.id', 'r.org_id', 'r.destination_id', 'r.event_types', 'r.min_severity', 'r.host', 'r.surface', 'o.name as org_name');
    const routesByOrg = new Map<string, { route: RouteView; destinationId: string; orgName: string }[]>();
    for (const r of routeRows) {
      const list = routesByOrg.get(r.org_id) ?? [];
      list.push({ route: routeView(r), destinationId: r.destination_id, orgName: r.org_name });
      routesByOrg.set(r.org_id, list);
    }

    const deliveries: Record<string, unknown>[] = [];
    for (const event of events) {
      const routes = routesByOrg.get(event.org_id);
      if (!routes) continue;
      const data = parseEventData(event.data);
      const routable = { event_type: event.event_type, severity: event.severity, hostname: data.host?.hostname ?? null, workstation_id: event.workstation_id, surface: event.surface };
      const chosen = new Set<string>();
      for (const { route, destinationId, orgName } of routes) {
        if (chosen.has(destinationId) || !routeMatches(route, routable)) continue;
        chosen.add(destinationId);
        deliveries.push(newDeliveryRow(event, { id: event.org_id, name: orgName }, destinationId, now));
      }
    }
    for (let i = 0; i < deliveries.length; i += 100) {
      await trx('webhook_deliveries').insert(deliveries.slice(i, i + 100)).onConflict('dedupe_key').ignore();
    }
    await trx('outbox').whereIn('id', events.map((e) => e.id)).update({ dispatched_at: now });
    return { events: events.length, deliveries: deliveries.length };
  });
}
