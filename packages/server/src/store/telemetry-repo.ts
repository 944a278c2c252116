// SQL of the telemetry domain (issue #20): OTLP event rows, the lookups that map them to
// workstations and sessions, and the aggregates behind the three OTLP reads. Every query takes
// the org id. Inserts of event rows go through the group-commit writer (see otlpEventsOp).
import { Repo } from './repo.js';
import type { WireOp } from './batch-insert.js';

/** Column order of the values telemetry/ingest.ts appends per row. One constant list (group commit merges by identity). */
export const OTLP_EVENT_COLUMNS = [
  'id',
  'org_id',
  'source',
  'event_name',
  'session_key',
  'workstation_id',
  'hostname',
  'machine_id',
  'user_email',
  'user_account',
  'team',
  'mapped_by',
  'model',
  'input_tokens',
  'output_tokens',
  'cache_read_tokens',
  'cache_creation_tokens',
  'cost_micros',
  'duration_ms',
  'tool_name',
  'decision',
  'prompt',
  'attributes',
  'event_at',
  'received_at',
];

export function otlpEventsOp(values: unknown[]): WireOp {
  return { table: 'otlp_events', columns: OTLP_EVENT_COLUMNS, values };
}

const LOOKUP_CHUNK = 500;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += LOOKUP_CHUNK) out.push(items.slice(i, i + LOOKUP_CHUNK));
  return out;
}

export interface OtlpEventRow {
  id: string;
  source: string;
  event_name: string;
  session_key: string | null;
  workstation_id: string | null;
  hostname: string | null;
  machine_id: string | null;
  user_email: string | null;
  user_account: string | null;
  mapped_by: string;
  model: string | null;
  input_tokens: number;
  output_tokens: number;
  cost_micros: number;
  tool_name: string | null;
  decision: string | null;
  event_at: number;
  received_at: number;
}

/** The counters summed over a group of usage records (and over groups, by the reads). */
export interface UsageTotals {
  events: number;
  api_requests: number;
  input_tokens: number;
  output_tokens: number;
  cache_read_tokens: number;
  cache_creation_tokens: number;
  cost_micros: number;
  tool_rejections: number;
}

export interface UsageGroup extends UsageTotals {
  workstation_id: string | null;
  hostname: string | null;
  session_key: string | null;
  user_email: string | null;
  user_account: string | null;
  team: string | null;
  source: string;
  day: number;
}

const DAY_MS = 86_400_000;

export interface WorkstationLabel {
  id: string;
  hostname: string;
  display_name: string | null;
  user_hint: string | null;
  os_username: string | null;
}

export class TelemetryRepo extends Repo {
  /** Workstations of the org by machine id and by hostname (the newest row when a name repeats). */
  async findWorkstations(orgId: string, machineIds: string[], hostnames: string[]): Promise<{ byMachine: Map<string, string>; byHost: Map<string, string> }> {
    const byMachine = new Map<string, string>();
    const byHost = new Map<string, string>();
    for (const part of chunks(machineIds)) {
      const rows = await this.knex('workstations').select('id', 'machine_id').where('org_id', orgId).whereIn('machine_id', part).orderBy('last_seen_at', 'asc');
      for (const r of rows) byMachine.set(r.machine_id, r.id);
    }
    for (const part of chunks(hostnames)) {
      const rows = await this.knex('workstations').select('id', 'hostname').where('org_id', orgId).whereIn('hostname', part).orderBy('last_seen_at', 'asc');
      for (const r of rows) byHost.set(r.hostname, r.id);
    }
    return { byMachine, byHost };
  }

