// SQL of the fleet's writes (fleet/*.ts holds the rules): registration under the plan limit, a
// host's details and evidence, its surfaces, sessions and posture scans, the coalesced heartbeat
// flush, the classifier's passes, the offline sweep's claims and removal. Every query takes the
// org id, except the two sweeps' candidate queries (the classifier's due rows, the offline
// sweep's quiet hosts), which walk every org and then work on each row with its org id.
//
// A FleetRepo is bound either to the connection or to one transaction (`transaction()` hands the
// scope a repo bound to it), so a domain verb writes several tables atomically without seeing Knex.
import type { Knex } from 'knex';
import type { Dialect } from './connection.js';
import { InventoryRepo, ofOrg } from './inventory-repo.js';
import { retryingTransaction, retryOnDeadlock } from './retrying-transaction.js';

/** A transaction of the store, for the few helpers of other rooms that write inside a fleet transaction (the activity log). */
export type StoreTransaction = Knex.Transaction;

/** Columns every evidence build needs (list rows, detail, classifier). */
export const EVIDENCE_COLUMNS = [
  'id',
  'org_id',
  'machine_id',
  'hostname',
  'display_name',
  'platform',
  'os_version',
  'agent_version',
  'sandbox',
  'git_remote',
  'install_source',
  'management_source',
  'mdm_provider',
  'os_username',
  'user_hint',
  'current_cwd',
  'current_git_remote',
  'evidence',
  'first_seen_at',
  'last_seen_at',
  'last_agent_activity_at',
  'first_agent_activity_at',
  'last_enforce_event_at',
  'last_blocked_at',
  'last_runtime_heartbeat_at',
  'class_gen',
] as const;

export type WorkstationRow = Record<(typeof EVIDENCE_COLUMNS)[number], any>;

export interface SurfaceRow {
  workstation_id: string;
  surface: string;
  hook_type: string;
  first_seen_at: number;
  last_event_at: number;
  hooks_healthy: number | boolean | null;
  scope: string | null;
}

/** Activity time columns a heartbeat advances (never backwards). */
export type ActivityColumn = 'last_seen_at' | 'last_agent_activity_at' | 'first_agent_activity_at' | 'last_enforce_event_at' | 'last_blocked_at' | 'last_runtime_heartbeat_at';

/** One host's coalesced activity, as the heartbeat flush writes it. */
export interface HeartbeatWrite {
  id: string;
  orgId: string;
  /** Columns set to max(stored, value). */
  advance: Partial<Record<Exclude<ActivityColumn, 'first_agent_activity_at'>, number>>;
  /** Set only while still NULL. */
  firstAgentActivityAt: number | null;
  /**
   * When the stored classification turns dirty: always, or when any condition holds on the
   * values before this update (`before` absent: the column IS NULL; else NULL or older than it).
   */
  dirty: 'always' | { column: ActivityColumn; before?: number }[];
  /** The host's current project and user, from its most recent session. */
  current: { current_cwd?: string; current_git_remote?: string; user_hint?: string };
  surfaces: { surface: string; hookType: string | null; at: number }[];
  sessions: { id: string; key: string; surface: string; at: number; cwd: string | null; gitRemote: string | null; userHint: string | null; agentVersion: string | null }[];
}

export interface ClassificationWrite {
  orgId: string;
  id: string;
  /** class_gen as read: the write applies only if nobody marked the row dirty since. */
  gen: number;
  columns: Record<string, number | string>;
}

/** Surface rows of several hosts of one org, grouped by host id. */
export async function surfacesOf(db: Knex | Knex.Transaction, orgId: string, ids: readonly string[]): Promise<Map<string, SurfaceRow[]>> {
  const out = new Map<string, SurfaceRow[]>();
  if (ids.length === 0) return out;
  const rows: SurfaceRow[] = await ofOrg(db('workstation_surfaces').whereIn('workstation_id', ids as string[]), orgId).select('workstation_id', 'surface', 'hook_type', 'first_seen_at', 'last_event_at', 'hooks_healthy', 'scope');
  for (const r of rows) {
    const list = out.get(r.workstation_id) ?? [];
    list.push(r);
    out.set(r.workstation_id, list);
  }
  return out;
}

