// The webhook payload (spec: Events, Delivery, payload shape), built from an outbox row. It is
// built once per delivery and stored, so every attempt of a delivery carries the same bytes.
import type { OutboxRecordRow } from '../store/notifications-repo.js';
import type { OutboxEventData } from '../outbox.js';

export const SCHEMA_VERSION = 'service.event.v1';
/** `source.system`: which system produced the event record. */
export const SOURCE_SYSTEM = 'service';

export interface EventPayload {
  schema_version: typeof SCHEMA_VERSION;
  event_id: string;
  event_type: string;
  severity: string;
  occurred_at: string;
  detected_at: string;
  org: { id: string; name: string };
  actor: { email: string | null; type: string };
  host: { hostname: string | null; platform: string | null };
  session: { id: string | null };
  source: { system: string; table: string; id: string };
  risk: { verdict: string | null; category: string | null };
  evidence: { title: string; summary: string; details: Record<string, unknown> };
  privacy: { redacted: boolean; excluded_fields: string[] };
  delivery: { destination_id: string; delivery_id: string };
}

/** The columns of an outbox row the payload needs, as the store reads them. */
export type OutboxRecord = OutboxRecordRow;

export function parseEventData(raw: string): OutboxEventData {
  try {
    const data = JSON.parse(raw) as OutboxEventData;
    if (data && typeof data === 'object') return data;
  } catch {
    /* a malformed row still produces a delivery, with empty evidence */
  }
  return { evidence: { title: '', summary: '', details: {} } };
}

export function buildEventPayload(row: OutboxRecord, org: { id: string; name: string }, ids: { destinationId: string; deliveryId: string }): EventPayload {
  const data = parseEventData(row.data);
  const occurred = Number(row.occurred_at);
  return {
    schema_version: SCHEMA_VERSION,
    event_id: `${row.source_table}:${row.source_id}`,
    event_type: row.event_type,
    severity: row.severity,
    occurred_at: new Date(occurred).toISOString(),
    detected_at: new Date(Math.max(occurred, Number(data.detectedAt ?? occurred))).toISOString(),
    org: { id: org.id, name: org.name },
    actor: { email: data.actor?.email ?? null, type: data.actor?.type ?? 'system' },
    host: { hostname: data.host?.hostname ?? null, platform: data.host?.platform ?? null },
    session: { id: data.session?.id ?? null },
    source: { system: SOURCE_SYSTEM, table: row.source_table, id: row.source_id },
    risk: { verdict: data.risk?.verdict ?? null, category: data.risk?.category ?? null },
    evidence: {
      title: data.evidence?.title ?? '',
      summary: data.evidence?.summary ?? '',
      details: data.evidence?.details && typeof data.evidence.details === 'object' ? data.evidence.details : {},
    },
    privacy: { redacted: data.privacy?.redacted ?? false, excluded_fields: data.privacy?.excluded_fields ?? [] },
    delivery: { destination_id: ids.destinationId, delivery_id: ids.deliveryId },
  };
}
