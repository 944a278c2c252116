// SQL of webhook destinations, routes, deliveries and attempts (notifications/*.ts holds the
// rules). Every query of an admin verb takes org_id. The delivery worker's three reads across
// orgs are the documented exception, named for it: claiming undispatched outbox rows
// (dispatchOutbox), claiming due deliveries (claimDueDeliveries), and finishing a claim by its
// lease (recordAttempt, cancelClaimed carry the claimed row's org_id). Each claimed row is then
// handled with its own org_id.
//
// The worker's transactions run at READ COMMITTED on MySQL: the locking reads that claim rows
// (FOR UPDATE SKIP LOCKED) then lock only the rows they return, without the gap locks of
// REPEATABLE READ that make a concurrent dispatcher's INSERT deadlock with them.
import type { Knex } from 'knex';
import type { Dialect } from './connection.js';
import type { Tx } from './repo.js';
import { emailOfUser } from './activity-log-repo.js';
import { isDeadlock, retryingTransaction } from './retrying-transaction.js';

export type DeliveryStatus = 'pending' | 'retrying' | 'sent' | 'failed_permanent' | 'failed_exhausted' | 'canceled';
export const DELIVERY_STATUSES: readonly DeliveryStatus[] = ['pending', 'retrying', 'sent', 'failed_permanent', 'failed_exhausted', 'canceled'];
/** A delivery in these states still has an attempt to make. */
export const OPEN_STATUSES: readonly DeliveryStatus[] = ['pending', 'retrying'];

export interface DestinationRecord {
  id: string;
  org_id: string;
  name: string;
  kind: string;
  url: string;
  secret: string;
  credential: string | null;
  /** JSON object of the kind's options. */
  options: string;
  enabled: boolean;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export interface RouteRecord {
  id: string;
  org_id: string;
  destination_id: string;
  /** JSON array of event selectors. */
  event_types: string;
  min_severity: string;
  host: string | null;
  surface: string | null;
  created_at: number;
}

/** An outbox row as stored (outbox.ts shapes it). A type, so it is a plain record too. */
export type OutboxRecordRow = {
  id: string;
  org_id: string;
  event_type: string;
  severity: string;
  source_table: string;
  source_id: string;
  workstation_id: string | null;
  surface: string | null;
  data: string;
  occurred_at: number;
};

export interface DeliveryRecord {
  id: string;
  org_id: string;
  destination_id: string;
  outbox_id: string;
  dedupe_key: string | null;
  replay_of: string | null;
  event_type: string;
  event_id: string;
  severity: string;
  payload: string;
  status: DeliveryStatus;
  attempt_count: number;
  next_attempt_at: number | null;
  claimed_by: string | null;
  claimed_until: number | null;
  created_at: number;
  updated_at: number;
}

/** A delivery as the log shows it (no payload). */
export interface DeliveryListRow {
  id: string;
  destination_id: string;
  event_id: string;
  event_type: string;
  severity: string;
  status: string;
  attempt_count: number;
  next_attempt_at: number | null;
  replay_of: string | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: number;
  completed_at: number | null;
}

export interface AttemptRecord {
  id: string;
  org_id: string;
  delivery_id: string;
  attempt_no: number;
  started_at: number;
  latency_ms: number;
  status_code: number | null;
  outcome: string;
  error_class: string | null;
  /** At most 1 KiB of the receiver's answer, as a JSON string literal. */
  response_excerpt: string | null;
  worker: string;
}

export interface DeliveryFilter {
  destinationId?: string;
  status?: string;
  eventType?: string;
  /** Deliveries with an id lower than this one (paging backwards). */
  before?: string;
  limit: number;
}

/** A live, enabled route of an org, with what dispatch needs of its org. */
export interface DispatchRoute extends Pick<RouteRecord, 'id' | 'org_id' | 'destination_id' | 'event_types' | 'min_severity' | 'host' | 'surface'> {
  org_name: string;
  org_plan: string;
}

/** A delivery leased to one worker, with its destination as it is now (null: the row is gone). */
export interface ClaimedDeliveryRow {
  id: string;
  org_id: string;
  destination_id: string;
  attempt_count: number;
  payload: string;
  destination: { kind: string; url: string; secret: string; credential: string | null; options: string; deleted: boolean } | null;
}

/** The delivery's state after an attempt, written with the attempt's row. */
export interface DeliveryOutcome {
  status: DeliveryStatus;
  nextAttemptAt: number | null;
  statusCode: number | null;
  errorClass: string | null;
}

export interface NotificationsRepo {
  /** Runs `work` in one transaction, retried whole when MySQL picks it as a deadlock victim. */
  transaction<T>(work: (repo: NotificationsRepo, tx: Tx) => Promise<T>): Promise<T>;

