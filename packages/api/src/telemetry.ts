// OTLP telemetry: the exporters' answers and the three Enterprise reads.
import { z } from 'zod';
import { optionalTimestamp } from './common.js';

/** OTLP/HTTP JSON answer to a logs export (ExportLogsServiceResponse); protobuf carries the same message. */
export const otlpLogsAnswer = z.object({
  partialSuccess: z.object({ rejectedLogRecords: z.string().describe('int64 as a string (OTLP JSON)'), errorMessage: z.string() }).optional(),
});
/** OTLP/HTTP JSON answer to a metrics or traces export: `{}`. */
export const otlpEmptyAnswer = z.object({});
/** An OTLP/HTTP protobuf message (request or answer). */
export const otlpProtobuf = z.string().describe('OTLP protobuf message bytes');
/** An OTLP/HTTP JSON export request (ExportLogsServiceRequest and the like). */
export const otlpJsonRequest = z.record(z.unknown()).describe('OTLP/HTTP JSON export request (resourceLogs, resourceMetrics or resourceSpans)');

export const otlpHealth = z.object({
  ok: z.boolean(),
  checked_at: optionalTimestamp,
  receiving: z.boolean(),
  last_event_at: optionalTimestamp,
  events_24h: z.number().int(),
  events_24h_truncated: z.boolean(),
  sources_24h: z.array(z.string()),
});
export type OtlpHealth = z.infer<typeof otlpHealth>;

const pct = z.number();
export const otlpSetupHealth = z.object({
  last_events: z.array(
    z.object({
      source: z.string(),
      event_name: z.string(),
      received_at: optionalTimestamp,
      event_at: optionalTimestamp,
      session_id: z.string().nullable(),
      hostname: z.string().nullable(),
      workstation_id: z.string().nullable(),
      user: z.string().nullable(),
      mapped: z.boolean(),
      mapped_by: z.string(),
      model: z.string().nullable(),
      input_tokens: z.number(),
      output_tokens: z.number(),
      cost_usd: z.number(),
      tool_name: z.string().nullable(),
      decision: z.string().nullable(),
    }),
  ),
  stats: z.object({
    total_events_sampled: z.number().int(),
    raw_events_sampled: z.number().int(),
    runtime_events_ignored: z.number().int(),
    host_name_present_count: z.number().int(),
    host_name_present_pct: pct,
    session_id_present_count: z.number().int(),
    session_id_present_pct: pct,
    actor_mapped_count: z.number().int(),
    actor_mapped_pct: pct,
    mapped_count: z.number().int(),
    mapped_pct: pct,
    latest_event_at: optionalTimestamp,
    correlation_key_count: z.number().int(),
    session_correlation_sample_count: z.number().int(),
    session_correlation_sample_pct: pct,
    actor_only_count: z.number().int(),
    unmapped_identities: z.array(
      z.object({
        source: z.string(),
        hostname: z.string().nullable(),
        machine_id: z.string().nullable(),
        session_id: z.string().nullable(),
        user: z.string().nullable(),
        reason: z.string(),
        events: z.number().int(),
        last_seen_at: optionalTimestamp,
      }),
    ),
  }),
  warnings: z.array(z.object({ code: z.string(), message: z.string(), severity: z.string() })),
});
export type OtlpSetupHealth = z.infer<typeof otlpSetupHealth>;

const usage = {
  events: z.number().int(),
  api_requests: z.number().int(),
  input_tokens: z.number(),
  output_tokens: z.number(),
  cache_read_tokens: z.number(),
  cache_creation_tokens: z.number(),
  tool_rejections: z.number().int(),
  cost_usd: z.number(),
};

export const otlpUsageCosts = z.object({
  days: z.number().int(),
  summary: z.object({
    sessions: z.number().int(),
    users: z.number().int(),
    teams: z.number().int(),
    workstations: z.number().int(),
    sources: z.array(z.string()),
    from: optionalTimestamp,
    to: optionalTimestamp,
    ...usage,
  }),
  teams: z.array(z.object({ team: z.string(), users: z.number().int(), ...usage })),
  users: z.array(
    z.object({
      user: z.string(),
      team: z.string(),
      workstations: z.number().int(),
      sessions: z.array(z.object({ session_id: z.string().nullable(), workstation_id: z.string().nullable(), hostname: z.string().nullable(), source: z.string(), ...usage })),
      ...usage,
    }),
  ),
  anomalies: z.array(
    z.object({
      user: z.string(),
      team: z.string(),
      day: z.string(),
      cost_usd: z.number(),
      baseline_usd: z.number(),
      threshold_usd: z.number(),
      score: z.number().nullable(),
      method: z.string(),
    }),
  ),
});
export type OtlpUsageCosts = z.infer<typeof otlpUsageCosts>;
