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
import { newId } from '../ids.js';
import type { NotificationsRepo } from '../store/notifications-repo.js';
import type { EventPayload } from './payload.js';
import { nextState, type DeliveryStatus } from './schedule.js';
import type { AttemptResult } from './sender.js';

export interface ClaimedDelivery {
  id: string;
  orgId: string;
  destinationId: string;
  /** The attempt this claim is for (1-based). */
  attemptNo: number;
  payload: EventPayload;
  destination: { kind: string; url: string; secret: string; credential: string | null; options: Record<string, string>; deleted: boolean } | null;
}

export async function claimDueDeliveries(notifications: NotificationsRepo, worker: string, input: { limit: number; leaseMs: number; now?: number }): Promise<ClaimedDelivery[]> {
  const rows = await notifications.claimDueDeliveries(worker, { limit: input.limit, leaseMs: input.leaseMs, now: input.now ?? Date.now() });
  return rows.map((r) => ({
    id: r.id,
    orgId: r.org_id,
    destinationId: r.destination_id,
    attemptNo: r.attempt_count + 1,
    payload: JSON.parse(r.payload) as EventPayload,
    destination: r.destination ? { ...r.destination, options: JSON.parse(r.destination.options) as Record<string, string> } : null,
  }));
}

/** Records a finished attempt; false when the lease was lost (nothing is written then). */
export async function recordAttempt(notifications: NotificationsRepo, worker: string, claim: ClaimedDelivery, result: AttemptResult, scale: number): Promise<{ recorded: boolean; status: DeliveryStatus; nextAttemptAt: number | null }> {
  const now = Date.now();
  const next = nextState(claim.attemptNo, result.outcome, now, scale);
  const recorded = await notifications.recordAttempt(
    worker,
    {
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
    },
    { status: next.status, nextAttemptAt: next.nextAttemptAt, statusCode: result.statusCode, errorClass: result.errorClass },
    now,
  );
  return { recorded, ...next };
}

/** A delivery whose destination was removed is closed without an attempt. */
export function cancelClaimed(notifications: NotificationsRepo, worker: string, claim: ClaimedDelivery): Promise<void> {
  return notifications.cancelClaimed(claim.orgId, worker, claim.id, Date.now());
}
