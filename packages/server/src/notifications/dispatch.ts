// Outbox → deliveries. The store claims undispatched outbox rows in one transaction (on MySQL
// with FOR UPDATE SKIP LOCKED, so several server processes take disjoint rows; on SQLite one
// process owns the data dir and the transaction is enough); this module matches them against
// their org's routes and turns them into deliveries with their payload, which the store writes
// and marks dispatched in the same transaction. A crash before the commit leaves the rows
// undispatched; the unique dedupe key makes a second dispatch of the same event to the same
// destination impossible.
import { newId } from '../ids.js';
import type { DeliveryRecord, DispatchRoute, NotificationsRepo, OutboxRecordRow } from '../store/notifications-repo.js';
import { PLANS_FOR_NON_EMAIL } from './formats.js';
import { routeMatches, routeView, type RouteView } from './destinations.js';
import { buildEventPayload, parseEventData, type OutboxRecord } from './payload.js';

/** A new delivery row (pending, due at once) for one event and one destination. */
export function newDeliveryRow(event: OutboxRecord, org: { id: string; name: string }, destinationId: string, now: number, replayOf: string | null = null): DeliveryRecord {
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

/** Pure: the deliveries of a batch of events, at most one per event and destination. */
export function plannedDeliveries(events: OutboxRecordRow[], routes: DispatchRoute[], now: number): DeliveryRecord[] {
  // Only orgs whose plan allows destinations (a downgraded org stops receiving).
  const routesByOrg = new Map<string, { route: RouteView; destinationId: string; orgName: string }[]>();
  for (const r of routes) {
    if (!(PLANS_FOR_NON_EMAIL as readonly string[]).includes(r.org_plan)) continue;
    const list = routesByOrg.get(r.org_id) ?? [];
    list.push({ route: routeView(r), destinationId: r.destination_id, orgName: r.org_name });
    routesByOrg.set(r.org_id, list);
  }
  const deliveries: DeliveryRecord[] = [];
  for (const event of events) {
    const orgRoutes = routesByOrg.get(event.org_id);
    if (!orgRoutes) continue;
    const data = parseEventData(event.data);
    const routable = { event_type: event.event_type, severity: event.severity, hostname: data.host?.hostname ?? null, workstation_id: event.workstation_id, surface: event.surface };
    const chosen = new Set<string>();
    for (const { route, destinationId, orgName } of orgRoutes) {
      if (chosen.has(destinationId) || !routeMatches(route, routable)) continue;
      chosen.add(destinationId);
      deliveries.push(newDeliveryRow(event, { id: event.org_id, name: orgName }, destinationId, now));
    }
  }
  return deliveries;
}

export interface DispatchResult {
  events: number;
  deliveries: number;
}

export function dispatchOutbox(notifications: NotificationsRepo, limit = 200, now = Date.now()): Promise<DispatchResult> {
  return notifications.dispatchOutbox(limit, now, (events, routes) => plannedDeliveries(events, routes, now));
}