/**
 * The workstations table for a statement that finds one row by its id and also takes org_id.
 * Given `org_id = ?` beside `id = ?`, MySQL and MariaDB weigh every index that starts with org_id
 * (eight on workstations), with two index dives each, before every such statement, and may settle
 * on (org_id, id) plus a second lookup into the primary key. For the classifier's one UPDATE per
 * host that planning took longer than the write (ANALYZE FORMAT=JSON: ~0.35-0.55 ms against
 * ~0.15 ms). FORCE INDEX (PRIMARY) leaves the primary key as the only candidate; org_id stays in
 * the condition and still refuses another org's row. SQLite plans these by the id's index already.
 */
function workstationsByPrimaryKey(db: Knex | Knex.Transaction, dialect: Dialect): () => Knex.QueryBuilder {
  if (dialect !== 'mysql') return () => db('workstations');
  return () => db(db.raw('?? FORCE INDEX (PRIMARY)', ['workstations']));
}

export class FleetRepo {
  readonly inventory: InventoryRepo;

  constructor(
    private readonly db: Knex | Knex.Transaction,
    readonly dialect: Dialect,
  ) {
    this.inventory = new InventoryRepo(db);
  }

  /** Runs `scope` in one transaction (run again whole when MySQL picks it as a deadlock victim). */
  transaction<T>(scope: (tx: FleetRepo) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return scope(this);
    return retryingTransaction(this.db as Knex, (trx) => scope(new FleetRepo(trx, this.dialect)));
  }

  // ---- registration ----

  async findByMachineId(orgId: string, machineId: string): Promise<{ id: string; machine_id: string | null } | undefined> {
    return this.db('workstations').where({ org_id: orgId, machine_id: machineId }).first('id', 'machine_id');
  }

  /** The oldest host of this name that has no machine id yet. */
  async findUnidentifiedByHostname(orgId: string, hostname: string): Promise<{ id: string; machine_id: string | null } | undefined> {
    return this.db('workstations').where({ org_id: orgId, hostname }).whereNull('machine_id').orderBy('id', 'asc').first('id', 'machine_id');
  }

  /** The most recently seen host of this name. */
  async findNewestByHostname(orgId: string, hostname: string): Promise<{ id: string; machine_id: string | null } | undefined> {
    return this.db('workstations').where({ org_id: orgId, hostname }).orderBy('last_seen_at', 'desc').first('id', 'machine_id');
  }

  async workstationExists(orgId: string, id: string): Promise<boolean> {
    return (await this.db('workstations').where({ org_id: orgId, id }).first('id')) !== undefined;
  }

  /**
   * Serializes registrations of one org until the transaction ends: a row lock on the org on
   * MySQL; on SQLite a write to the org row takes the database's one write lock.
   */
  async lockOrgForRegistration(orgId: string): Promise<void> {
    if (this.dialect === 'mysql') await this.db('orgs').where({ id: orgId }).forUpdate().first('id');
    else await this.db('orgs').where({ id: orgId }).update({ id: orgId });
  }

  async orgPlan(orgId: string): Promise<string | undefined> {
    return (await this.db('orgs').where({ id: orgId }).first('plan'))?.plan;
  }

