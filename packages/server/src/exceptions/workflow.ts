// The exception workflow (issue #21, part 3): a developer asks for an exception to one recorded
// deny/warn with the runtime key; an admin triages it, may ask for more context, then approves
// it with a scope and an expiry or denies it. Each step writes its exception.* event to the
// outbox, and each admin step its activity entry, in the step's own transaction.
import { appendActivity, lockActivityLog, type ActivityActor } from '../audit/activity-log.js';
import { InvalidError, ConflictError, NotFoundError } from '../errors.js';
import { newId } from '../ids.js';
import { outboxRow, type OutboxEventType } from '../outbox.js';
import type { Severity } from '../policy/types.js';
import { redactText } from '../redaction/redact.js';
import { emailOfUser } from '../store/activity-log-repo.js';
import type { ExceptionRow, ExceptionStatus, ExceptionsRepo } from '../store/exceptions-repo.js';
import { insertOutboxRows } from '../store/outbox-repo.js';
import type { Tx } from '../store/repo.js';
import { scopeError, type ExceptionScope } from './scope.js';
import type { ExceptionView } from '@service/api';

/** An approval lasts at most this long (an exception is a temporary, reviewed allowance). */
export const MAX_EXCEPTION_MS = 90 * 24 * 3600 * 1000;

export type { ExceptionView };

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function exceptionView(r: ExceptionRow): ExceptionView {
  return {
    id: r.id,
    event_id: r.event_id,
    status: r.status,
    reason: r.reason,
    requested_by: { key_id: r.requested_by_key_id, hostname: r.requested_hostname, user: r.requested_user },
    event: { summary: r.event_summary, hostname: r.event_hostname },
    scope: r.scope_kind ? { kind: r.scope_kind as ExceptionScope['kind'], value: r.scope_value ?? '', host: r.scope_host, user: r.scope_user, repository: r.scope_repository } : null,
    expires_at: iso(r.expires_at),
    decided_by: r.decided_by_key_id ? { key_id: r.decided_by_key_id, email: r.decided_by_email } : null,
    note: r.note,
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
    decided_at: iso(r.decided_at),
  };
}

async function emit(tx: Tx, r: ExceptionRow, type: OutboxEventType, severity: Severity, title: string, actorEmail: string | null, at: number): Promise<void> {
  await insertOutboxRows(tx, [
    outboxRow({
      orgId: r.org_id,
      type,
      severity,
      sourceTable: 'exceptions',
      // One event id per step (a request can be triaged again after context was asked for):
      // the exception, the step and its time; within the column's 64 characters.
      sourceId: `${r.id}:${type.slice('exception.'.length)}:${at}`,
      occurredAt: at,
      data: {
        host: { hostname: r.event_hostname, platform: null },
        actor: { email: actorEmail, type: actorEmail ? 'user' : 'api_key' },
        evidence: { title, summary: r.reason, details: { exception: exceptionView(r) } },
      },
    }),
  ]);
}

export type AdminStep =
  | { kind: 'triage'; note?: string }
  | { kind: 'request_context'; note: string }
  | { kind: 'approve'; scope: ExceptionScope; expiresAt: number; note?: string }
  | { kind: 'deny'; note?: string };

const FROM: Record<AdminStep['kind'], readonly ExceptionStatus[]> = {
  triage: ['requested', 'context_requested'],
  request_context: ['requested', 'triaged'],
  approve: ['requested', 'triaged', 'context_requested'],
  deny: ['requested', 'triaged', 'context_requested'],
};

/** What the workflow tells the rest of the process after a step commits. */
export interface ExceptionEvents {
  /** Outbox rows were written: deliver them soon. */
  wake(): void;
  /** The org's approved set may have changed (approve, deny): drop cached copies, and wake. */
  changed(orgId: string): void;
}

export class ExceptionWorkflow {
  constructor(
    private readonly repo: ExceptionsRepo,
    private readonly events: ExceptionEvents,
  ) {}

  /** Step 1 (runtime key): ask for an exception to a recorded deny/warn of the caller's org. */
  async request(orgId: string, keyId: string, input: { eventId: string; reason: string; user?: string | null }): Promise<ExceptionView> {
    const event = await this.repo.findEvent(orgId, input.eventId);
    if (!event) throw new NotFoundError(`No recorded decision with id ${input.eventId.slice(0, 40)} in this organization.`);
    if (event.verdict !== 'deny' && event.verdict !== 'warn') throw new ConflictError(`Decision ${event.id} was an ${event.verdict}; exceptions are asked for denied or warned calls.`);
    const now = Date.now();
    const view = await this.repo.transaction(async (tx) => {
      const open = await this.repo.openForEvent(tx, orgId, event.id);
      if (open) throw new ConflictError(`Exception ${open.id} for this decision is already ${open.status}.`);
      const row: ExceptionRow = {
        id: newId(now),
        org_id: orgId,
        event_id: event.id,
        requested_by_key_id: keyId,
        requested_hostname: event.hostname,
        requested_user: input.user ? input.user.slice(0, 320) : null,
        reason: redactText(input.reason).text.slice(0, 2000),
        status: 'requested',
        event_summary: event.summary.slice(0, 400),
        event_hostname: event.hostname,
        scope_kind: null,
        scope_value: null,
        scope_host: null,
        scope_user: null,
        scope_repository: null,
        expires_at: null,
        decided_by_key_id: null,
        decided_by_email: null,
        note: null,
        created_at: now,
        updated_at: now,
        decided_at: null,
      };
      await this.repo.insert(tx, row);
      await emit(tx, row, 'exception.requested', 'medium', `Exception requested for: ${row.event_summary}`, null, now);
      return exceptionView(row);
    });
    this.events.wake();
    return view;
  }

