// Reads one OTLP log record the way each agent writes it (docs/telemetry.md lists the
// attributes): which agent and event, the identity it carries (workstation, session, person),
// and the usage figures (model, tokens, cost, duration, tool decision). Pure: the store lookups
// that finish the mapping (host → workstation, session → the hook calls' workstation) are in
// telemetry/ingest.ts.
import type { AttrValue, Attrs, WireLogRecord } from './otlp-wire.js';
import { mayHoldSecret } from '../redaction/redact.js';
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
const MAX_ATTRIBUTE_STRING = 200;
const RESOURCE_KEPT = ['os.type', 'os.version', 'host.arch', 'service.name', 'service.version', 'organization.id'];

/**
 * The stored attribute JSON, defined as: the kept resource attributes, then the record's own
 * (dropped ones and nulls left out, long strings cut), as one object through JSON.stringify;
 * a text over MAX_ATTRIBUTES_CHARS becomes a truncated preview; then redacted.
 */
export function storedAttributesPlain(resource: Attrs, attrs: Attrs): string | null {
  const kept: Record<string, AttrValue> = {};
  for (const k of RESOURCE_KEPT) if (resource[k] !== undefined) kept[k] = resource[k];
  for (const [k, v] of Object.entries(attrs)) {
    if (DROPPED.has(k) || v === null) continue;
    kept[k] = typeof v === 'string' && v.length > MAX_ATTRIBUTE_STRING ? `${v.slice(0, MAX_ATTRIBUTE_STRING)}…` : v;
  }
  let text = JSON.stringify(kept);
  if (text.length > MAX_ATTRIBUTES_CHARS) text = JSON.stringify({ truncated: true, preview: text.slice(0, MAX_ATTRIBUTES_CHARS - 50) });
  return redactForStorage(text);
}

// The same text built piece by piece, which is most of the mapping's cost otherwise (issue #20
// benchmark): the resource part once per resource, keys and short values from caches, and the
// redaction scan only when a piece could hold a secret (mayHoldSecret is exact on JSON pieces).

/** Keys whose only secret-looking word is "token", harmless before a short number: `"input_tokens":1200`. */
const COUNT_KEYS = new Set([
  'input_tokens',
  'output_tokens',
  'cache_read_tokens',
  'cache_creation_tokens',
  'input_token_count',
  'output_token_count',
  'cached_token_count',
  'cached_content_token_count',
  'thoughts_token_count',
  'tool_token_count',
  'total_token_count',
  'reasoning_token_count',
]);
/**
 * Shorter than the 16 characters a secret assignment's value needs (redaction/redact.ts): after
 * such a number the assignment pattern meets the comma or brace and cannot match.
 */
const SHORT_NUMBER = 16;

interface Piece {
  json: string;
  secret: boolean;
}

/** JSON text of strings (keys, short values) with whether it could hold a secret; cleared when full. */
class PieceCache {
  private readonly map = new Map<string, Piece>();
  constructor(private readonly max: number) {}
  get(s: string): Piece {
    let p = this.map.get(s);
    if (p === undefined) {
      const json = JSON.stringify(s);
      p = { json, secret: mayHoldSecret(json) };
      if (this.map.size >= this.max) this.map.clear();
      this.map.set(s, p);
    }
    return p;
  }
}
const KEYS = new PieceCache(4096);
const SHORT_VALUES = new PieceCache(8192);
const SHORT_VALUE_CHARS = 64;

/** The kept resource attributes as the text's start (without the closing brace), per resource object. */
const resourceHeads = new WeakMap<Attrs, { head: string; keys: Set<string>; secret: boolean }>();

function resourceHead(resource: Attrs): { head: string; keys: Set<string>; secret: boolean } {
  let h = resourceHeads.get(resource);
  if (h === undefined) {
    const kept: Record<string, AttrValue> = {};
    for (const k of RESOURCE_KEPT) if (resource[k] !== undefined) kept[k] = resource[k];
    const json = JSON.stringify(kept);
    h = { head: json.slice(0, -1), keys: new Set(Object.keys(kept)), secret: mayHoldSecret(json) };
    resourceHeads.set(resource, h);
  }
  return h;
}

/** Keys JSON.stringify would not write in insertion order (array indexes), or that are not plain properties. */
const UNORDERED_KEY = /^(?:\d+|__proto__)$/;

export function storedAttributes(resource: Attrs, attrs: Attrs): string | null {
  const res = resourceHead(resource);
  let text = res.head;
  let first = res.keys.size === 0;
  let secret = res.secret;
  for (const k of Object.keys(attrs)) {
    const v = attrs[k];
    if (v === null || DROPPED.has(k)) continue;
    // A record attribute that replaces a kept resource one keeps the resource one's place.
    if (res.keys.has(k) || UNORDERED_KEY.test(k)) return storedAttributesPlain(resource, attrs);
    const key = KEYS.get(k);
    let value: string;
    if (typeof v === 'string') {
      const cut = v.length > MAX_ATTRIBUTE_STRING ? `${v.slice(0, MAX_ATTRIBUTE_STRING)}…` : v;
      if (cut.length <= SHORT_VALUE_CHARS) {
        const p = SHORT_VALUES.get(cut);
        value = p.json;
        if (p.secret) secret = true;
      } else {
        value = JSON.stringify(cut);
        if (!secret && mayHoldSecret(value)) secret = true;
      }
      if (key.secret) secret = true;
    } else if (typeof v === 'number') {
      value = Number.isFinite(v) ? String(v) : 'null';
      if (key.secret && !(COUNT_KEYS.has(k) && value.length < SHORT_NUMBER)) secret = true;
    } else if (typeof v === 'boolean') {
      value = v ? 'true' : 'false';
      if (key.secret) secret = true;
    } else {
      value = JSON.stringify(v);
      if (key.secret || mayHoldSecret(value)) secret = true;
    }
    text += first ? `${key.json}:${value}` : `,${key.json}:${value}`;
    first = false;
  }
  text += '}';
  if (text.length > MAX_ATTRIBUTES_CHARS) return redactForStorage(JSON.stringify({ truncated: true, preview: text.slice(0, MAX_ATTRIBUTES_CHARS - 50) }));
  return secret ? redactForStorage(text) : text;
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
