// Delivery log, test event and replay (spec: Events, Destinations, test and replay). Every
// query is scoped to the caller's org inside the query.
import type { Knex } from 'knex';
import { z } from 'zod';
import type { KeyPrincipal } from '../accounts/key-cache.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors.js';
import { outboxRow } from './outbox.js';
import { newDeliveryRow } from './dispatch.js';
import { assertPlanAllowsWebhooks } from './destinations.js';
import type { OutboxRecord } from './payload.js';
import { DELIVERY_STATUSES } from './schedule.js';
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

const iso = (ms: unknown) => (ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString());

function deliveryView(row: Record<string, any>, attempts: AttemptView[]): DeliveryView {
  return {
    id: row.id,
    destination_id: row.destination_id,
    event_id: row.event_id,
    event_type: row.event_type,
    severity: row.severity,
    status: row.status,
    attempt_count: Number(row.attempt_count),
    next_attempt_at: iso(row.next_attempt_at),
    replay_of: row.replay_of ?? null,
    last_status_code: row.last_status_code ?? null,
    last_error: row.last_error ?? null,
    created_at: iso(row.created_at)!,
    completed_at: iso(row.completed_at),
    attempts,
  };
}

const DELIVERY_COLUMNS = ['id', 'destination_id', 'event_id', 'event_type', 'severity', 'status', 'attempt_count', 'next_attempt_at', 'replay_of', 'last_status_code', 'last_error', 'created_at', 'completed_at'];

async function withAttempts(knex: Knex, orgId: string, rows: Record<string, any>[]): Promise<DeliveryView[]> {
  const byDelivery = new Map<string, AttemptView[]>();
  if (rows.length > 0) {
    const attempts = await knex('webhook_attempts').where({ org_id: orgId }).whereIn('delivery_id', rows.map((r) => r.id)).orderBy(['delivery_id', 'attempt_no']);
    for (const a of attempts) {
      const list = byDelivery.get(a.delivery_id) ?? [];
      list.push({
        attempt: Number(a.attempt_no),
        at: iso(a.started_at)!,
        status_code: a.status_code ?? null,
        latency_ms: Number(a.latency_ms),
        outcome: a.outcome,
        error: a.error_class ?? null,
        response_excerpt: a.response_excerpt ?? null,
      });
      byDelivery.set(a.delivery_id, list);
    }
  }
  return rows.map((r) => deliveryView(r, byDelivery.get(r.id) ?? []));
}

export async function listDeliveries(knex: Knex, orgId: string, query: z.output<typeof listDeliveriesQuery>): Promise<DeliveryView[]> {
  let q = knex('webhook_deliveries').where({ org_id: orgId });
  if (query.destination_id) q = q.where({ destination_id: query.destination_id });
  if (query.status) q = q.where({ status: query.status });
  if (query.event_type) q = q.where({ event_type: query.event_type });
  if (query.before) q = q.where('id', '<', query.before);
  const rows = await q.orderBy('id', 'desc').limit(query.limit).select(DELIVERY_COLUMNS);
  return withAttempts(knex, orgId, rows);
}

export async function getDelivery(knex: Knex, orgId: string, id: string): Promise<DeliveryView> {
  const row = await knex('webhook_deliveries').where({ org_id: orgId, id }).first(DELIVERY_COLUMNS);
  if (!row) throw new NotFoundError(`No webhook delivery with id ${id} in this organization.`);
  return (await withAttempts(knex, orgId, [row]))[0];
}

async function liveDestination(knex: Knex, orgId: string, id: string) {
  return knex('webhook_destinations').where({ org_id: orgId, id }).whereNull('deleted_at').first('id');
}

async function actorOf(knex: Knex, principal: KeyPrincipal): Promise<{ email: string | null; type: string }> {
  if (!principal.createdBy) return { email: null, type: 'api_key' };
  const user = await knex('users').where({ org_id: principal.orgId, id: principal.createdBy }).first('email');
  return { email: user?.email ?? null, type: 'user' };
}

/**
 * `notification.test`: an outbox record (already dispatched, so no route sees it) and one
 * delivery to this destination only, due at once. The worker signs and sends it like any other.
 */
export async function createTestDelivery(knex: Knex, principal: KeyPrincipal, destinationId: string): Promise<{ delivery_id: string; event_id: string; destination_id: string; status: string }> {
  if (!(await liveDestination(knex, principal.orgId, destinationId))) throw new NotFoundError(`No webhook destination with id ${destinationId} in this organization.`);
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
      actor: await actorOf(knex, principal),
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
  const delivery = newDeliveryRow(row as unknown as OutboxRecord, { id: principal.orgId, name: principal.orgName }, destinationId, now);
  await knex.transaction(async (trx) => {
    await trx('outbox').insert(row);
    await trx('webhook_deliveries').insert(delivery);
  });
  return { delivery_id: delivery.id as string, event_id: delivery.event_id as string, destination_id: destinationId, status: 'pending' };
}

/** Spec: only admins and owners replay. The role is that of the user who created the key. */
export async function replayDelivery(knex: Knex, principal: KeyPrincipal, deliveryId: string): Promise<{ id: string; replay_of: string; destination_id: string; status: string }> {
  const original = await knex('webhook_deliveries').where({ org_id: principal.orgId, id: deliveryId }).first('id', 'destination_id', 'outbox_id');
  if (!original) throw new NotFoundError(`No webhook delivery with id ${deliveryId} in this organization.`);
  if (principal.role !== 'owner' && principal.role !== 'admin') {
    throw new ForbiddenError('Only admins and owners can replay a delivery; use an admin key created by an admin or owner.');
  }
  if (!(await liveDestination(knex, principal.orgId, original.destination_id))) throw new ConflictError('The destination of this delivery was removed; a replay has nowhere to go.');
  const event = await knex('outbox').where({ org_id: principal.orgId, id: original.outbox_id }).first();
  if (!event) throw new ConflictError('The event of this delivery is no longer stored; it cannot be replayed.');
  const org = await knex('orgs').where({ id: principal.orgId }).first('id', 'name');
  // A replay is a new delivery (new X-Service-Delivery id), so receivers that deduplicate process it.
  const row = newDeliveryRow(event as OutboxRecord, { id: org.id, name: org.name }, original.destination_id, Date.now(), original.id);
  await knex('webhook_deliveries').insert(row);
  return { id: row.id as string, replay_of: original.id, destination_id: original.destination_id, status: 'pending' };
}
