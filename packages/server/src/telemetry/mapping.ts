// Reads one OTLP log record the way each agent writes it (docs/telemetry.md lists the
// attributes): which agent and event, the identity it carries (workstation, session, person),
// and the usage figures (model, tokens, cost, duration, tool decision). Pure: the store lookups
// that finish the mapping (host → workstation, session → the hook calls' workstation) are in
// telemetry/ingest.ts.
import type { AttrValue, Attrs, WireLogRecord } from './otlp-wire.js';
import { redactForStorage, storablePrompt } from './redact.js';

export type TelemetrySource = 'claude-code' | 'codex' | 'gemini' | 'other';

/** Identity the request carries outside the records: the headers install-hooks --telemetry adds. */
export interface HeaderIdentity {
  hostname: string | null;
  machineId: string | null;
  userEmail: string | null;
  /** X-Service-User: the OS account install-hooks --telemetry names, when the agent reports no person. */
  user?: string | null;
}

export interface MappedRecord {
  source: TelemetrySource;
  eventName: string;
  sessionKey: string | null;
  hostname: string | null;
  machineId: string | null;
  userEmail: string | null;
  userAccount: string | null;
  team: string | null;
  model: string | null;
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheCreationTokens: number;
  costMicros: number;
  durationMs: number | null;
  toolName: string | null;
  decision: string | null;
  /** The decision refused the tool call (Claude reject, Codex denied/abort, Gemini reject). */
  rejected: boolean;
  prompt: string | null;
  attributes: string | null;
  eventAt: number;
}

export type MapResult = { ok: true; record: MappedRecord } | { ok: false; reason: string };

const PREFIXES: [string, TelemetrySource][] = [
  ['claude_code.', 'claude-code'],
  ['codex.', 'codex'],
  ['gemini_cli.', 'gemini'],
];

function str(v: AttrValue | undefined, max: number): string | null {
  if (v === undefined || v === null) return null;
  const s = (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '').trim();
  return s === '' ? null : s.slice(0, max);
}

/** Numbers arrive as numbers or as strings ("27"); anything else counts as absent. */
function num(v: AttrValue | undefined): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

const count = (v: AttrValue | undefined): number => {
  const n = num(v);
  return n !== null && n > 0 ? Math.min(Math.round(n), 1e12) : 0;
};

function first(attrs: Attrs, resource: Attrs, keys: string[], max: number): string | null {
  for (const k of keys) {
    const v = str(attrs[k], max) ?? str(resource[k], max);
    if (v !== null) return v;
  }
  return null;
}

function sourceOf(serviceName: string | null, rawEvent: string): TelemetrySource {
  for (const [prefix, source] of PREFIXES) if (rawEvent.startsWith(prefix)) return source;
  const s = (serviceName ?? '').toLowerCase();
  if (s.startsWith('claude')) return 'claude-code';
  if (s.startsWith('codex')) return 'codex';
  if (s.startsWith('gemini')) return 'gemini';
  return 'other';
}

function shortName(rawEvent: string): string {
  for (const [prefix] of PREFIXES) if (rawEvent.startsWith(prefix)) return rawEvent.slice(prefix.length).slice(0, 64);
  return rawEvent.slice(0, 64);
}

const REJECTING = new Set(['reject', 'rejected', 'deny', 'denied', 'abort', 'aborted']);

/** Attributes never kept in the stored attribute JSON: text the user or the model wrote, tool arguments. */
const DROPPED = new Set([
  'prompt',
  'response',
  'request_text',
  'response_text',
  'function_args',
  'tool_parameters',
  'arguments',
  'output',
  'tool_input',
  'error.message',
  'user.email',
]);
const MAX_ATTRIBUTES_CHARS = 2000;

function storedAttributes(resource: Attrs, attrs: Attrs): string | null {
  const kept: Record<string, AttrValue> = {};
  for (const k of ['os.type', 'os.version', 'host.arch', 'service.name', 'service.version', 'organization.id']) if (resource[k] !== undefined) kept[k] = resource[k];
  for (const [k, v] of Object.entries(attrs)) {
    if (DROPPED.has(k) || v === null) continue;
    kept[k] = typeof v === 'string' && v.length > 200 ? `${v.slice(0, 200)}…` : v;
  }
  let text = JSON.stringify(kept);
  if (text.length > MAX_ATTRIBUTES_CHARS) text = JSON.stringify({ truncated: true, preview: text.slice(0, MAX_ATTRIBUTES_CHARS - 50) });
  return redactForStorage(text);
}

export function mapRecord(rec: WireLogRecord, headers: HeaderIdentity, receivedAt: number): MapResult {
  const { attrs, resource } = rec;
  const rawEvent = str(attrs['event.name'], 200) ?? rec.eventName ?? (rec.body && /^[A-Za-z0-9_.:-]{1,200}$/.test(rec.body) ? rec.body : null);
  if (rawEvent === null) return { ok: false, reason: 'a log record has no event name (event.name attribute, eventName or body)' };
  const source = sourceOf(str(resource['service.name'], 100), rawEvent);
  const eventName = shortName(rawEvent);
  const decision = first(attrs, {}, ['decision'], 32);
  const costMicrosAttr = num(attrs['cost_usd_micros']);
  const costUsd = num(attrs['cost_usd']);
  const costMicros = costMicrosAttr !== null && costMicrosAttr > 0 ? Math.round(costMicrosAttr) : costUsd !== null && costUsd > 0 ? Math.round(costUsd * 1e6) : 0;
  // Codex reports tokens on the completed response of its SSE stream; Gemini on api_response.
  const record: MappedRecord = {
    source,
    eventName,
    sessionKey: first(attrs, resource, ['session.id', 'conversation.id'], 200),
    hostname: first(attrs, resource, ['host.name'], 255) ?? headers.hostname,
    machineId: first(attrs, resource, ['host.id', 'machine.id'], 200) ?? headers.machineId,
    userEmail: (first(attrs, resource, ['user.email'], 320) ?? headers.userEmail)?.toLowerCase() ?? null,
    userAccount: first(attrs, resource, ['user.account_uuid', 'user.account_id', 'enduser.id'], 200) ?? headers.user ?? null,
    team: first(attrs, resource, ['user.department', 'department', 'team'], 200),
    model: first(attrs, {}, ['model'], 128),
    inputTokens: count(attrs['input_tokens'] ?? attrs['input_token_count']),
    outputTokens: count(attrs['output_tokens'] ?? attrs['output_token_count']),
    cacheReadTokens: count(attrs['cache_read_tokens'] ?? attrs['cached_token_count'] ?? attrs['cached_content_token_count']),
    cacheCreationTokens: count(attrs['cache_creation_tokens']),
    costMicros,
    durationMs: (() => {
      const d = num(attrs['duration_ms']);
      return d !== null && d >= 0 ? Math.min(Math.round(d), 2_000_000_000) : null;
    })(),
    toolName: first(attrs, {}, ['tool_name', 'function_name'], 200),
    decision,
    rejected: decision !== null && REJECTING.has(decision.toLowerCase()),
    prompt: storablePrompt(attrs['prompt']),
    attributes: storedAttributes(resource, attrs),
    eventAt: rec.timeMs !== null && rec.timeMs > 946_684_800_000 && rec.timeMs < receivedAt + 86_400_000 ? rec.timeMs : receivedAt,
  };
  return { ok: true, record };
}
