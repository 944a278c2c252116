// Chains and investigations, kept off the hook call's hot path (docs/chains.md). After a call's
// event is committed and its answer is on its way, `observe` queues the event here; a per-process
// queue then records the chain it completed (chain.created / chain.updated), opens the session's
// investigation on a deny, a chain or the org's warn threshold (investigation.created), and appends
// later events of the session as evidence (investigation.updated, debounced). Each step is one
// transaction whose outbox rows commit with the change. Several servers may race to open the same
// session's investigation: the unique (org_id, open_key) lets one win; the other appends.
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { newId } from '../ids.js';
import { ConflictError, NotFoundError } from '../errors.js';
import type { Logger } from '../log.js';
import { outboxRow, type OutboxEvent, type OutboxEventType } from '../outbox.js';
import { CHAIN_WINDOW_EVENTS, CHAIN_WINDOW_MS, type ChainMatch } from '../policy/chains/index.js';
import { SEVERITIES, type Severity } from '../policy/types.js';
import { isUniqueViolation } from '../store/index.js';
import type { InvestigationRow, InvestigationsRepo } from '../store/investigations-repo.js';
import { insertOutboxRows } from '../store/outbox-repo.js';
import type { Tx } from '../store/repo.js';
import { appendActivity, lockActivityLog, type ActivityActor } from '../audit/activity-log.js';
import { describeError } from '../error-summary.js';
import { redactText } from '../redaction/redact.js';

/** investigation.updated is emitted at most once per this interval per investigation. */
export const INVESTIGATION_UPDATE_DEBOUNCE_MS = 60_000;
/** Sessions with an open investigation this process knows of (allowed calls of those become evidence). */
const KNOWN_OPEN_MAX = 10_000;

export const INVESTIGATION_STATUSES = ['open', 'triaged', 'resolved'] as const;
export type InvestigationStatus = (typeof INVESTIGATION_STATUSES)[number];

export interface ObservedEvent {
  orgId: string;
  session: string;
  eventId: string;
  at: number;
  verdict: 'allow' | 'warn' | 'deny';
  severity: Severity;
  reason: string;
  summary: string;
  workstationId: string | null;
  hostname: string | null;
  surface: string;
  chain: ChainMatch | null;
}

const rank = (s: string) => Math.max(0, (SEVERITIES as readonly string[]).indexOf(s));
const maxSeverity = (a: string, b: string): Severity => (rank(a) >= rank(b) ? a : b) as Severity;

export class InvestigationService {
  private queue: Promise<void> = Promise.resolve();
  private pending = 0;
  private readonly knownOpen = new LRUCache<string, true>({ max: KNOWN_OPEN_MAX });
  /** The admin API's verbs over the same store. */
  readonly admin: InvestigationAdmin;

  constructor(
    private readonly repo: InvestigationsRepo,
    private readonly logger: Logger,
    private readonly warnThreshold: number,
    /** False with SERVICE_CHAINS=off: nothing is queued. */
    private readonly enabled: boolean,
    private readonly wake: () => void = () => {},
  ) {
    this.admin = new InvestigationAdmin(repo, wake);
  }

  /** Whether this event is worth the queue: anything not allowed, a chain, or a session under investigation. */
  wants(orgId: string, session: string | undefined, verdict: string, chain: ChainMatch | null): boolean {
    if (!session || !this.enabled) return false;
    return verdict !== 'allow' || chain !== null || this.knownOpen.has(`${orgId}\u0000${session.slice(0, 200)}`);
  }

  /** Queues the event; never throws, never delays the caller. */
  observe(ev: ObservedEvent): void {
    this.pending++;
    this.queue = this.queue
      .then(() => this.process(ev))
      .catch((err) => this.logger.warn('investigation update failed', { error: describeError(err) }))
      .finally(() => {
        this.pending--;
      });
  }