  insertDestination(destination: DestinationRecord, route: RouteRecord): Promise<void>;
  listDestinations(orgId: string): Promise<DestinationRecord[]>;
  /** The org's destination unless removed. */
  findDestination(orgId: string, id: string): Promise<DestinationRecord | undefined>;
  routesOf(orgId: string, destinationIds: string[]): Promise<RouteRecord[]>;
  /** Changes a destination unless removed; false when there is none. */
  updateDestination(orgId: string, id: string, changes: Partial<Pick<DestinationRecord, 'enabled' | 'name' | 'updated_at'>>): Promise<boolean>;
  /**
   * Marks the destination removed and erases its secret and credential at once; false when
   * there is no live one. The row stays so the delivery log keeps a name.
   */
  removeDestination(orgId: string, id: string, at: number): Promise<boolean>;
  deleteRoutes(orgId: string, destinationId: string): Promise<void>;
  /** Cancels the destination's open deliveries; answers how many. */
  cancelOpenDeliveries(orgId: string, destinationId: string, at: number): Promise<number>;

  listDeliveries(orgId: string, filter: DeliveryFilter): Promise<DeliveryListRow[]>;
  findDelivery(orgId: string, id: string): Promise<DeliveryListRow | undefined>;
  attemptsOf(orgId: string, deliveryIds: string[]): Promise<AttemptRecord[]>;
  /** What a replay needs of the original delivery. */
  deliverySource(orgId: string, id: string): Promise<{ id: string; destination_id: string; outbox_id: string } | undefined>;
  findOutboxEvent(orgId: string, id: string): Promise<OutboxRecordRow | undefined>;
  orgName(orgId: string): Promise<string | undefined>;
  userEmail(orgId: string, userId: string | null): Promise<string | null>;
  insertDelivery(delivery: DeliveryRecord): Promise<void>;
  /** An outbox row and its delivery, in one transaction (the test event). */
  insertEventWithDelivery(event: OutboxRecordRow & { dispatched_at: number | null }, delivery: DeliveryRecord): Promise<void>;

