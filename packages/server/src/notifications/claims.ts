// Claiming and finishing attempts: what keeps several server processes from sending the same
// attempt twice, and what lets a killed process's work resume.
//
//  - claimDueDeliveries: open deliveries whose next attempt is due and that nobody holds are
//    leased to this worker (claimed_by, claimed_until) in one short transaction; on MySQL the
//    SELECT is FOR UPDATE SKIP LOCKED, so concurrent claimers take disjoint rows.
//  - The lease outlasts the attempt's hard deadline, so a live worker always records its result
//    before anyone else may take the row over.
//  - recordAttempt writes the attempt row and the delivery's next state only while this worker
//    still holds the lease for that attempt number (and the delivery is still open).
//  - A worker killed mid-attempt never records it; after the lease expires the same attempt
//    number is sent again. That is the one at-least-once edge: the receiver may have got it,
//    with the same X-Service-Delivery id, which is why receivers deduplicate on it.
import type { Knex } from 'knex';
import { newId } from '../ids.js';
import type { Dialect } from '../store/index.js';
import type { EventPayload } from './payload.js';
import { nextState, OPEN_STATUSES, type DeliveryStatus } from './schedule.js';
import type { AttemptResult } from './sender.js';
import { workerTransaction } from './tx.js';

export interface ClaimedDelivery {
  id: string;
  orgId: string;
  destinationId: string;
  /** The attempt this claim is for (1-based). */
  attemptNo: number;
  payload: EventPayload;
  destination: { kind: string; url: string; secret: string; credential: string | null; options: Record<string, string>; deleted: boolean } | null;
}

export async function claimDueDeliveries(knex: Knex, dialect: Dialect, worker: string, input: { limit: number; leaseMs: number; now?: number }): Promise<ClaimedDelivery[]> {
  if (input.limit <= 0) return [];
  const now = input.now ?? Date.now();
  const open = [...OPEN_STATUSES];
  const ids = await workerTransaction(knex, dialect, async (trx) => {
    const due = (q: Knex.QueryBuilder) =>
      q
        .whereIn('status', open)
        .where('next_attempt_at', '<=', now)
        .where((w) => w.whereNull('claimed_until').orWhere('claimed_until', '<=', now));
    let select = due(trx('webhook_deliveries')).orderBy('next_attempt_at').limit(input.limit).select('id');
    if (dialect === 'mysql') select = select.forUpdate().skipLocked();
    const rows: { id: string }[] = await select;
    if (rows.length === 0) return [];
    const picked = rows.map((r) => r.id);
    // The conditions are repeated so the update can never take a row another claimer holds.
    await due(trx('webhook_deliveries').whereIn('id', picked)).update({ claimed_by: worker, claimed_until: now + input.leaseMs });
    return picked;
  });
  if (ids.length === 0) return [];
  const rows = await knex('webhook_deliveries as w')
    .leftJoin('webhook_destinations as d', function () {
      this.on('d.id', '=', 'w.destination_id').andOn('d.org_id', '=', 'w.org_id');
    })
    .whereIn('w.id', ids)
    .where('w.claimed_by', worker)
    .select('w.id', 'w.org_id', 'w.destination_id', 'w.attempt_count', 'w.payload', 'd.kind', 'd.url', 'd.secret', 'd.credential', 'd.options', 'd.deleted_at', 'd.id as d_id');
  return rows.map((r) => ({
    id: r.id,
    orgId: r.org_id,
    destinationId: r.destination_id,
    attemptNo: Number(r.attempt_count) + 1,
    payload: JSON.parse(r.payload) as EventPayload,
    destination: r.d_id
      ? { kind: r.kind, url: r.url, secret: r.secret, credential: r.credential ?? null, options: JSON.parse(r.options || '{}'), deleted: r.deleted_at !== null && r.deleted_at !== undefined }
      : null,
  }));
}

/** Records a finished attempt; false when the lease was lost (nothing is written then). */
export async function recordAttempt(knex: Knex, dialect: Dialect, worker: string, claim: ClaimedDelivery, result: AttemptResult, scale: number): Promise<{ recorded: boolean; status: DeliveryStatus; nextAttemptAt: number | null }> {
  const now = Date.now();
  const next = nextState(claim.attemptNo, result.outcome, now, scale);
  const recorded = await workerTransaction(knex, dialect, async (trx) => {
    const n = await trx('webhook_deliveries')
      .where({ id: claim.id, claimed_by: worker, attempt_count: claim.attemptNo - 1 })
      .whereIn('status', [...OPEN_STATUSES])
      .update({
        status: next.status,
        attempt_count: claim.attemptNo,
        next_attempt_at: next.nextAttemptAt,
        claimed_by: null,
        claimed_until: null,
        last_status_code: result.statusCode,
        last_error: result.errorClass,
        updated_at: now,
        completed_at: next.nextAttemptAt === null ? now : null,
      });
    if (n === 0) return false;
    await trx('webhook_attempts').insert({
      id: newId(now),
      org_id: claim.orgId,
      delivery_id: claim.id,
      attempt_no: claim.attemptNo,
      started_at: result.startedAt,
      latency_ms: result.latencyMs,
      status_code: result.statusCode,
      outcome: result.outcome,
      error_class: result.errorClass,
      response_excerpt: result.responseExcerpt,
      worker,
    });
    return true;
  });
  return { recorded, ...next };
}

/** A delivery whose destination was removed is closed without an attempt. */
export async function cancelClaimed(knex: Knex, worker: string, claim: ClaimedDelivery): Promise<void> {
  const now = Date.now();
  await knex('webhook_deliveries')
    .where({ id: claim.id, claimed_by: worker })
    .whereIn('status', [...OPEN_STATUSES])
    .update({ status: 'canceled', next_attempt_at: null, claimed_by: null, claimed_until: null, completed_at: now, updated_at: now });
}