  /** One exception of the org, or NotFoundError (another org's id too). */
  async get(orgId: string, id: string): Promise<ExceptionView> {
    const row = await this.repo.get(orgId, id);
    if (!row) throw new NotFoundError(`No exception with id ${id.slice(0, 40)} in this organization.`);
    return exceptionView(row);
  }

  async list(orgId: string, filter: { status?: ExceptionStatus; limit: number }): Promise<ExceptionView[]> {
    return (await this.repo.list(orgId, filter)).map(exceptionView);
  }

  /** Steps 2–4 (admin key): triage, ask for context, approve, deny. */
  async decide(orgId: string, actor: ActivityActor, id: string, step: AdminStep): Promise<ExceptionView> {
    if (step.kind === 'approve') {
      // Without a value, the scope is the decided call itself (its recorded command or path).
      if (!step.scope.value.trim()) step = { ...step, scope: { ...step.scope, value: await this.defaultScopeValue(orgId, id, step.scope.kind) } };
      const problem = scopeError(step.scope);
      if (problem) throw new InvalidError(`scope: ${problem}.`);
      const now = Date.now();
      if (step.expiresAt <= now) throw new InvalidError('expires_at must be in the future.');
      if (step.expiresAt - now > MAX_EXCEPTION_MS) throw new InvalidError('An exception lasts at most 90 days; choose an earlier expiry.');
    }
    const view = await this.repo.transaction(async (tx) => {
      await lockActivityLog(tx, orgId);
      const before = await this.repo.getForUpdate(tx, orgId, id);
      if (!before) throw new NotFoundError(`No exception with id ${id.slice(0, 40)} in this organization.`);
      if (!FROM[step.kind].includes(before.status)) throw new ConflictError(`Exception ${id} is ${before.status}; it cannot be ${pastTense(step.kind)} now.`);
      const now = Date.now();
      const email = await emailOfUser(tx, orgId, actor.userId);
      const note = step.note === undefined ? before.note : redactText(step.note).text.slice(0, 2000);
      let changes: Partial<ExceptionRow> = { updated_at: now, note };
      if (step.kind === 'triage') changes = { ...changes, status: 'triaged' };
      else if (step.kind === 'request_context') changes = { ...changes, status: 'context_requested' };
      else {
        changes = { ...changes, status: step.kind === 'approve' ? 'approved' : 'denied', decided_by_key_id: actor.keyId, decided_by_email: email, decided_at: now };
        if (step.kind === 'approve') {
          const s = step.scope;
          changes = { ...changes, scope_kind: s.kind, scope_value: s.value.trim(), scope_host: s.host, scope_user: s.user, scope_repository: s.repository, expires_at: step.expiresAt };
        }
      }
      if (!(await this.repo.update(tx, orgId, id, before.status, changes))) throw new ConflictError(`Exception ${id} changed meanwhile; read it again.`);
      const after: ExceptionRow = { ...before, ...changes };
      if (step.kind === 'approve' || step.kind === 'deny') await this.repo.bumpVersion(tx, orgId);
      const type: OutboxEventType = step.kind === 'triage' ? 'exception.triaged' : step.kind === 'request_context' ? 'exception.context_requested' : 'exception.decided';
      const title = step.kind === 'approve' ? `Exception ${id} approved until ${new Date(after.expires_at!).toISOString()}` : `Exception ${id} ${pastTense(step.kind)}`;
      await emit(tx, after, type, step.kind === 'approve' ? 'high' : 'medium', title, email, now);
      await appendActivity(tx, orgId, actor, `exception.${step.kind}`, { type: 'exception', id }, exceptionView(before), exceptionView(after));
      return exceptionView(after);
    });
    this.events.changed(orgId);
    return view;
  }

  private async defaultScopeValue(orgId: string, id: string, kind: ExceptionScope['kind']): Promise<string> {
    const row = await this.repo.get(orgId, id);
    if (!row) throw new NotFoundError(`No exception with id ${id.slice(0, 40)} in this organization.`);
    if (kind === 'pattern' || !row.event_summary) throw new InvalidError('scope.value is required for this scope kind.');
    return row.event_summary;
  }
}

function pastTense(kind: AdminStep['kind']): string {
  return kind === 'triage' ? 'triaged' : kind === 'request_context' ? 'asked for context' : kind === 'approve' ? 'approved' : 'denied';
}
