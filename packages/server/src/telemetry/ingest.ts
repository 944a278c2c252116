// OTLP log ingestion (issue #20): maps each decoded record to a workstation, session and person,
// stores it through the group-commit writer with its outbox events, and answers only once the
// rows are committed, so acknowledged records are stored records.
//
// Mapping order for the workstation: machine id (host.id resource attribute or X-Machine-Id),
// then host name (host.name resource attribute or X-Hostname), then the session id correlated
// with the same session's hook calls (Claude Code itself sends no host name).
import { LRUCache } from 'lru-cache';
import { newId } from '../ids.js';
import { outboxInsert, outboxRow, type OutboxEvent } from '../outbox.js';
import type { GroupCommitWriter, WireOp } from '../store/index.js';
import { otlpEventsOp, type TelemetryRepo } from '../store/telemetry-repo.js';
import { mapRecord, type HeaderIdentity, type MappedRecord } from './mapping.js';
import type { WireLogRecord } from './otlp-wire.js';

/** Records in one request: the OpenTelemetry Collector's default batch size. */
export const MAX_RECORDS_PER_REQUEST = 8192;
/** Records accepted but not yet committed, across requests, before new requests get 503. */
export const MAX_PENDING_RECORDS = 100_000;
/** How long a workstation or session lookup is reused (see TelemetryIngest.resolve). */
export const LOOKUP_TTL_MS = 1000;
const NONE = '';
/** At most one otlp.error event per org in this window. */
const ERROR_EVENT_INTERVAL_MS = 60_000;

export class TelemetryOverloadedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`The server is busy storing telemetry; retry in ${retryAfterSeconds} second(s).`);
  }
}

export class TooManyRecordsError extends Error {
  constructor(readonly count: number) {
    super(`The request has ${count} log records; send at most ${MAX_RECORDS_PER_REQUEST} per request (OTEL_BLRP_MAX_EXPORT_BATCH_SIZE).`);
  }
}

export interface IngestResult {
  accepted: number;
  rejected: number;
  /** Why records were rejected (the first reason, with the count), for partial_success. */
  message: string;
  unmapped: number;
}

export interface TelemetryDeps {
  repo: Pick<TelemetryRepo, 'findWorkstations' | 'findSessionWorkstations'>;
  writer: GroupCommitWriter;
  /** Called after outbox rows are committed (the notification worker's wake). */
  wake(): void;
}

export class TelemetryIngest {
  private pending = 0;
  private readonly lastErrorEvent = new LRUCache<string, number>({ max: 10_000 });
  /** Recent workstation lookups by machine id, host name and session id (NONE: not found). */
  private readonly lookups = new LRUCache<string, string>({ max: 50_000, ttl: LOOKUP_TTL_MS });
  readonly stats = { acknowledged: 0, rejected: 0, requests: 0, byEncoding: { protobuf: 0, json: 0 } };

  constructor(private readonly deps: TelemetryDeps) {}

  async ingest(orgId: string, records: WireLogRecord[], headers: HeaderIdentity, now = Date.now()): Promise<IngestResult> {
    if (records.length > MAX_RECORDS_PER_REQUEST) throw new TooManyRecordsError(records.length);
    if (this.pending + records.length > MAX_PENDING_RECORDS) throw new TelemetryOverloadedError(1);
    this.stats.requests++;
    const mapped: MappedRecord[] = [];
    let rejected = 0;
    let firstReason = '';
    for (const rec of records) {
      const m = mapRecord(rec, headers, now);
      if (m.ok) mapped.push(m.record);
      else {
        rejected++;
        firstReason ||= m.reason;
      }
    }
    // Only counts are kept across the awaits: the decoded and mapped records become garbage
    // while the rows commit, not live data every young-generation collection copies.
    const total = records.length;
    const accepted = mapped.length;
    let unmapped = 0;
    if (accepted > 0) {
      this.pending += accepted;
      try {
        unmapped = await this.store(orgId, mapped, now);
      } finally {
        this.pending -= accepted;
      }
    }
    this.stats.acknowledged += accepted;
    this.stats.rejected += rejected;
    const message = rejected > 0 ? `${rejected} of ${total} log records rejected: ${firstReason}.` : '';
    if (rejected > 0) await this.reportError(orgId, message, now);
    return { accepted, rejected, message, unmapped };
  }

