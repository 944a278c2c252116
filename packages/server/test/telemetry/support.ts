// Builders for OTLP log requests as the agents send them (shapes from
// shared/research/verified-claude-otel.md), and a raw poster for binary bodies.
import { gzipSync } from 'node:zlib';
import { encodeLogsRequestFromJson } from '../../src/telemetry/otlp-wire.js';
import type { TestServer } from '../support/harness.js';

export type Attr = string | number | boolean;

export function kv(attrs: Record<string, Attr>) {
  return Object.entries(attrs).map(([key, v]) => ({
    key,
    value: typeof v === 'string' ? { stringValue: v } : typeof v === 'boolean' ? { boolValue: v } : Number.isInteger(v) ? { intValue: String(v) } : { doubleValue: v },
  }));
}

/** A Claude Code resource: no host.name, no e-mail (what the real agent sends with an API key). */
export function claudeResource(extra: Record<string, Attr> = {}): Record<string, Attr> {
  return { 'host.arch': 'x64', 'os.type': 'linux', 'os.version': '6.8.0', 'service.name': 'claude-code', 'service.version': '2.1.197', ...extra };
}

export function record(eventName: string | null, attrs: Record<string, Attr>, timeMs = Date.now()) {
  const full = eventName === null ? attrs : { 'event.name': eventName.replace(/^claude_code\./, ''), 'event.timestamp': new Date(timeMs).toISOString(), ...attrs };
  return {
    timeUnixNano: `${timeMs}000000`,
    observedTimeUnixNano: `${timeMs}000000`,
    ...(eventName === null ? {} : { body: { stringValue: eventName } }),
    attributes: kv(full),
  };
}

export function logsRequest(resource: Record<string, Attr>, records: unknown[], scope = 'com.anthropic.claude_code.events') {
  return { resourceLogs: [{ resource: { attributes: kv(resource) }, scopeLogs: [{ scope: { name: scope, version: '2.1.197' }, logRecords: records }] }] };
}

export function apiRequest(session: string, over: Record<string, Attr> = {}) {
  return record('claude_code.api_request', {
    'session.id': session,
    'user.id': 'anon-device-1',
    'terminal.type': 'xterm-256color',
    model: 'claude-sonnet-4-5',
    input_tokens: 1200,
    output_tokens: 300,
    cache_read_tokens: 50,
    cache_creation_tokens: 10,
    cost_usd: 0.0125,
    duration_ms: '812',
    ...over,
  });
}

export async function postOtlp(
  srv: TestServer,
  key: string,
  body: unknown,
  options: { encoding?: 'json' | 'protobuf'; gzip?: boolean; headers?: Record<string, string>; path?: string; raw?: Buffer } = {},
): Promise<{ status: number; headers: Headers; bytes: Buffer; json: any }> {
  const encoding = options.encoding ?? 'json';
  let payload: Buffer = options.raw ?? (encoding === 'json' ? Buffer.from(JSON.stringify(body)) : encodeLogsRequestFromJson(body));
  const headers: Record<string, string> = { authorization: `Bearer ${key}`, 'content-type': encoding === 'json' ? 'application/json' : 'application/x-protobuf', ...options.headers };
  if (options.gzip) {
    payload = gzipSync(payload);
    headers['content-encoding'] = 'gzip';
  }
  const res = await fetch(srv.url + (options.path ?? '/api/v1/otlp/v1/logs'), { method: 'POST', headers, body: payload });
  const bytes = Buffer.from(await res.arrayBuffer());
  let json: any;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, bytes, json };
}
