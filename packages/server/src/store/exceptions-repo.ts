// SQL of exceptions (exceptions/*.ts holds the rules). Every query takes org_id, except the
// expiry sweep's claim, which walks every org's due rows and then works on each row by its id.
import { Repo, sqlOf, type Tx } from './repo.js';

export type ExceptionStatus = 'requested' | 'triaged' | 'context_requested' | 'approved' | 'denied' | 'expired';

export interface ExceptionRow {
  id: string;
  org_id: string;
  event_id: string;
  requested_by_key_id: string;
  requested_hostname: string | null;
  requested_user: string | null;
  reason: string;
  status: ExceptionStatus;
  event_summary: string | null;
  event_hostname: string | null;
  scope_kind: string | null;
  scope_value: string | null;
  scope_host: string | null;
  scope_user: string | null;
  scope_repository: string | null;
  expires_at: number | null;
  decided_by_key_id: string | null;
  decided_by_email: string | null;
  note: string | null;
  created_at: number;
  updated_at: number;
  decided_at: number | null;
}

function typed(row: Record<string, unknown>): ExceptionRow {
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return { ...(row as unknown as ExceptionRow), expires_at: num(row.expires_at), created_at: Number(row.created_at), updated_at: Number(row.updated_at), decided_at: num(row.decided_at) };
}

/** The recorded decision an exception is asked for: only the columns the request needs. */
export interface DecidedEvent {
  id: string;
  verdict: string;
  hostname: string | null;
  summary: string;
  reason: string;
  pattern_name: string | null;
  tool_name: string;
  kind: string;
}

export class ExceptionsRepo extends Repo {
  async findEvent(orgId: string, eventId: string): Promise<DecidedEvent | undefined> {
    return this.knex('shield_events').where({ org_id: orgId, id: eventId }).first('id', 'verdict', 'hostname', 'summary', 'reason', 'pattern_name', 'tool_name', 'kind');
  }

  async openForEvent(tx: Tx, orgId: string, eventId: string): Promise<ExceptionRow | undefined> {
    const row = await sqlOf(tx)('exceptions').where({ org_id: orgId, event_id: eventId }).whereIn('status', ['requested', 'triaged', 'context_requested', 'approved']).first();
    return row ? typed(row) : undefined;
  }

  async insert(tx: Tx, row: ExceptionRow): Promise<void> {
    await sqlOf(tx)('exceptions').insert(row);
  }

  async get(orgId: string, id: string): Promise<ExceptionRow | undefined> {
    const row = await this.knex('exceptions').where({ org_id: orgId, id }).first();
    return row ? typed(row) : undefined;
  }

  /** The row, locked until `tx` ends (MySQL; SQLite's one writer already serializes). */
  async getForUpdate(tx: Tx, orgId: string, id: string): Promise<ExceptionRow | undefined> {
    const row = await this.locking(sqlOf(tx)('exceptions').where({ org_id: orgId, id })).first();
    return row ? typed(row) : undefined;
  }

  /** Updates the row only while it still has `fromStatus` (the claim); true when it did. */
  async update(tx: Tx, orgId: string, id: string, fromStatus: ExceptionStatus, changes: Partial<ExceptionRow>): Promise<boolean> {
    const n = await sqlOf(tx)('exceptions').where({ org_id: orgId, id, status: fromStatus }).update(changes);
    return n === 1;
  }

  async list(orgId: string, filter: { status?: ExceptionStatus; limit: number }): Promise<ExceptionRow[]> {
    let q = this.knex('exceptions').where({ org_id: orgId });
    if (filter.status) q = q.where({ status: filter.status });
    const rows = await q.orderBy('created_at', 'desc').limit(filter.limit);
    return rows.map(typed);
  }

  /** Approved exceptions of the org that have not expired at `now` (the hot path's set). */
  async activeApproved(orgId: string, now: number): Promise<ExceptionRow[]> {
    const rows = await this.knex('exceptions').where({ org_id: orgId, status: 'approved' }).where('expires_at', '>', now).limit(1000);
    return rows.map(typed);
  }

  async bumpVersion(tx: Tx, orgId: string): Promise<void> {
    await sqlOf(tx)('orgs').where({ id: orgId }).increment('exceptions_version', 1);
  }

  async version(orgId: string): Promise<number> {
    const org = await this.knex('orgs').where({ id: orgId }).first('exceptions_version');
    return Number(org?.exceptions_version ?? 0);
  }

  /** Approved rows whose expiry has passed, every org: the sweep's candidates (the one cross-org read; each is then claimed by its org_id). */
  async dueExpiries(now: number, limit: number): Promise<{ id: string; org_id: string }[]> {
    return this.knex('exceptions').where({ status: 'approved' }).where('expires_at', '<=', now).orderBy('expires_at', 'asc').limit(limit).select('id', 'org_id');
  }

  /** Locks one due row for the sweep (SKIP LOCKED on MySQL: two sweepers never wait on each other). */
  async claimDueExpiry(tx: Tx, orgId: string, id: string, now: number): Promise<ExceptionRow | undefined> {
    let q = sqlOf(tx)('exceptions').where({ org_id: orgId, id, status: 'approved' }).where('expires_at', '<=', now);
    if (this.dialect === 'mysql') q = q.forUpdate().skipLocked();
    const row = await q.first();
    return row ? typed(row) : undefined;
  }
}
