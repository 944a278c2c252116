// SQL of the fleet's reads (fleet/*.ts computes the views): the list's keyset pages over the
// stored classification, host detail, the stat-card counters and hook health. Every query takes
// the org id.
import type { Knex } from 'knex';
import type { Dialect } from './connection.js';
import { EVIDENCE_COLUMNS, surfacesOf, type SurfaceRow, type WorkstationRow } from './fleet-repo.js';
import { likePattern, ofOrg } from './inventory-repo.js';

/** The list filters, as conditions on stored columns. */
export interface WorkstationListQuery {
  /** Bit of a surface in surfaces_mask. */
  surfaceBit?: number;
  /** Hosts seen after this moment (online), or at or before it (offline). */
  seen?: { after: number } | { notAfter: number };
  riskLevel?: string;
  runtimeHealth?: string;
  shadowAi?: boolean;
  missingHook?: boolean;
  ownerVerified?: boolean;
  mdmEvidence?: boolean;
  /** Substring of the hostname or display name. */
  search?: string;
  /** Keyset cursor: rows strictly after (last_seen_at, id) in list order. */
  after?: { lastSeenAt: number; id: string };
  limit: number;
}

/** Definitions the stat-card counters count by (the domain's bits and names). */
export interface CounterDefinitions {
  postureBits: Record<string, number>;
  runtimeStates: readonly string[];
  riskLevels: readonly string[];
  /** Surface name → its bit in surfaces_mask. */
  surfaceBits: Record<string, number>;
}

export interface ClassCounters {
  total: number;
  online: number;
  unverified: number;
  mdm: number;
  action: number;
  shadow: number;
  missingHook: number;
  /** Hosts with at least one stored posture note. */
  notesAny: number;
  notes: Record<string, number>;
  runtime: Record<string, number>;
  risk: Record<string, number>;
  surfaces: Record<string, number>;
  /** Hosts per agent version (null: none reported), and how many of them have no stored posture note. */
  versions: { agent_version: string | null; n: number; clean: number }[];
}

function emptyCounters(d: CounterDefinitions): ClassCounters {
  const zeros = (keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, 0]));
  return { total: 0, online: 0, unverified: 0, mdm: 0, action: 0, shadow: 0, missingHook: 0, notesAny: 0, notes: zeros(Object.keys(d.postureBits)), runtime: zeros(d.runtimeStates), risk: zeros(d.riskLevels), surfaces: {}, versions: [] };
}

/** The stored classification and version the counters group by: the ws_fleet_classes index (migration 011), in its order. */
const FLEET_CLASS_COLUMNS = ['runtime_health', 'risk_level', 'needs_action', 'owner_verified', 'mdm_evidence', 'shadow_ai', 'missing_hook', 'posture_mask', 'surfaces_mask', 'agent_version'];

const sum = (cond: string) => `SUM(CASE WHEN ${cond} THEN 1 ELSE 0 END)`;

export class FleetReadRepo {
  constructor(
    private readonly db: Knex,
    private readonly dialect: Dialect,
  ) {}

