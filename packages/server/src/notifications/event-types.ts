// The spec's webhook event types (spec: Events, Webhook event types), which of them have a
// source in this codebase, and severity ordering for route matching.
import { SEVERITIES, type Severity } from '../policy/types.js';

export const EVENT_TYPES = [
  'activity.blocked',
  'activity.warned',
  'activity.observed',
  'mcp.blocked',
  'mcp.warned',
  'mcp.drift_detected',
  'investigation.created',
  'investigation.updated',
  'investigation.resolved',
  'chain.created',
  'chain.updated',
  'workstation.registered',
  'workstation.offline',
  'policy.changed',
  'otlp.error',
  'otlp.cost_anomaly',
  'otlp.tool_rejected',
  'compliance.activity',
  'posture.grade_dropped',
  'posture.check_failed',
  'exception.requested',
  'exception.triaged',
  'exception.decided',
  'exception.expired',
  'exception.context_requested',
  'notification.test',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * Routes may name types before their sources exist; this lists the ones nothing emits yet.
 * Since investigations, chains, exceptions, the activity log and telemetry landed, every type
 * in the spec has a source.
 */
export const EVENT_TYPES_WITHOUT_SOURCE: readonly EventType[] = [];

const GROUPS = new Set(EVENT_TYPES.map((t) => t.split('.')[0]));

/** `*`, an exact type, or a group wildcard such as `activity.*`. */
export function isEventSelector(value: string): boolean {
  if (value === '*') return true;
  if (value.endsWith('.*')) return GROUPS.has(value.slice(0, -2));
  return (EVENT_TYPES as readonly string[]).includes(value);
}

export function selectorMatches(selectors: readonly string[], eventType: string): boolean {
  return selectors.some((s) => s === '*' || s === eventType || (s.endsWith('.*') && eventType.startsWith(s.slice(0, -1))));
}

export { SEVERITIES, type Severity };

export function severityRank(severity: string): number {
  const i = (SEVERITIES as readonly string[]).indexOf(severity);
  // An unknown severity from a future source ranks as medium rather than being dropped.
  return i === -1 ? SEVERITIES.indexOf('medium') : i;
}