  /** Resolves when every queued event has been processed (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending > 0) await this.queue;
  }

  private remember(orgId: string, session: string): void {
    const key = `${orgId}\u0000${session}`;
    this.knownOpen.set(key, true);
  }

  private async process(ev: ObservedEvent): Promise<void> {
    const outbox: OutboxEvent[] = [];
    for (let attempt = 0; ; attempt++) {
      outbox.length = 0;
      try {
        await this.repo.transaction(async (tx) => {
          if (ev.chain) await this.recordChain(tx, ev, ev.chain, outbox);
          await this.investigate(tx, ev, outbox);
          await insertOutboxRows(tx, outbox.map(outboxRow));
        });
        break;
      } catch (err) {
        // Another server opened the session's investigation (or its chain) first: append instead.
        if (attempt < 2 && isUniqueViolation(err)) continue;
        throw err;
      }
    }
    if (outbox.length) this.wake();
  }

  private async recordChain(tx: Tx, ev: ObservedEvent, chain: ChainMatch, outbox: OutboxEvent[]): Promise<void> {
    const existing = await this.repo.findChain(tx, ev.orgId, ev.session, chain.rule);
    const evidence = [...chain.evidence, ev.eventId];
    let id: string;
    let type: OutboxEventType;
    let all: string[];
    if (!existing) {
      id = newId(ev.at);
      all = evidence;
      await this.repo.insertChain(tx, { id, org_id: ev.orgId, session_key: ev.session, rule: chain.rule, severity: chain.severity, status: 'open', evidence: JSON.stringify(all), reason: chain.reason.slice(0, 500), created_at: ev.at, updated_at: ev.at });
      type = 'chain.created';
    } else {
      id = existing.id;
      const prior: string[] = JSON.parse(existing.evidence);
      all = [...prior, ...evidence.filter((e) => !prior.includes(e))].slice(-100);
      await this.repo.updateChain(tx, ev.orgId, id, { evidence: JSON.stringify(all), severity: maxSeverity(existing.severity, chain.severity), reason: chain.reason.slice(0, 500), updated_at: ev.at });
      type = 'chain.updated';
    }
    outbox.push({
      orgId: ev.orgId,
      type,
      severity: chain.severity,
      sourceTable: 'chains',
      sourceId: id,
      workstationId: ev.workstationId,
      surface: ev.surface,
      occurredAt: ev.at,
      data: {
        host: { hostname: ev.hostname, platform: null },
        session: { id: ev.session },
        risk: { verdict: ev.verdict, category: 'chain' },
        evidence: { title: `Chain ${chain.rule} in session ${ev.session}`, summary: chain.reason, details: { rule: chain.rule, event_ids: all, chain_id: id } },
      },
    });
  }

  private async investigate(tx: Tx, ev: ObservedEvent, outbox: OutboxEvent[]): Promise<void> {
    const open = await this.repo.findOpen(tx, ev.orgId, ev.session);
    if (open) {
      await this.repo.addEvidence(tx, ev.orgId, open.id, [ev.eventId], ev.at);
      const severity = ev.verdict === 'allow' ? open.severity : maxSeverity(open.severity, ev.chain ? maxSeverity(ev.severity, ev.chain.severity) : ev.severity);
      const notify = open.notified_at === null || Number(open.notified_at) <= ev.at - INVESTIGATION_UPDATE_DEBOUNCE_MS;
      await this.repo.update(tx, ev.orgId, open.id, { severity, updated_at: ev.at, ...(notify ? { notified_at: ev.at } : {}) });
      if (notify) outbox.push(this.investigationEvent('investigation.updated', { ...open, severity }, ev, `New evidence: ${ev.summary}`));
      this.remember(ev.orgId, ev.session);
      return;
    }
    let trigger: string | null = ev.chain ? 'chain' : ev.verdict === 'deny' ? 'deny' : null;
    if (!trigger && ev.verdict === 'warn') {
      if ((await this.repo.countSessionWarns(tx, ev.orgId, ev.session, ev.at - CHAIN_WINDOW_MS)) >= this.warnThreshold) trigger = 'warns';
    }
    if (!trigger) return;
    const id = newId(ev.at);
    const severity = ev.chain ? maxSeverity(ev.severity, ev.chain.severity) : ev.severity;
    const title = redactText(ev.chain ? `Chain ${ev.chain.rule}: ${ev.chain.reason}` : trigger === 'deny' ? `Blocked: ${ev.reason}` : `${this.warnThreshold} warnings in one session`).text.slice(0, 500);
    const row: InvestigationRow = { id, org_id: ev.orgId, session_key: ev.session, open_key: ev.session, status: 'open', severity, trigger, title, owner: null, feedback: null, feedback_note: null, created_at: ev.at, updated_at: ev.at, resolved_at: null, notified_at: ev.at };
    await this.repo.insert(tx, row);
    // The evidence: the session's recent events that were not allowed, the chain's, and this one.
    const earlier = await this.repo.sessionFindings(tx, ev.orgId, ev.session, ev.at - CHAIN_WINDOW_MS, CHAIN_WINDOW_EVENTS);
    const ids = [...new Set([...(ev.chain?.evidence ?? []), ...earlier, ev.eventId])];
    await this.repo.addEvidence(tx, ev.orgId, id, ids, ev.at);
    outbox.push(this.investigationEvent('investigation.created', row, ev, title, ids));
    this.remember(ev.orgId, ev.session);
  }

  private investigationEvent(type: OutboxEventType, inv: Record<string, any>, ev: ObservedEvent, summary: string, eventIds?: string[]): OutboxEvent {
    return {
      orgId: ev.orgId,
      type,
      severity: inv.severity,
      sourceTable: 'investigations',
      sourceId: inv.id,
      workstationId: ev.workstationId,
      surface: ev.surface,
      occurredAt: ev.at,
      data: {
        host: { hostname: ev.hostname, platform: null },
        session: { id: ev.session },
        risk: { verdict: ev.verdict, category: ev.chain ? 'chain' : null },
        evidence: { title: `Investigation ${inv.id} (${inv.status})`, summary, details: { investigation_id: inv.id, status: inv.status, trigger: inv.trigger, event_id: ev.eventId, ...(eventIds ? { event_ids: eventIds } : {}) } },
      },
    };
  }
}

// ---- Admin API (routes/admin/investigations.ts) ----

export const listInvestigationsQuery = z
  .object({
    status: z.enum(INVESTIGATION_STATUSES).optional(),
    session_id: z.string().trim().min(1).max(200).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    /** Page backwards: investigations with an id lower than this one (the previous page's next_cursor). */
    cursor: z.string().trim().regex(/^[0-9A-Za-z]{1,26}$/).optional(),
  })
  .strict();