  private async store(orgId: string, mapped: MappedRecord[], now: number): Promise<number> {
    const byMachine = new Map<string, string | null>();
    const byHost = new Map<string, string | null>();
    const bySession = new Map<string, string | null>();
    for (const r of mapped) {
      if (r.machineId) byMachine.set(r.machineId, null);
      if (r.hostname) byHost.set(r.hostname, null);
      if (r.sessionKey) bySession.set(r.sessionKey, null);
    }
    await this.resolve(orgId, byMachine, byHost, bySession);
    const values: unknown[] = [];
    const outbox: OutboxEvent[] = [];
    let unmapped = 0;
    for (const r of mapped) {
      let workstationId: string | null = (r.machineId && byMachine.get(r.machineId)) || (r.hostname && byHost.get(r.hostname)) || null;
      let mappedBy = workstationId ? 'host' : 'none';
      if (!workstationId && r.sessionKey) {
        workstationId = bySession.get(r.sessionKey) || null;
        if (workstationId) mappedBy = 'session';
      }
      if (!workstationId) unmapped++;
      const id = newId(now);
      values.push(
        id,
        orgId,
        r.source,
        r.eventName,
        r.sessionKey,
        workstationId,
        r.hostname,
        r.machineId,
        r.userEmail,
        r.userAccount,
        r.team,
        mappedBy,
        r.model,
        r.inputTokens,
        r.outputTokens,
        r.cacheReadTokens,
        r.cacheCreationTokens,
        r.costMicros,
        r.durationMs,
        r.toolName,
        r.decision,
        r.prompt,
        r.attributes,
        r.eventAt,
        now,
      );
      if (r.rejected) outbox.push(toolRejectedEvent(orgId, id, r, workstationId));
    }
    const ops: WireOp[] = [otlpEventsOp(values)];
    await this.deps.writer.write(outbox.length > 0 ? [...ops, outboxInsert(outbox)] : ops);
    if (outbox.length > 0) this.deps.wake();
    return unmapped;
  }

  /**
   * Fills the maps (key → workstation id, null when none) from the lookups of the last
   * LOOKUP_TTL_MS, asking the store only for the rest: an exporter sends the same machine, host
   * and sessions request after request. A workstation or session seen meanwhile maps the next
   * requests' records; the records stored unmapped in between are mapped by the reads' late
   * correlation (TelemetryRepo.correlateLate), as records that arrive before their check-in are.
   */
  private async resolve(orgId: string, byMachine: Map<string, string | null>, byHost: Map<string, string | null>, bySession: Map<string, string | null>): Promise<void> {
    const missing = (kind: string, map: Map<string, string | null>): string[] => {
      const out: string[] = [];
      for (const key of map.keys()) {
        const known = this.lookups.get(`${kind}\u0000${orgId}\u0000${key}`);
        if (known === undefined) out.push(key);
        else map.set(key, known === NONE ? null : known);
      }
      return out;
    };
    const remember = (kind: string, map: Map<string, string | null>, keys: string[], found: Map<string, string>) => {
      for (const key of keys) {
        const id = found.get(key) ?? null;
        map.set(key, id);
        this.lookups.set(`${kind}\u0000${orgId}\u0000${key}`, id ?? NONE);
      }
    };
    const machines = missing('m', byMachine);
    const hosts = missing('h', byHost);
    const sessions = missing('s', bySession);
    if (machines.length + hosts.length > 0) {
      const found = await this.deps.repo.findWorkstations(orgId, machines, hosts);
      remember('m', byMachine, machines, found.byMachine);
      remember('h', byHost, hosts, found.byHost);
    }
    if (sessions.length > 0) remember('s', bySession, sessions, await this.deps.repo.findSessionWorkstations(orgId, sessions));
  }

  /**
   * otlp.error: ingestion failed for an org (bad body, rejected records). At most one event per
   * org per minute, so a misconfigured exporter retrying in a loop does not flood the receivers.
   */
  /** Announces an ingestion failure as otlp.error (once a minute per org); resolves once it is committed. */
  reportError(orgId: string, message: string, now = Date.now()): Promise<void> {
    const last = this.lastErrorEvent.get(orgId) ?? 0;
    if (now - last < ERROR_EVENT_INTERVAL_MS) return Promise.resolve();
    this.lastErrorEvent.set(orgId, now);
    const event: OutboxEvent = {
      orgId,
      type: 'otlp.error',
      severity: 'low',
      sourceTable: 'otlp_ingest',
      sourceId: newId(now),
      occurredAt: now,
      data: { evidence: { title: 'OTLP ingestion error', summary: message.slice(0, 500), details: { message: message.slice(0, 500) } } },
    };
    return this.deps.writer
      .write([{ table: 'outbox', rows: [outboxRow(event)] }])
      .then(() => this.deps.wake())
      .catch(() => undefined);
  }
}

function toolRejectedEvent(orgId: string, id: string, r: MappedRecord, workstationId: string | null): OutboxEvent {
  return {
    orgId,
    type: 'otlp.tool_rejected',
    severity: 'low',
    sourceTable: 'otlp_events',
    sourceId: id,
    workstationId,
    surface: r.source,
    occurredAt: r.eventAt,
    data: {
      host: { hostname: r.hostname, platform: null },
      session: { id: r.sessionKey },
      actor: { email: r.userEmail, type: 'user' },
      risk: { verdict: 'rejected', category: null },
      evidence: {
        title: `${r.toolName ?? 'Tool call'} rejected`,
        summary: `${r.source} reported a rejected ${r.toolName ?? 'tool'} call (decision ${r.decision}).`,
        details: { tool_name: r.toolName, decision: r.decision, event_name: r.eventName, source: r.source },
      },
    },
  };
}
