// SQL of chains and investigations (runtime/investigations.ts holds the rules). Every query takes
// org_id. investigation_events has no org column: its rows are reached through an investigation
// of the org (a join on reads, a check on writes).
import { Repo, sqlOf, type Tx } from './repo.js';

export interface ChainRow {
  id: string;
  org_id: string;
  session_key: string;
  rule: string;
  severity: string;
  status: string;
  /** JSON array of shield event ids, oldest first. */
  evidence: string;
  reason: string;
  created_at: number;
  updated_at: number;
}

export interface InvestigationRow {
  id: string;
  org_id: string;
  session_key: string;
  open_key: string | null;
  status: string;
  severity: string;
  trigger: string;
  title: string;
  owner: string | null;
  feedback: string | null;
  feedback_note: string | null;
  created_at: number;
  updated_at: number;
  resolved_at: number | null;
  notified_at: number | null;
}

export interface EvidenceRow {
  id: string;
  created_at: number;
  verdict: string;
  severity: string;
  tool_name: string;
  pattern_name: string | null;
  category: string | null;
  reason: string;
  summary: string;
  hostname: string | null;
  surface: string;
  effects: string | null;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function investigation(row: Record<string, unknown>): InvestigationRow {
  return { ...(row as unknown as InvestigationRow), created_at: Number(row.created_at), updated_at: Number(row.updated_at), resolved_at: num(row.resolved_at), notified_at: num(row.notified_at) };
}

function chain(row: Record<string, unknown>): ChainRow {
  return { ...(row as unknown as ChainRow), created_at: Number(row.created_at), updated_at: Number(row.updated_at) };
}

export class InvestigationsRepo extends Repo {
  // ---- chains ----

  async findChain(tx: Tx, orgId: string, session: string, rule: string): Promise<ChainRow | undefined> {
    const row = await sqlOf(tx)('chains').where({ org_id: orgId, session_key: session, rule }).first();
    return row ? chain(row) : undefined;
  }

  async insertChain(tx: Tx, row: ChainRow): Promise<void> {
    await sqlOf(tx)('chains').insert(row);
  }

  async updateChain(tx: Tx, orgId: string, id: string, changes: Pick<ChainRow, 'evidence' | 'severity' | 'reason' | 'updated_at'>): Promise<void> {
    await sqlOf(tx)('chains').where({ org_id: orgId, id }).update(changes);
  }

  async chainsOfSession(orgId: string, session: string): Promise<ChainRow[]> {
    const rows = await this.knex('chains').where({ org_id: orgId, session_key: session }).orderBy('created_at', 'asc');
    return rows.map(chain);
  }

  // ---- investigations ----

  /** The session's investigation that is not resolved (its open_key is the session). */
  async findOpen(tx: Tx, orgId: string, session: string): Promise<InvestigationRow | undefined> {
    const row = await sqlOf(tx)('investigations').where({ org_id: orgId, open_key: session }).first();
    return row ? investigation(row) : undefined;
  }

  async insert(tx: Tx, row: InvestigationRow): Promise<void> {
    await sqlOf(tx)('investigations').insert(row);
  }

  async update(tx: Tx, orgId: string, id: string, changes: Partial<InvestigationRow>): Promise<void> {
    await sqlOf(tx)('investigations').where({ org_id: orgId, id }).update(changes);
  }

  async get(orgId: string, id: string): Promise<InvestigationRow | undefined> {
    const row = await this.knex('investigations').where({ org_id: orgId, id }).first();
    return row ? investigation(row) : undefined;
  }

  /** The row, locked until `tx` ends (FOR UPDATE on MySQL; SQLite's one writer serializes). */
  async getForUpdate(tx: Tx, orgId: string, id: string): Promise<InvestigationRow | undefined> {
    const row = await this.locking(sqlOf(tx)('investigations').where({ org_id: orgId, id })).first();
    return row ? investigation(row) : undefined;
  }

  /** One page, newest id first; `before` pages backwards. */
  async list(orgId: string, filter: { status?: string; session?: string; before?: string; limit: number }): Promise<InvestigationRow[]> {
    const q = this.knex('investigations').where({ org_id: orgId }).orderBy('id', 'desc').limit(filter.limit);
    if (filter.status) q.andWhere({ status: filter.status });
    if (filter.session) q.andWhere({ session_key: filter.session });
    if (filter.before) q.andWhere('id', '<', filter.before);
    return (await q).map(investigation);
  }

  // ---- evidence ----

  async addEvidence(tx: Tx, orgId: string, investigationId: string, eventIds: string[], at: number): Promise<void> {
    if (eventIds.length === 0) return;
    const trx = sqlOf(tx);
    // The table has no org column: the investigation must be one of the org's.
    if (!(await trx('investigations').where({ org_id: orgId, id: investigationId }).first('id'))) throw new Error(`Evidence for an investigation outside the org (${investigationId}).`);
    await trx('investigation_events')
      .insert(eventIds.map((eventId) => ({ investigation_id: investigationId, event_id: eventId, added_at: at })))
      .onConflict(['investigation_id', 'event_id'])
      .ignore();
  }

  async evidenceCounts(orgId: string, investigationIds: string[]): Promise<Map<string, number>> {
    if (investigationIds.length === 0) return new Map();
    const counts = await this.knex('investigation_events as ie')
      .join('investigations as i', 'i.id', 'ie.investigation_id')
      .where('i.org_id', orgId)
      .whereIn('ie.investigation_id', investigationIds)
      .groupBy('ie.investigation_id')
      .select('ie.investigation_id')
      .count<{ investigation_id: string; n: number }[]>({ n: '*' });
    return new Map(counts.map((c) => [c.investigation_id, Number(c.n)]));
  }

  /** The investigation's events, oldest first. */
  async evidence(orgId: string, investigationId: string): Promise<EvidenceRow[]> {
    const rows = await this.knex('investigation_events as ie')
      .join('investigations as i', 'i.id', 'ie.investigation_id')
      .join('shield_events as e', (on) => on.on('e.id', '=', 'ie.event_id').andOn('e.org_id', '=', 'i.org_id'))
      .where('i.org_id', orgId)
      .where('ie.investigation_id', investigationId)
      .orderBy('e.created_at', 'asc')
      .select('e.id', 'e.created_at', 'e.verdict', 'e.severity', 'e.tool_name', 'e.pattern_name', 'e.category', 'e.reason', 'e.summary', 'e.hostname', 'e.surface', 'e.effects');
    return rows.map((r) => ({ ...r, created_at: Number(r.created_at) }));
  }

  // ---- the session's recorded events ----

  async countSessionWarns(tx: Tx, orgId: string, session: string, since: number): Promise<number> {
    const row = await sqlOf(tx)('shield_events').where({ org_id: orgId, session_key: session, verdict: 'warn' }).where('created_at', '>=', since).count<{ n: number }[]>({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }

  /** Ids of the session's events since `since` that were not allowed, newest first. */
  async sessionFindings(tx: Tx, orgId: string, session: string, since: number, limit: number): Promise<string[]> {
    return sqlOf(tx)('shield_events')
      .where({ org_id: orgId, session_key: session })
      .where('created_at', '>=', since)
      .whereNot('verdict', 'allow')
      .orderBy('created_at', 'desc')
      .limit(limit)
      .pluck('id');
  }
}