const feedbackSchema = z.object({ verdict: z.enum(['true_positive', 'false_positive']), note: z.string().max(1000).default('') }).strict();

export const patchInvestigationBody = z
  .object({
    owner: z.string().trim().min(1).max(200).nullable().optional(),
    status: z.enum(INVESTIGATION_STATUSES).optional(),
    feedback: feedbackSchema.optional(),
  })
  .strict()
  .refine((b) => b.owner !== undefined || b.status !== undefined || b.feedback !== undefined, { message: 'Name at least one of owner, status, feedback.' });

export const resolveInvestigationBody = z.object({ feedback: feedbackSchema.optional() }).strict();

const iso = (ms: unknown) => (ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString());

function view(r: InvestigationRow) {
  return {
    id: r.id,
    session_id: r.session_key,
    status: r.status,
    severity: r.severity,
    trigger: r.trigger,
    title: r.title,
    owner: r.owner ?? null,
    feedback: r.feedback ? { verdict: r.feedback, note: r.feedback_note ?? '' } : null,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    resolved_at: iso(r.resolved_at),
  };
}

/** The admin API's verbs (routes/admin/investigations.ts): list, read, update, resolve. */
export class InvestigationAdmin {
  constructor(
    private readonly repo: InvestigationsRepo,
    /** Called after outbox rows are committed (the notification worker's wake). */
    private readonly wake: () => void,
  ) {}

  async list(orgId: string, q: z.output<typeof listInvestigationsQuery>) {
    const rows = await this.repo.list(orgId, { status: q.status, session: q.session_id, before: q.cursor, limit: q.limit + 1 });
    const page = rows.slice(0, q.limit);
    const counts = await this.repo.evidenceCounts(orgId, page.map((r) => r.id));
    return {
      investigations: page.map((r) => ({ ...view(r), evidence_count: counts.get(r.id) ?? 0 })),
      next_cursor: rows.length > q.limit ? page[page.length - 1]!.id : null,
    };
  }