  /**
   * One page of the list, in two steps. First the page's keys, from index columns only: the
   * planner can answer it with an index-only scan in list order that stops at limit + 1 matches.
   * Then the page's rows by primary key. Asking for the wide rows in one query lets MySQL pick a
   * plan that reads a row for every index entry it tests, which costs seconds on a filter with
   * few matches. Returns the rows in list order and, when more follow, the last key of the page.
   */
  async listPage(orgId: string, f: WorkstationListQuery): Promise<{ rows: (WorkstationRow & { baseline_status: string })[]; lastKey: { lastSeenAt: number; id: string } | null }> {
    const q = this.db('workstations').where('org_id', orgId);
    if (f.surfaceBit !== undefined) q.whereRaw('(surfaces_mask & ?) <> 0', [f.surfaceBit]);
    if (f.seen && 'after' in f.seen) q.where('last_seen_at', '>', f.seen.after);
    if (f.seen && 'notAfter' in f.seen) q.where('last_seen_at', '<=', f.seen.notAfter);
    if (f.riskLevel) q.where('risk_level', f.riskLevel);
    if (f.runtimeHealth) q.where('runtime_health', f.runtimeHealth);
    if (f.shadowAi !== undefined) q.where('shadow_ai', f.shadowAi ? 1 : 0);
    if (f.missingHook !== undefined) q.where('missing_hook', f.missingHook ? 1 : 0);
    if (f.ownerVerified !== undefined) q.where('owner_verified', f.ownerVerified ? 1 : 0);
    if (f.mdmEvidence !== undefined) q.where('mdm_evidence', f.mdmEvidence ? 1 : 0);
    if (f.search) {
      const p = likePattern(f.search);
      q.where((w) => w.whereRaw("hostname LIKE ? ESCAPE '!'", [p]).orWhereRaw("display_name LIKE ? ESCAPE '!'", [p]));
    }
    const after = f.after;
    if (after) q.where('last_seen_at', '<=', after.lastSeenAt).andWhere((w) => w.where('last_seen_at', '<', after.lastSeenAt).orWhere('id', '<', after.id));
    const keys: { id: string; last_seen_at: unknown }[] = await q
      .orderBy([
        { column: 'last_seen_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(f.limit + 1)
      .select('id', 'last_seen_at');
    const more = keys.length > f.limit;
    const ids = (more ? keys.slice(0, f.limit) : keys).map((k) => k.id);
    const fetched: (WorkstationRow & { baseline_status: string })[] = ids.length ? await this.db('workstations').where('org_id', orgId).whereIn('id', ids).select(...EVIDENCE_COLUMNS, 'baseline_status') : [];
    const byId = new Map(fetched.map((r) => [r.id as string, r]));
    const last = more ? keys[f.limit - 1] : undefined;
    return {
      rows: ids.map((id) => byId.get(id)).filter((r): r is WorkstationRow & { baseline_status: string } => r !== undefined),
      lastKey: last ? { lastSeenAt: Number(last.last_seen_at), id: last.id } : null,
    };
  }

  surfacesOf(orgId: string, ids: readonly string[]): Promise<Map<string, SurfaceRow[]>> {
    return surfacesOf(this.db, orgId, ids);
  }

  /**
   * The id of the first host past the first `limit` of the org in registration order, or null
   * (the over-plan-limit marker starts there).
   */
  async firstIdAfter(orgId: string, limit: number): Promise<string | null> {
    const row = await this.db('workstations').where({ org_id: orgId }).orderBy('id', 'asc').offset(limit).first('id');
    return row?.id ?? null;
  }

  /** Per host: sessions started since `startedSince`, and open ones seen since `activeSince`. */
  async sessionStats(orgId: string, ids: string[], startedSince: number, activeSince: number): Promise<Map<string, { active: number; last7d: number }>> {
    const out = new Map<string, { active: number; last7d: number }>();
    if (ids.length === 0) return out;
    const rows = await ofOrg(this.db('sessions').whereIn('workstation_id', ids), orgId)
      .where('last_seen_at', '>=', startedSince)
      .groupBy('workstation_id')
      .select(
        'workstation_id',
        this.db.raw('SUM(CASE WHEN started_at >= ? THEN 1 ELSE 0 END) AS s7d', [startedSince]),
        this.db.raw('SUM(CASE WHEN ended_at IS NULL AND last_seen_at >= ? THEN 1 ELSE 0 END) AS active', [activeSince]),
      );
    for (const r of rows as { workstation_id: string; s7d: unknown; active: unknown }[]) out.set(r.workstation_id, { active: Number(r.active ?? 0), last7d: Number(r.s7d ?? 0) });
    return out;
  }

  async findById(orgId: string, id: string): Promise<WorkstationRow | undefined> {
    return this.db('workstations').where({ org_id: orgId, id }).first(...EVIDENCE_COLUMNS);
  }

  /** Up to `max` hosts of this name, the most recently seen first. */
  async findByHostname(orgId: string, hostname: string, max: number): Promise<WorkstationRow[]> {
    return this.db('workstations').where({ org_id: orgId, hostname }).orderBy('last_seen_at', 'desc').limit(max).select(...EVIDENCE_COLUMNS);
  }

  /** What host detail shows beside the row: session counts and recent sessions, recent events and scans. */
  async hostActivity(orgId: string, id: string, opts: { deniedSince: number; recent: number; scans: number }) {
    const db = this.db;
    const host = { org_id: orgId, workstation_id: id };
    const byHost = (table: string) => ofOrg(db(table).where({ workstation_id: id }), orgId);
    const [totalRow, blockedRow, sessions, events, scans] = await Promise.all([
      byHost('sessions').count<{ n: number }[]>({ n: '*' }).first(),
      db('shield_events').where({ ...host, verdict: 'deny' }).where('created_at', '>=', opts.deniedSince).count<{ n: number }[]>({ n: '*' }).first(),
      byHost('sessions').orderBy('last_seen_at', 'desc').limit(opts.recent).select('session_key', 'surface', 'cwd', 'git_remote', 'user_hint', 'agent_version', 'started_at', 'last_seen_at', 'ended_at'),
      db('shield_events').where(host).orderBy('created_at', 'desc').limit(opts.recent).select('id', 'created_at', 'surface', 'event', 'tool_name', 'verdict', 'severity', 'pattern_name', 'summary', 'session_key'),
      byHost('posture_scans').orderBy('created_at', 'desc').limit(opts.scans).select('id', 'source', 'score', 'grade', 'checks', 'created_at'),
    ]);
    return {
      sessionsTotal: Number(totalRow?.n ?? 0),
      denied: Number(blockedRow?.n ?? 0),
      sessions: sessions as Record<string, any>[],
      events: events as Record<string, any>[],
      scans: scans as Record<string, any>[],
    };
  }

  /** Distinct agent versions reported in the org. */
  async agentVersions(orgId: string): Promise<string[]> {
    const rows: { agent_version: string }[] = await this.db('workstations').where({ org_id: orgId }).whereNotNull('agent_version').distinct('agent_version');
    return rows.map((r) => r.agent_version);
  }

  async deniedSince(orgId: string, since: number): Promise<number> {
    const row = await this.db('shield_events').where({ org_id: orgId, verdict: 'deny' }).where('created_at', '>=', since).count<{ n: number }[]>({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }

  /** The latest posture scan's checks (JSON) and time. */
  async latestScanChecks(orgId: string, workstationId: string): Promise<{ checks: string; created_at: number } | undefined> {
    return ofOrg(this.db('posture_scans').where({ workstation_id: workstationId }), orgId).orderBy('created_at', 'desc').first('checks', 'created_at');
  }

  /**
   * The per-host counters behind the stat cards, filter badges and version chart, from the
   * stored classification: a GROUP BY over the ws_fleet_classes covering index (migration 011),
   * whose columns are the group's, in order. Both stores count each group as the scan passes it
   * (no sort, no temporary table, no table row read), and the only expression per row is the
   * online test; the groups are summed here. The hosts per agent version come from the same pass
   * on MySQL (the version is the index's last group column; a second pass cost MariaDB about as
   * much as the first) and from a second, narrow pass over ws_agent_version on SQLite, which
   * turns the ~12,000 groups with versions into JavaScript rows more slowly than it scans that
   * index (~5,000 groups without; bench/page-queries.ts at 100,000 hosts).
   */
  async classCounters(orgId: string, onlineSince: number, d: CounterDefinitions): Promise<ClassCounters> {
    const withVersions = this.dialect === 'mysql';
    const columns = withVersions ? FLEET_CLASS_COLUMNS : FLEET_CLASS_COLUMNS.filter((column) => column !== 'agent_version');
    const [groups, versionRows] = await Promise.all([
      this.db('workstations')
        .where('org_id', orgId)
        .groupBy(...columns)
        .orderBy(columns.map((column) => ({ column })))
        .select(...columns, this.db.raw('COUNT(*) AS n'), this.db.raw(`${sum('last_seen_at > ?')} AS online`, [onlineSince])) as Promise<Record<string, string | number | null>[]>,
      withVersions ? null : this.agentVersionCounts(orgId),
    ]);
    const c = emptyCounters(d);
    const notes = Object.entries(d.postureBits);
    const surfaceBits = Object.entries(d.surfaceBits);
    const versions = new Map<string | null, { n: number; clean: number }>();
    for (const g of groups) {
      const n = Number(g.n);
      const mask = Number(g.posture_mask);
      const surfaces = Number(g.surfaces_mask);
      c.total += n;
      c.online += Number(g.online);
      if (!Number(g.owner_verified)) c.unverified += n;
      if (Number(g.mdm_evidence)) c.mdm += n;
      if (Number(g.needs_action)) c.action += n;
      if (Number(g.shadow_ai)) c.shadow += n;
      if (Number(g.missing_hook)) c.missingHook += n;
      if (mask !== 0) c.notesAny += n;
      for (const [k, bit] of notes) if (mask & bit) c.notes[k] += n;
      if (String(g.runtime_health) in c.runtime) c.runtime[String(g.runtime_health)] += n;
      if (String(g.risk_level) in c.risk) c.risk[String(g.risk_level)] += n;
      for (const [s, bit] of surfaceBits) if (surfaces & bit) c.surfaces[s] = (c.surfaces[s] ?? 0) + n;
      if (!withVersions) continue;
      const version = g.agent_version === null ? null : String(g.agent_version);
      const v = versions.get(version) ?? { n: 0, clean: 0 };
      v.n += n;
      if (mask === 0) v.clean += n;
      versions.set(version, v);
    }
    c.versions = versionRows ?? [...versions].map(([agent_version, v]) => ({ agent_version, ...v }));
    return c;
  }

  /** Hosts per agent version (null: none reported), and how many of them have no stored posture note. */
  private async agentVersionCounts(orgId: string): Promise<{ agent_version: string | null; n: number; clean: number }[]> {
    const rows = await this.db('workstations')
      .where('org_id', orgId)
      .groupBy('agent_version')
      .select('agent_version', this.db.raw('COUNT(*) AS n'), this.db.raw(`${sum('posture_mask = 0')} AS clean`));
    return (rows as { agent_version: string | null; n: unknown; clean: unknown }[]).map((r) => ({ agent_version: r.agent_version, n: Number(r.n), clean: Number(r.clean) }));
  }

  /**
   * Hook health of one surface: its most recent hook event (and host), and counts of at most
   * cap + 1 rows each (active hosts, open sessions, events in a day), so the check stays cheap on
   * any fleet size.
   */
  async hookHealth(orgId: string, surface: string, since: { active: number; day: number }, caps: { activeHosts: number; activeSessions: number; events24h: number }) {
    const db = this.db;
    const capped = async (inner: Knex.QueryBuilder, cap: number) => {
      const row = await db.from(inner.select(db.raw('1 as one')).limit(cap + 1).as('capped')).count<{ n: number }[]>({ n: '*' }).first();
      return Number(row?.n ?? 0);
    };
    // A surface is connected through hook events; an MDM coverage record or a setup report
    // without an event yet (last_event_at 0) is not a hook reporting.
    const events = () => db('workstation_surfaces as s').where({ 's.org_id': orgId, 's.surface': surface }).whereNot('s.hook_type', 'mdm').where('s.last_event_at', '>', 0);
    const last = await events()
      .join('workstations as w', function () {
        this.on('w.id', '=', 's.workstation_id').andOn('w.org_id', '=', 's.org_id');
      })
      .orderBy('s.last_event_at', 'desc')
      .first('s.last_event_at as at', 'w.hostname');
    const [hosts, sessions, events24h] = await Promise.all([
      capped(events().where('s.last_event_at', '>=', since.active), caps.activeHosts),
      capped(db('sessions').where({ org_id: orgId, surface }).where('last_seen_at', '>=', since.active).whereNull('ended_at'), caps.activeSessions),
      capped(db('shield_events').where({ org_id: orgId, surface }).where('created_at', '>=', since.day), caps.events24h),
    ]);
    return { last: last ? { at: Number(last.at), hostname: last.hostname as string } : null, hosts, sessions, events24h };
  }
}