  async countWorkstations(orgId: string): Promise<number> {
    const row = await this.db('workstations').where({ org_id: orgId }).count<{ n: number }[]>({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }

  async insertWorkstation(row: Record<string, unknown> & { id: string; org_id: string }): Promise<void> {
    await this.db('workstations').insert(row);
  }

  async insertOutbox(rows: Record<string, unknown>[]): Promise<void> {
    if (rows.length > 0) await this.db('outbox').insert(rows);
  }

  /**
   * New facts about a host. They can change the derived views, so the stored classification is
   * marked dirty in the same statement.
   */
  async updateDetails(orgId: string, id: string, changes: Record<string, unknown>): Promise<void> {
    const update = { ...changes, class_gen: this.db.raw('class_gen + 1'), class_valid_until: 0 };
    await retryOnDeadlock(() => this.db('workstations').where({ org_id: orgId, id }).update(update));
  }

  /** The email of the user who created a key (the owner fallback of hosts reporting with it). */
  async userEmail(orgId: string, userId: string): Promise<{ email: string | null } | undefined> {
    return this.db('users').where({ org_id: orgId, id: userId }).first('email');
  }

  // ---- evidence (inside a transaction) ----

  /** The evidence JSON and install source; on MySQL the row stays locked until the transaction ends. */
  async readEvidence(orgId: string, id: string): Promise<{ evidence: string | null; install_source: string | null } | undefined> {
    const read = this.db('workstations').where({ org_id: orgId, id });
    // Two concurrent read-modify-writes of one host must not lose each other's fields (SQLite
    // has one writer at a time already).
    if (this.dialect === 'mysql' && this.db.isTransaction) read.forUpdate();
    return read.first('evidence', 'install_source');
  }

  async writeEvidence(orgId: string, id: string, evidence: string, extra: Record<string, unknown> = {}): Promise<void> {
    await this.db('workstations')
      .where({ org_id: orgId, id })
      .update({ class_gen: this.db.raw('class_gen + 1'), class_valid_until: 0, evidence, ...extra });
  }

  // ---- surfaces, sessions, scans ----

  async surfaceHookTypes(orgId: string, workstationId: string): Promise<{ surface: string; hook_type: string }[]> {
    return ofOrg(this.db('workstation_surfaces').where({ workstation_id: workstationId }), orgId).select('surface', 'hook_type');
  }

  async insertSurface(row: SurfaceRow & { org_id: string }): Promise<void> {
    await this.db('workstation_surfaces').insert(row);
  }

  async updateSurface(orgId: string, workstationId: string, surface: string, changes: Partial<SurfaceRow>): Promise<void> {
    await ofOrg(this.db('workstation_surfaces').where({ workstation_id: workstationId, surface }), orgId).update(changes);
  }

  surfacesOf(orgId: string, ids: readonly string[]): Promise<Map<string, SurfaceRow[]>> {
    return surfacesOf(this.db, orgId, ids);
  }

  /** Creates the session, or refreshes the named columns of the existing one. */
  async upsertSession(row: Record<string, unknown> & { org_id: string; workstation_id: string; session_key: string }, refresh: Record<string, unknown>): Promise<void> {
    await this.db('sessions').insert(row).onConflict(['workstation_id', 'session_key']).merge(refresh);
  }

  /** Ends an open session; returns 1 when it was open. */
  async endSession(orgId: string, workstationId: string, sessionKey: string, at: number): Promise<number> {
    return ofOrg(this.db('sessions').where({ workstation_id: workstationId, session_key: sessionKey }), orgId).whereNull('ended_at').update({ ended_at: at, last_seen_at: at });
  }

  async latestScan(orgId: string, workstationId: string, source: string): Promise<{ grade: string | null; checks: string } | undefined> {
    return ofOrg(this.db('posture_scans').where({ workstation_id: workstationId, source }), orgId).orderBy('created_at', 'desc').orderBy('id', 'desc').first('grade', 'checks');
  }

  async insertScan(row: Record<string, unknown> & { id: string; org_id: string; workstation_id: string }): Promise<void> {
    await this.db('posture_scans').insert(row);
  }

  // ---- removal ----

  async workstationForRemoval(orgId: string, id: string): Promise<{ id: string; hostname: string; machine_id: string | null; platform: string | null } | undefined> {
    return this.db('workstations').where({ org_id: orgId, id }).first('id', 'hostname', 'machine_id', 'platform');
  }

  /**
   * Deletes a host (sessions, inventory, scans and surfaces go with it: FK cascade). `record`
   * runs in the same transaction, before and after the delete (the activity log locks first,
   * appends after); `deleted` says whether the row was still there.
   */
  async removeWorkstation(orgId: string, id: string, record?: { before(trx: StoreTransaction): Promise<void>; after(trx: StoreTransaction): Promise<void> }): Promise<boolean> {
    const run = async (trx: Knex.Transaction) => {
      if (record) await record.before(trx);
      const n = await trx('workstations').where({ org_id: orgId, id }).delete();
      if (n && record) await record.after(trx);
      return n > 0;
    };
    return this.db.isTransaction ? run(this.db as Knex.Transaction) : retryingTransaction(this.db as Knex, run);
  }

  // ---- the heartbeat flush ----

  /**
   * Writes coalesced heartbeats in one transaction, one UPDATE per host plus an upsert per
   * surface and session. Hosts are written in the order given: every multi-row writer of
   * workstations (this flush, the classifier) sorts by id, so two of them can wait on each other
   * but never deadlock. Returns the ids whose row no longer exists.
   */
  async writeHeartbeats(writes: HeartbeatWrite[]): Promise<string[]> {
    const missing: string[] = [];
    const greatest = (trx: Knex.Transaction, col: string, v: number) => trx.raw(`CASE WHEN ${col} IS NULL OR ${col} < ? THEN ? ELSE ${col} END`, [v, v]);
    await (this.db as Knex).transaction(async (trx) => {
      for (const w of writes) {
        // MySQL and MariaDB evaluate SET assignments left to right, each seeing the columns
        // already assigned; so the dirty marks come first, while the evidence columns still
        // hold their old values (SQLite always reads the old values).
        const update: Record<string, unknown> = {};
        if (w.dirty === 'always') {
          update.class_gen = trx.raw('class_gen + 1');
          update.class_valid_until = 0;
        } else if (w.dirty.length > 0) {
          const args: number[] = [];
          const cond = w.dirty
            .map((d) => {
              if (d.before === undefined) return `${d.column} IS NULL`;
              args.push(d.before);
              return `(${d.column} IS NULL OR ${d.column} < ?)`;
            })
            .join(' OR ');
          update.class_gen = trx.raw(`CASE WHEN ${cond} THEN class_gen + 1 ELSE class_gen END`, args);
          update.class_valid_until = trx.raw(`CASE WHEN ${cond} THEN 0 ELSE class_valid_until END`, args);
        }
        for (const [col, v] of Object.entries(w.advance)) if (v) update[col] = greatest(trx, col, v);
        update.offline_pending = 1;
        if (w.firstAgentActivityAt) update.first_agent_activity_at = trx.raw('COALESCE(first_agent_activity_at, ?)', [w.firstAgentActivityAt]);
        Object.assign(update, w.current);
        const n = await trx('workstations').where({ id: w.id, org_id: w.orgId }).update(update);
        if (n === 0) {
          missing.push(w.id);
          continue;
        }
        for (const s of w.surfaces) {
          const merge: Record<string, unknown> = { last_event_at: greatest(trx, 'last_event_at', s.at) };
          if (s.hookType) merge.hook_type = s.hookType;
          await trx('workstation_surfaces')
            .insert({ workstation_id: w.id, org_id: w.orgId, surface: s.surface, hook_type: s.hookType ?? 'http', first_seen_at: s.at, last_event_at: s.at })
            .onConflict(['workstation_id', 'surface'])
            .merge(merge);
        }
        for (const s of w.sessions) {
          const merge: Record<string, unknown> = { last_seen_at: greatest(trx, 'last_seen_at', s.at) };
          if (s.cwd) merge.cwd = s.cwd;
          if (s.gitRemote) merge.git_remote = s.gitRemote;
          if (s.userHint) merge.user_hint = s.userHint;
          if (s.agentVersion) merge.agent_version = s.agentVersion;
          await trx('sessions')
            .insert({
              id: s.id,
              org_id: w.orgId,
              workstation_id: w.id,
              session_key: s.key,
              surface: s.surface,
              cwd: s.cwd,
              git_remote: s.gitRemote,
              user_hint: s.userHint,
              agent_version: s.agentVersion,
              started_at: s.at,
              last_seen_at: s.at,
            })
            .onConflict(['workstation_id', 'session_key'])
            .merge(merge);
        }
      }
    });
    return missing;
  }

  // ---- the classifier ----

  /** Rows of every org whose stored classification is due at `now`, the most overdue first. */
  async dueForClassification(now: number, limit: number): Promise<WorkstationRow[]> {
    return this.db('workstations').where('class_valid_until', '<=', now).orderBy('class_valid_until', 'asc').limit(limit).select(...EVIDENCE_COLUMNS);
  }

  async workstationRows(orgId: string, ids: string[]): Promise<WorkstationRow[]> {
    if (ids.length === 0) return [];
    return this.db('workstations').where({ org_id: orgId }).whereIn('id', ids).select(...EVIDENCE_COLUMNS);
  }

  /** Sessions ever recorded per host of one org. */
  async sessionCounts(orgId: string, ids: string[]): Promise<Map<string, number>> {
    const counts = await ofOrg(this.db('sessions').whereIn('workstation_id', ids), orgId).groupBy('workstation_id').select('workstation_id').count<{ workstation_id: string; n: number }[]>({ n: '*' });
    return new Map(counts.map((c) => [c.workstation_id, Number(c.n)]));
  }

  /** Writes classifications in one transaction, in the order given (sorted by id: see writeHeartbeats). */
  async writeClassifications(writes: ClassificationWrite[]): Promise<void> {
    await (this.db as Knex).transaction(async (trx) => {
      const byId = workstationsByPrimaryKey(trx, this.dialect);
      for (const w of writes) await byId().where({ org_id: w.orgId, id: w.id, class_gen: w.gen }).update(w.columns);
    });
  }

  // ---- the offline sweep ----

  /** Hosts of every org that went quiet at or before `cutoff` and have no offline event yet for it. */
  async offlineCandidates(cutoff: number, limit: number): Promise<{ id: string; org_id: string }[]> {
    return this.db('workstations').where({ offline_pending: 1 }).where('last_seen_at', '<=', cutoff).orderBy('last_seen_at', 'asc').limit(limit).select('id', 'org_id');
  }

  /**
   * Claims one host's offline crossing in its own transaction and writes the outbox row that
   * `eventOf` builds for it. The conditional UPDATE is the claim in both stores: of two sweepers
   * that read the same row, only the one whose UPDATE still matches writes the event. On MySQL
   * the row is first locked with SKIP LOCKED, so two sweepers never wait on each other's rows.
   * True when this call wrote the event.
   */
  claimOfflineCrossing(
    orgId: string,
    id: string,
    cutoff: number,
    eventOf: (host: { hostname: string; platform: string | null; lastSeenAt: number }) => Record<string, unknown>,
  ): Promise<boolean> {
    return (this.db as Knex).transaction(async (trx) => {
      const q = trx('workstations').where({ org_id: orgId, id, offline_pending: 1 }).where('last_seen_at', '<=', cutoff);
      if (this.dialect === 'mysql') q.forUpdate().skipLocked();
      const row = await q.first('hostname', 'platform', 'last_seen_at', 'offline_emitted_for');
      if (!row) return false; // another sweeper holds or already handled it, or the host came back
      const lastSeen = Number(row.last_seen_at);
      const due = row.offline_emitted_for === null || Number(row.offline_emitted_for) !== lastSeen;
      const claimed = await trx('workstations').where({ org_id: orgId, id, last_seen_at: lastSeen, offline_pending: 1 }).update({ offline_pending: 0, offline_emitted_for: lastSeen });
      if (claimed !== 1 || !due) return false;
      await trx('outbox').insert(eventOf({ hostname: row.hostname, platform: row.platform ?? null, lastSeenAt: lastSeen }));
      return true;
    });
  }
}