  /** The investigation with its evidence and the session's chains, or NotFoundError. */
  async get(orgId: string, id: string) {
    const row = await this.repo.get(orgId, id);
    if (!row) throw notFound();
    const events = await this.repo.evidence(orgId, id);
    const chains = await this.repo.chainsOfSession(orgId, row.session_key);
    return {
      ...view(row),
      evidence: events.map((e) => ({
        event_id: e.id,
        created_at: iso(e.created_at),
        verdict: e.verdict,
        severity: e.severity,
        tool_name: e.tool_name,
        pattern_name: e.pattern_name,
        category: e.category,
        reason: e.reason,
        summary: e.summary,
        hostname: e.hostname,
        surface: e.surface,
        effects: e.effects ? String(e.effects).split(';') : [],
      })),
      chains: chains.map((c) => ({ id: c.id, rule: c.rule, severity: c.severity, status: c.status, reason: c.reason, event_ids: JSON.parse(c.evidence), created_at: iso(c.created_at), updated_at: iso(c.updated_at) })),
    };
  }

  /** NotFoundError unless the org has this investigation (checked before a body is judged: another org's id is a 404, not a 400). */
  async assertExists(orgId: string, id: string): Promise<void> {
    if (!(await this.repo.get(orgId, id))) throw notFound();
  }

  /** Resolving, with optional analyst feedback: the same as an update to status resolved. */
  resolve(orgId: string, id: string, body: z.output<typeof resolveInvestigationBody>, actor?: ActivityActor, now = Date.now()) {
    return this.update(orgId, id, { status: 'resolved', ...(body.feedback ? { feedback: body.feedback } : {}) }, actor, now);
  }

  /** Owner, status and analyst feedback; resolving through here is the same as POST …/resolve. */
  async update(orgId: string, id: string, body: z.output<typeof patchInvestigationBody>, actor?: ActivityActor, now = Date.now()) {
    await this.repo.transaction(async (tx) => {
      // The activity log's org lock first, as every admin change takes it (audit/activity-log.ts).
      if (actor) await lockActivityLog(tx, orgId);
      const row = await this.repo.getForUpdate(tx, orgId, id);
      if (!row) throw notFound();
      const patch: Partial<InvestigationRow> = { updated_at: now };
      if (body.owner !== undefined) patch.owner = body.owner;
      if (body.feedback) {
        patch.feedback = body.feedback.verdict;
        patch.feedback_note = body.feedback.note;
      }
      let type: OutboxEventType = 'investigation.updated';
      if (body.status && body.status !== row.status) {
        patch.status = body.status;
        if (body.status === 'resolved') {
          patch.resolved_at = now;
          patch.open_key = null;
          type = 'investigation.resolved';
        } else if (row.status === 'resolved') {
          const other = await this.repo.findOpen(tx, orgId, row.session_key);
          if (other) throw new ConflictError(`Session ${row.session_key} already has an open investigation (${other.id}); resolve that one first.`);
          patch.resolved_at = null;
          patch.open_key = row.session_key;
        }
      }
      await this.repo.update(tx, orgId, id, patch);
      const next = { ...row, ...patch };
      if (actor) {
        const fields = Object.keys(patch).filter((k) => k !== 'updated_at' && k !== 'open_key');
        const pick = (r: InvestigationRow) => Object.fromEntries(fields.map((k) => [k, r[k as keyof InvestigationRow] ?? null]));
        await appendActivity(tx, orgId, actor, type === 'investigation.resolved' ? 'investigation.resolve' : 'investigation.update', { type: 'investigation', id }, pick(row), pick(next));
      }
      await insertOutboxRows(tx, [
        outboxRow({
          orgId,
          type,
          severity: next.severity as Severity,
          sourceTable: 'investigations',
          sourceId: id,
          occurredAt: now,
          data: {
            session: { id: row.session_key },
            evidence: {
              title: `Investigation ${id} (${next.status})`,
              summary: type === 'investigation.resolved' ? `Resolved${next.feedback ? ` as ${next.feedback}` : ''}.` : `Updated: ${Object.keys(patch).filter((k) => k !== 'updated_at').join(', ')}.`,
              details: { investigation_id: id, status: next.status, owner: next.owner ?? null, feedback: next.feedback ?? null },
            },
          },
        }),
      ]);
    });
    this.wake();
    return this.get(orgId, id);
  }
}

const notFound = () => new NotFoundError('No investigation with this id in your organization.');