  /**
   * Worker, every org: claims up to `limit` undispatched outbox rows (SKIP LOCKED on MySQL),
   * lets `plan` turn them into deliveries given the live routes of their orgs, inserts those
   * (a second delivery of one event to one destination is ignored) and marks the rows
   * dispatched, all in one transaction.
   */
  dispatchOutbox(limit: number, now: number, plan: (events: OutboxRecordRow[], routes: DispatchRoute[]) => DeliveryRecord[]): Promise<{ events: number; deliveries: number }>;
  /**
   * Worker, every org: leases open deliveries whose attempt is due and that nobody holds to
   * `worker` until `now + leaseMs`; concurrent claimers take disjoint rows.
   */
  claimDueDeliveries(worker: string, input: { limit: number; leaseMs: number; now: number }): Promise<ClaimedDeliveryRow[]>;
  /**
   * Writes the attempt and the delivery's next state only while `worker` still holds the lease
   * for that attempt number and the delivery is open; false (nothing written) otherwise.
   */
  recordAttempt(worker: string, attempt: AttemptRecord, outcome: DeliveryOutcome, now: number): Promise<boolean>;
  /** Closes a claimed delivery without an attempt (its destination was removed). */
  cancelClaimed(orgId: string, worker: string, deliveryId: string, now: number): Promise<void>;
}

/** A lock conflict of the worker's claims: routine, the transaction rolled back and is tried again. */
export function isLockConflict(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code ?? '';
  return isDeadlock(err) || code === 'ER_LOCK_WAIT_TIMEOUT' || code.startsWith('SQLITE_BUSY');
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function deliveryListRow(r: Record<string, any>): DeliveryListRow {
  return {
    id: r.id,
    destination_id: r.destination_id,
    event_id: r.event_id,
    event_type: r.event_type,
    severity: r.severity,
    status: r.status,
    attempt_count: Number(r.attempt_count),
    next_attempt_at: num(r.next_attempt_at),
    replay_of: r.replay_of ?? null,
    last_status_code: num(r.last_status_code),
    last_error: r.last_error ?? null,
    created_at: Number(r.created_at),
    completed_at: num(r.completed_at),
  };
}

function destinationRecord(r: Record<string, any>): DestinationRecord {
  return { ...(r as DestinationRecord), enabled: Boolean(r.enabled), created_at: Number(r.created_at), updated_at: Number(r.updated_at), deleted_at: num(r.deleted_at) };
}

const DELIVERY_COLUMNS = ['id', 'destination_id', 'event_id', 'event_type', 'severity', 'status', 'attempt_count', 'next_attempt_at', 'replay_of', 'last_status_code', 'last_error', 'created_at', 'completed_at'];
const OUTBOX_COLUMNS = ['id', 'org_id', 'event_type', 'severity', 'source_table', 'source_id', 'workstation_id', 'surface', 'data', 'occurred_at'];

export class KnexNotificationsRepo implements NotificationsRepo {
  constructor(
    private readonly db: Knex,
    private readonly dialect: Dialect,
  ) {}

  transaction<T>(work: (repo: NotificationsRepo, tx: Tx) => Promise<T>): Promise<T> {
    return retryingTransaction(this.db, (trx) => work(new KnexNotificationsRepo(trx, this.dialect), trx));
  }

  /** A transaction of the delivery worker (see the head of this file). */
  private workerTransaction<T>(scope: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
    return this.dialect === 'mysql' ? this.db.transaction(scope, { isolationLevel: 'read committed' }) : this.db.transaction(scope);
  }

  async insertDestination(destination: DestinationRecord, route: RouteRecord): Promise<void> {
    await this.db('webhook_destinations').insert(destination);
    await this.db('webhook_routes').insert(route);
  }

  async listDestinations(orgId: string): Promise<DestinationRecord[]> {
    const rows = await this.db('webhook_destinations').where({ org_id: orgId }).whereNull('deleted_at').orderBy('created_at');
    return rows.map(destinationRecord);
  }

  async findDestination(orgId: string, id: string): Promise<DestinationRecord | undefined> {
    const row = await this.db('webhook_destinations').where({ org_id: orgId, id }).whereNull('deleted_at').first();
    return row ? destinationRecord(row) : undefined;
  }

  async routesOf(orgId: string, destinationIds: string[]): Promise<RouteRecord[]> {
    if (destinationIds.length === 0) return [];
    const rows = await this.db('webhook_routes').where({ org_id: orgId }).whereIn('destination_id', destinationIds).orderBy('id');
    return rows.map((r) => ({ ...r, created_at: Number(r.created_at), host: r.host ?? null, surface: r.surface ?? null }));
  }

  async updateDestination(orgId: string, id: string, changes: Partial<Pick<DestinationRecord, 'enabled' | 'name' | 'updated_at'>>): Promise<boolean> {
    return (await this.db('webhook_destinations').where({ org_id: orgId, id }).whereNull('deleted_at').update(changes)) > 0;
  }

  async removeDestination(orgId: string, id: string, at: number): Promise<boolean> {
    const n = await this.db('webhook_destinations').where({ org_id: orgId, id }).whereNull('deleted_at').update({ deleted_at: at, updated_at: at, enabled: false, secret: '', credential: null });
    return n > 0;
  }

  async deleteRoutes(orgId: string, destinationId: string): Promise<void> {
    await this.db('webhook_routes').where({ org_id: orgId, destination_id: destinationId }).delete();
  }

  async cancelOpenDeliveries(orgId: string, destinationId: string, at: number): Promise<number> {
    return this.db('webhook_deliveries')
      .where({ org_id: orgId, destination_id: destinationId })
      .whereIn('status', [...OPEN_STATUSES])
      .update({ status: 'canceled', next_attempt_at: null, completed_at: at, updated_at: at });
  }

  async listDeliveries(orgId: string, filter: DeliveryFilter): Promise<DeliveryListRow[]> {
    let q = this.db('webhook_deliveries').where({ org_id: orgId });
    if (filter.destinationId) q = q.where({ destination_id: filter.destinationId });
    if (filter.status) q = q.where({ status: filter.status });
    if (filter.eventType) q = q.where({ event_type: filter.eventType });
    if (filter.before) q = q.where('id', '<', filter.before);
    const rows = await q.orderBy('id', 'desc').limit(filter.limit).select(DELIVERY_COLUMNS);
    return rows.map(deliveryListRow);
  }

  async findDelivery(orgId: string, id: string): Promise<DeliveryListRow | undefined> {
    const row = await this.db('webhook_deliveries').where({ org_id: orgId, id }).first(DELIVERY_COLUMNS);
    return row ? deliveryListRow(row) : undefined;
  }

  async attemptsOf(orgId: string, deliveryIds: string[]): Promise<AttemptRecord[]> {
    if (deliveryIds.length === 0) return [];
    const rows = await this.db('webhook_attempts').where({ org_id: orgId }).whereIn('delivery_id', deliveryIds).orderBy(['delivery_id', 'attempt_no']);
    return rows.map((a) => ({
      ...a,
      attempt_no: Number(a.attempt_no),
      started_at: Number(a.started_at),
      latency_ms: Number(a.latency_ms),
      status_code: num(a.status_code),
      error_class: a.error_class ?? null,
      response_excerpt: a.response_excerpt ?? null,
    }));
  }

  deliverySource(orgId: string, id: string): Promise<{ id: string; destination_id: string; outbox_id: string } | undefined> {
    return this.db('webhook_deliveries').where({ org_id: orgId, id }).first('id', 'destination_id', 'outbox_id');
  }

  async findOutboxEvent(orgId: string, id: string): Promise<OutboxRecordRow | undefined> {
    const row = await this.db('outbox').where({ org_id: orgId, id }).first(OUTBOX_COLUMNS);
    return row ? { ...row, occurred_at: Number(row.occurred_at) } : undefined;
  }

  async orgName(orgId: string): Promise<string | undefined> {
    const org = await this.db('orgs').where({ id: orgId }).first('name');
    return org?.name;
  }

  userEmail(orgId: string, userId: string | null): Promise<string | null> {
    return emailOfUser(this.db, orgId, userId);
  }

  async insertDelivery(delivery: DeliveryRecord): Promise<void> {
    await this.db('webhook_deliveries').insert(delivery);
  }

  async insertEventWithDelivery(event: OutboxRecordRow & { dispatched_at: number | null }, delivery: DeliveryRecord): Promise<void> {
    await this.db.transaction(async (trx) => {
      await trx('outbox').insert(event);
      await trx('webhook_deliveries').insert(delivery);
    });
  }

  dispatchOutbox(limit: number, now: number, plan: (events: OutboxRecordRow[], routes: DispatchRoute[]) => DeliveryRecord[]): Promise<{ events: number; deliveries: number }> {
    return this.workerTransaction(async (trx) => {
      let query = trx('outbox').whereNull('dispatched_at').orderBy('id').limit(limit).select(OUTBOX_COLUMNS);
      if (this.dialect === 'mysql') query = query.forUpdate().skipLocked();
      const events = ((await query) as OutboxRecordRow[]).map((e) => ({ ...e, occurred_at: Number(e.occurred_at) }));
      if (events.length === 0) return { events: 0, deliveries: 0 };
      const orgIds = [...new Set(events.map((e) => e.org_id))];
      const routes: DispatchRoute[] = await trx('webhook_routes as r')
        .join('webhook_destinations as d', 'd.id', 'r.destination_id')
        .join('orgs as o', 'o.id', 'd.org_id')
        .whereIn('r.org_id', orgIds)
        .whereRaw('r.org_id = d.org_id')
        .where('d.enabled', true)
        .whereNull('d.deleted_at')
        .select('r.id', 'r.org_id', 'r.destination_id', 'r.event_types', 'r.min_severity', 'r.host', 'r.surface', 'o.name as org_name', 'o.plan as org_plan');
      const deliveries = plan(events, routes);
      for (let i = 0; i < deliveries.length; i += 100) {
        await trx('webhook_deliveries').insert(deliveries.slice(i, i + 100)).onConflict('dedupe_key').ignore();
      }
      await trx('outbox').whereIn('id', events.map((e) => e.id)).update({ dispatched_at: now });
      return { events: events.length, deliveries: deliveries.length };
    });
  }

  async claimDueDeliveries(worker: string, input: { limit: number; leaseMs: number; now: number }): Promise<ClaimedDeliveryRow[]> {
    if (input.limit <= 0) return [];
    const { now } = input;
    const ids = await this.workerTransaction(async (trx) => {
      const due = (q: Knex.QueryBuilder) =>
        q
          .whereIn('status', [...OPEN_STATUSES])
          .where('next_attempt_at', '<=', now)
          .where((w) => w.whereNull('claimed_until').orWhere('claimed_until', '<=', now));
      let select = due(trx('webhook_deliveries')).orderBy('next_attempt_at').limit(input.limit).select('id');
      if (this.dialect === 'mysql') select = select.forUpdate().skipLocked();
      const rows: { id: string }[] = await select;
      if (rows.length === 0) return [];
      const picked = rows.map((r) => r.id);
      // The conditions are repeated so the update can never take a row another claimer holds.
      await due(trx('webhook_deliveries').whereIn('id', picked)).update({ claimed_by: worker, claimed_until: now + input.leaseMs });
      return picked;
    });
    if (ids.length === 0) return [];
    const rows = await this.db('webhook_deliveries as w')
      .leftJoin('webhook_destinations as d', function () {
        this.on('d.id', '=', 'w.destination_id').andOn('d.org_id', '=', 'w.org_id');
      })
      .whereIn('w.id', ids)
      .where('w.claimed_by', worker)
      .select('w.id', 'w.org_id', 'w.destination_id', 'w.attempt_count', 'w.payload', 'd.kind', 'd.url', 'd.secret', 'd.credential', 'd.options', 'd.deleted_at', 'd.id as d_id');
    return rows.map((r) => ({
      id: r.id,
      org_id: r.org_id,
      destination_id: r.destination_id,
      attempt_count: Number(r.attempt_count),
      payload: r.payload,
      destination: r.d_id ? { kind: r.kind, url: r.url, secret: r.secret, credential: r.credential ?? null, options: r.options || '{}', deleted: r.deleted_at !== null && r.deleted_at !== undefined } : null,
    }));
  }

  recordAttempt(worker: string, attempt: AttemptRecord, outcome: DeliveryOutcome, now: number): Promise<boolean> {
    return this.workerTransaction(async (trx) => {
      const n = await trx('webhook_deliveries')
        .where({ org_id: attempt.org_id, id: attempt.delivery_id, claimed_by: worker, attempt_count: attempt.attempt_no - 1 })
        .whereIn('status', [...OPEN_STATUSES])
        .update({
          status: outcome.status,
          attempt_count: attempt.attempt_no,
          next_attempt_at: outcome.nextAttemptAt,
          claimed_by: null,
          claimed_until: null,
          last_status_code: outcome.statusCode,
          last_error: outcome.errorClass,
          updated_at: now,
          completed_at: outcome.nextAttemptAt === null ? now : null,
        });
      if (n === 0) return false;
      await trx('webhook_attempts').insert(attempt);
      return true;
    });
  }

  async cancelClaimed(orgId: string, worker: string, deliveryId: string, now: number): Promise<void> {
    await this.db('webhook_deliveries')
      .where({ org_id: orgId, id: deliveryId, claimed_by: worker })
      .whereIn('status', [...OPEN_STATUSES])
      .update({ status: 'canceled', next_attempt_at: null, claimed_by: null, claimed_until: null, completed_at: now, updated_at: now });
  }
}
