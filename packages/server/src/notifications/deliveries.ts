// Delivery log, test event and replay (spec: Events, Destinations, test and replay). Every
// query is scoped to the caller's org inside the query.
import { z } from 'zod';
import type { KeyPrincipal } from '../accounts/key-cache.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors.js';
import { outboxRow } from '../outbox.js';
import { newDeliveryRow } from './dispatch.js';
import { assertPlanAllowsWebhooks } from './destinations.js';
import { DELIVERY_STATUSES, type AttemptRecord, type DeliveryListRow, type NotificationsRepo } from '../store/notifications-repo.js';
import type { AttemptView, DeliveryView } from '@service/api';

export const listDeliveriesQuery = z
  .object({
    destination_id: z.string().trim().max(26).optional(),
    status: z.enum(DELIVERY_STATUSES as [string, ...string[]]).optional(),
    event_type: z.string().trim().max(64).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    /** Page backwards: deliveries with an id lower than this one. */
    before: z.string().trim().max(26).optional(),
  })
  .strict();

export type { AttemptView };

export type { DeliveryView };

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function attemptView(a: AttemptRecord): AttemptView {
  return { attempt: a.attempt_no, at: iso(a.started_at)!, status_code: a.status_code, latency_ms: a.latency_ms, outcome: a.outcome, error: a.error_class, response_excerpt: a.response_excerpt };
}

function deliveryView(row: DeliveryListRow, attempts: AttemptView[]): DeliveryView {
  return { ...row, next_attempt_at: iso(row.next_attempt_at), created_at: iso(row.created_at)!, completed_at: iso(row.completed_at), attempts };
}

async function withAttempts(notifications: NotificationsRepo, orgId: string, rows: DeliveryListRow[]): Promise<DeliveryView[]> {
  const byDelivery = new Map<string, AttemptView[]>();
  for (const a of await notifications.attemptsOf(orgId, rows.map((r) => r.id))) {
    byDelivery.set(a.delivery_id, [...(byDelivery.get(a.delivery_id) ?? []), attemptView(a)]);
  }
  return rows.map((r) => deliveryView(r, byDelivery.get(r.id) ?? []));
}

export async function listDeliveries(notifications: NotificationsRepo, orgId: string, query: z.output<typeof listDeliveriesQuery>): Promise<DeliveryView[]> {
  const rows = await notifications.listDeliveries(orgId, { destinationId: query.destination_id, status: query.status, eventType: query.event_type, before: query.before, limit: query.limit });
  return withAttempts(notifications, orgId, rows);
}

export async function getDelivery(notifications: NotificationsRepo, orgId: string, id: string): Promise<DeliveryView> {
  const row = await notifications.findDelivery(orgId, id);
  if (!row) throw new NotFoundError(`No webhook delivery with id ${id} in this organization.`);
  return (await withAttempts(notifications, orgId, [row]))[0];
}

async function actorOf(notifications: NotificationsRepo, principal: KeyPrincipal): Promise<{ email: string | null; type: string }> {
  if (!principal.createdBy) return { email: null, type: 'api_key' };
  return { email: await notifications.userEmail(principal.orgId, principal.createdBy), type: 'user' };
}

/**
 * `notification.test`: an outbox record (already dispatched, so no route sees it) and one
 * delivery to this destination only, due at once. The worker signs and sends it like any other.
 */
export async function createTestDelivery(notifications: NotificationsRepo, principal: KeyPrincipal, destinationId: string): Promise<{ delivery_id: string; event_id: string; destination_id: string; status: string }> {
  if (!(await notifications.findDestination(principal.orgId, destinationId))) throw new NotFoundError(`No webhook destination with id ${destinationId} in this organization.`);
  assertPlanAllowsWebhooks(principal.plan);
  const now = Date.now();
  const row = outboxRow({
    orgId: principal.orgId,
    type: 'notification.test',
    severity: 'info',
    sourceTable: 'outbox',
    sourceId: '',
    occurredAt: now,
    data: {
      actor: await actorOf(notifications, principal),
      evidence: {
        title: 'Test notification',
        summary: 'A test notification requested by an administrator; no action is needed.',
        details: { destination_id: destinationId, requested_with_key: principal.keyId },
      },
    },
  });
  // The test event is its own record: event_id is `outbox:<its id>`.
  row.source_id = row.id;
  row.dispatched_at = now;
  const delivery = newDeliveryRow(row, { id: principal.orgId, name: principal.orgName }, destinationId, now);
  await notifications.insertEventWithDelivery(row, delivery);
  return { delivery_id: delivery.id, event_id: delivery.event_id, destination_id: destinationId, status: 'pending' };
}

/** Spec: only admins and owners replay. The role is that of the user who created the key. */
export async function replayDelivery(notifications: NotificationsRepo, principal: KeyPrincipal, deliveryId: string): Promise<{ id: string; replay_of: string; destination_id: string; status: string }> {
  const original = await notifications.deliverySource(principal.orgId, deliveryId);
  if (!original) throw new NotFoundError(`No webhook delivery with id ${deliveryId} in this organization.`);
  if (principal.role !== 'owner' && principal.role !== 'admin') {
    throw new ForbiddenError('Only admins and owners can replay a delivery; use an admin key created by an admin or owner.');
  }
  if (!(await notifications.findDestination(principal.orgId, original.destination_id))) throw new ConflictError('The destination of this delivery was removed; a replay has nowhere to go.');
  const event = await notifications.findOutboxEvent(principal.orgId, original.outbox_id);
  if (!event) throw new ConflictError('The event of this delivery is no longer stored; it cannot be replayed.');
  const orgName = (await notifications.orgName(principal.orgId)) ?? principal.orgName;
  // A replay is a new delivery (new X-Service-Delivery id), so receivers that deduplicate process it.
  const row = newDeliveryRow(event, { id: principal.orgId, name: orgName }, original.destination_id, Date.now(), original.id);
  await notifications.insertDelivery(row);
  return { id: row.id, replay_of: original.id, destination_id: original.destination_id, status: 'pending' };
}