  /** The workstation whose hook calls carried each session id (the most recently seen one). */
  async findSessionWorkstations(orgId: string, sessionKeys: string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const part of chunks(sessionKeys)) {
      const rows = await this.knex('sessions').select('session_key', 'workstation_id').where('org_id', orgId).whereIn('session_key', part).orderBy('last_seen_at', 'asc');
      for (const r of rows) out.set(r.session_key, r.workstation_id);
    }
    return out;
  }

  /**
   * Late mapping: records that arrived before their workstation registered (Claude Code exports
   * its SessionStart events while the SessionStart check-in is still on its way) or before their
   * session's first hook call are mapped once those have been seen. Bounded to the window read.
   */
  async correlateLate(orgId: string, since: number): Promise<number> {
    const unmapped = () => this.knex('otlp_events').where('org_id', orgId).where('event_at', '>=', since).whereNull('workstation_id');
    let updated = 0;
    const hosts = await unmapped().clone().distinct('machine_id', 'hostname').where((q) => q.whereNotNull('machine_id').orWhereNotNull('hostname')).limit(1000);
    if (hosts.length > 0) {
      const machineIds = [...new Set(hosts.map((h: { machine_id: string | null }) => h.machine_id).filter((x: string | null): x is string => !!x))];
      const hostnames = [...new Set(hosts.map((h: { hostname: string | null }) => h.hostname).filter((x: string | null): x is string => !!x))];
      const { byMachine, byHost } = await this.findWorkstations(orgId, machineIds, hostnames);
      for (const [machineId, id] of byMachine) updated += await unmapped().clone().where('machine_id', machineId).update({ workstation_id: id, mapped_by: 'host' });
      for (const [hostname, id] of byHost) updated += await unmapped().clone().where('hostname', hostname).update({ workstation_id: id, mapped_by: 'host' });
    }
    const pending = await unmapped().clone().distinct('session_key').whereNotNull('session_key').limit(1000);
    if (pending.length === 0) return updated;
    const found = await this.findSessionWorkstations(orgId, pending.map((r: { session_key: string }) => r.session_key));
    for (const [sessionKey, workstationId] of found) {
      updated += await unmapped().clone().where('session_key', sessionKey).update({ workstation_id: workstationId, mapped_by: 'session' });
    }
    return updated;
  }

  /** The org's most recent events by event time, newest first (setup-health samples these). */
  async recentEvents(orgId: string, limit: number): Promise<OtlpEventRow[]> {
    const rows = await this.knex('otlp_events')
      .select('id', 'source', 'event_name', 'session_key', 'workstation_id', 'hostname', 'machine_id', 'user_email', 'user_account', 'mapped_by', 'model', 'input_tokens', 'output_tokens', 'cost_micros', 'tool_name', 'decision', 'event_at', 'received_at')
      .where('org_id', orgId)
      .orderBy('event_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit);
    return rows.map((r: Record<string, unknown>) => ({
      ...(r as unknown as OtlpEventRow),
      input_tokens: Number(r.input_tokens),
      output_tokens: Number(r.output_tokens),
      cost_micros: Number(r.cost_micros),
      event_at: Number(r.event_at),
      received_at: Number(r.received_at),
    }));
  }

  /** Events since a time (event time), capped, and the time of the newest one. */
  async activity(orgId: string, since: number, cap: number): Promise<{ count: number; latestAt: number | null; sources: string[] }> {
    const counted = await this.knex.from(this.knex('otlp_events').select('id').where('org_id', orgId).where('event_at', '>=', since).limit(cap).as('c')).count({ n: '*' });
    const latest = await this.knex('otlp_events').max({ at: 'event_at' }).where('org_id', orgId);
    const sources = await this.knex('otlp_events').distinct('source').where('org_id', orgId).where('event_at', '>=', since);
    const at = latest[0]?.at;
    return { count: Number(counted[0]?.n ?? 0), latestAt: at === null || at === undefined ? null : Number(at), sources: sources.map((r: { source: string }) => r.source).sort() };
  }

  /** Usage per workstation, session, person, team, agent and UTC day since a time. */
  async usageGroups(orgId: string, since: number, cap: number): Promise<UsageGroup[]> {
    const day = this.knex.raw(`FLOOR(event_at / ${DAY_MS})`);
    const rows = await this.knex('otlp_events')
      .select('workstation_id', 'hostname', 'session_key', 'user_email', 'user_account', 'team', 'source')
      .select({ day })
      .count({ events: '*' })
      .select(this.knex.raw(`SUM(CASE WHEN event_name IN ('api_request', 'api_response') OR (input_tokens + output_tokens) > 0 THEN 1 ELSE 0 END) AS api_requests`))
      .sum({ input_tokens: 'input_tokens', output_tokens: 'output_tokens', cache_read_tokens: 'cache_read_tokens', cache_creation_tokens: 'cache_creation_tokens', cost_micros: 'cost_micros' })
      .select(this.knex.raw(`SUM(CASE WHEN decision IN ('reject', 'rejected', 'deny', 'denied', 'abort') THEN 1 ELSE 0 END) AS tool_rejections`))
      .where('org_id', orgId)
      .where('event_at', '>=', since)
      .groupBy('workstation_id', 'hostname', 'session_key', 'user_email', 'user_account', 'team', 'source', day)
      .limit(cap);
    return rows.map((r: Record<string, unknown>) => ({
      workstation_id: (r.workstation_id as string | null) ?? null,
      hostname: (r.hostname as string | null) ?? null,
      session_key: (r.session_key as string | null) ?? null,
      user_email: (r.user_email as string | null) ?? null,
      user_account: (r.user_account as string | null) ?? null,
      team: (r.team as string | null) ?? null,
      source: String(r.source),
      day: Number(r.day),
      events: Number(r.events),
      api_requests: Number(r.api_requests ?? 0),
      input_tokens: Number(r.input_tokens ?? 0),
      output_tokens: Number(r.output_tokens ?? 0),
      cache_read_tokens: Number(r.cache_read_tokens ?? 0),
      cache_creation_tokens: Number(r.cache_creation_tokens ?? 0),
      cost_micros: Number(r.cost_micros ?? 0),
      tool_rejections: Number(r.tool_rejections ?? 0),
    }));
  }

  async workstationLabels(orgId: string, ids: string[]): Promise<Map<string, WorkstationLabel>> {
    const out = new Map<string, WorkstationLabel>();
    for (const part of chunks(ids)) {
      const rows = await this.knex('workstations').select('id', 'hostname', 'display_name', 'user_hint', 'os_username').where('org_id', orgId).whereIn('id', part);
      for (const r of rows) out.set(r.id, r);
    }
    return out;
  }

  /**
   * Remembers an anomaly; true only the first time (so it is announced once). The outbox row is
   * written in the same transaction.
   */
  async recordAnomalyOnce(orgId: string, anomalyKey: string, id: string, now: number, outboxRow: Record<string, unknown>): Promise<boolean> {
    return this.knex.transaction(async (trx) => {
      const existing = await trx('otlp_anomalies').select('id').where({ org_id: orgId, anomaly_key: anomalyKey }).first();
      if (existing) return false;
      try {
        await trx('otlp_anomalies').insert({ id, org_id: orgId, anomaly_key: anomalyKey, created_at: now });
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_UNIQUE') return false;
        throw err;
      }
      await trx('outbox').insert(outboxRow);
      return true;
    });
  }
}
