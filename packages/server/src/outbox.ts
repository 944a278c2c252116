// Domain events go to the outbox in the same transaction (or group-commit entry) as the change
// that caused them; the notifications worker turns them into signed deliveries. This module
// is the one place that shapes an outbox row.
import { newId } from './ids.js';
import { redactValue } from './redaction/redact.js';
import type { Severity } from './policy/types.js';
import type { InsertOp } from './store/index.js';
import type { OutboxRecordRow } from './store/notifications-repo.js';

/** An outbox row as written; `dispatched_at` is set once the worker made its deliveries. */
export type OutboxRow = OutboxRecordRow & { dispatched_at: number | null };

/** Event types with a source in this codebase (spec: Webhook event types). */
export type OutboxEventType =
  | 'workstation.registered'
  | 'workstation.offline'
  | 'activity.blocked'
  | 'activity.warned'
  | 'activity.observed'
  | 'mcp.blocked'
  | 'mcp.warned'
  | 'mcp.drift_detected'
  | 'policy.changed'
  | 'posture.grade_dropped'
  | 'posture.check_failed'
  | 'otlp.error'
  | 'otlp.cost_anomaly'
  | 'otlp.tool_rejected'
  | 'notification.test'
  | 'chain.created'
  | 'chain.updated'
  | 'investigation.created'
  | 'investigation.updated'
  | 'investigation.resolved'
  | 'exception.requested'
  | 'exception.triaged'
  | 'exception.context_requested'
  | 'exception.decided'
  | 'exception.expired'
  | 'compliance.activity';

/** What the payload builder needs beyond the row's columns; every field is optional. */
export interface OutboxEventData {
  host?: { hostname: string | null; platform: string | null };
  session?: { id: string | null };
  actor?: { email: string | null; type: string };
  risk?: { verdict: string | null; category: string | null };
  evidence: { title: string; summary: string; details: Record<string, unknown> };
  /** When the service detected the event (epoch ms), when later than `occurredAt`. */
  detectedAt?: number;
  /** What the source left out of the evidence (payload `privacy`); default: nothing redacted. */
  privacy?: { redacted: boolean; excluded_fields: string[] };
}

export interface OutboxEvent {
  orgId: string;
  type: OutboxEventType;
  severity: Severity;
  /** Table and id of the record that caused the event: the payload's `event_id` is `<table>:<id>`. */
  sourceTable: string;
  sourceId: string;
  workstationId?: string | null;
  surface?: string | null;
  occurredAt: number;
  data: OutboxEventData;
}

export function outboxRow(event: OutboxEvent): OutboxRow {
  // Every event's data passes the redaction step on its way into the outbox, whichever verb
  // wrote it: a secret in a hostname, an MCP server's arguments or a reason is cut here, and
  // the payload's privacy.redacted says so.
  const kinds: string[] = [];
  let data = redactValue(event.data, kinds);
  if (kinds.length) data = { ...data, privacy: { redacted: true, excluded_fields: data.privacy?.excluded_fields ?? [] } };
  return {
    id: newId(),
    org_id: event.orgId,
    event_type: event.type,
    severity: event.severity,
    source_table: event.sourceTable,
    source_id: event.sourceId,
    workstation_id: event.workstationId ?? null,
    surface: event.surface ?? null,
    data: JSON.stringify(data),
    occurred_at: event.occurredAt,
    dispatched_at: null,
  };
}

export function outboxInsert(events: OutboxEvent[]): InsertOp {
  return { table: 'outbox', rows: events.map(outboxRow) };
}
