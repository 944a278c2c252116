// OTLP/HTTP on the wire (spec: "Ingest agent logs as evidence"; OTLP/HTTP specification):
// the request body in binary protobuf or JSON, optionally gzip-compressed, decoded into plain
// log records; and the response in the request's own encoding.
//
// Protobuf is decoded by protobufjs with the message classes that the OpenTelemetry JS project
// generates from the official opentelemetry-proto definitions (shipped in
// @opentelemetry/otlp-transformer 0.57, build/src/generated/root.js); nothing here parses the
// wire format by hand. JSON follows the OTLP JSON mapping (lowerCamelCase keys, 64-bit integers
// as strings or numbers, AnyValue as a one-key object); snake_case keys are accepted too.
import { gunzipSync, inflateSync } from 'node:zlib';
import otlpRoot from '@opentelemetry/otlp-transformer/build/src/generated/root.js';

const proto = (otlpRoot as unknown as { opentelemetry: { proto: any } }).opentelemetry.proto;
const LogsRequest = proto.collector.logs.v1.ExportLogsServiceRequest;
const LogsResponse = proto.collector.logs.v1.ExportLogsServiceResponse;
const MetricsRequest = proto.collector.metrics.v1.ExportMetricsServiceRequest;
const MetricsResponse = proto.collector.metrics.v1.ExportMetricsServiceResponse;
const TraceRequest = proto.collector.trace.v1.ExportTraceServiceRequest;
const TraceResponse = proto.collector.trace.v1.ExportTraceServiceResponse;

export type OtlpEncoding = 'protobuf' | 'json';

/** Why a request body was refused; the route turns each kind into its HTTP status. */
export class OtlpInputError extends Error {
  constructor(
    readonly kind: 'bad_request' | 'too_large' | 'unsupported_type' | 'unsupported_encoding',
    message: string,
  ) {
    super(message);
  }
}

/** `application/x-protobuf` or `application/json` (parameters ignored); anything else is refused. */
export function encodingOf(contentType: string | undefined): OtlpEncoding {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'application/x-protobuf' || type === 'application/protobuf') return 'protobuf';
  if (type === 'application/json') return 'json';
  throw new OtlpInputError(
    'unsupported_type',
    'OTLP over HTTP takes "Content-Type: application/x-protobuf" or "Content-Type: application/json"; set OTEL_EXPORTER_OTLP_PROTOCOL to http/protobuf or http/json.',
  );
}

/** Undoes Content-Encoding (identity, gzip, deflate) with a cap on the decompressed size. */
export function decompress(body: Buffer, contentEncoding: string | undefined, maxBytes: number): Buffer {
  const enc = (contentEncoding ?? '').trim().toLowerCase();
  if (enc === '' || enc === 'identity') return body;
  if (enc !== 'gzip' && enc !== 'deflate') {
    throw new OtlpInputError('unsupported_encoding', `Content-Encoding "${enc.slice(0, 40)}" is not supported; send gzip or no compression.`);
  }
  try {
    return enc === 'gzip' ? gunzipSync(body, { maxOutputLength: maxBytes }) : inflateSync(body, { maxOutputLength: maxBytes });
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError) {
      throw new OtlpInputError('too_large', `The decompressed request body is larger than the limit of ${maxBytes} bytes.`);
    }
    throw new OtlpInputError('bad_request', `The request body is not valid ${enc} data.`);
  }
}

export type AttrValue = string | number | boolean | null | AttrValue[] | { [k: string]: AttrValue };
export type Attrs = Record<string, AttrValue>;

/** One log record with its resource, as the mapping reads it. */
export interface WireLogRecord {
  resource: Attrs;
  scope: string | null;
  attrs: Attrs;
  /** The record's body when it is a string (Claude Code puts the event name there). */
  body: string | null;
  /** The record's own event name field (OTLP 1.5+), when set. */
  eventName: string | null;
  /** Milliseconds since the epoch: time, else observed time, else null. */
  timeMs: number | null;
}

function int64ToNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return v === '' ? 0 : Number(v);
  if (v && typeof v === 'object' && typeof (v as { toNumber?: unknown }).toNumber === 'function') return (v as { toNumber(): number }).toNumber();
  return 0;
}

function nanosToMs(v: unknown): number | null {
  if (v === undefined || v === null) return null;
  if (typeof v === 'string') {
    if (!/^\d{1,20}$/.test(v)) return null;
    const ms = v.length > 6 ? Number(v.slice(0, -6)) : 0;
    return ms > 0 ? ms : null;
  }
  const long = v as { high?: unknown; low?: unknown };
  if (typeof long.high === 'number' && typeof long.low === 'number') {
    // A fixed64 as protobufjs decodes it (a Long): nanoseconds past 2^53, where a double is
    // off by a few hundred; divided exactly instead, as the JSON path's digits are cut.
    // n = high * 2^32 + low, and 2^32 = 4294 * 10^6 + 967,296.
    const high = long.high >>> 0;
    const ms = high * 4294 + Math.floor((high * 967_296 + (long.low >>> 0)) / 1e6);
    return ms > 0 ? ms : null;
  }
  const n = int64ToNumber(v);
  return n > 0 ? Math.floor(n / 1e6) : null;
}

/** An OTLP AnyValue (decoded message or JSON object) as a plain value. */
function anyValue(v: any, depth = 0): AttrValue {
  if (v === null || v === undefined || typeof v !== 'object' || depth > 8) return null;
  if (v.stringValue != null) return String(v.stringValue);
  if (v.string_value != null) return String(v.string_value);
  if (v.boolValue != null) return Boolean(v.boolValue);
  if (v.bool_value != null) return Boolean(v.bool_value);
  if (v.intValue != null) return int64ToNumber(v.intValue);
  if (v.int_value != null) return int64ToNumber(v.int_value);
  if (v.doubleValue != null) return Number(v.doubleValue);
  if (v.double_value != null) return Number(v.double_value);
  const arr = v.arrayValue ?? v.array_value;
  if (arr != null) return Array.isArray(arr.values) ? arr.values.slice(0, 64).map((x: unknown) => anyValue(x, depth + 1)) : [];
  const kv = v.kvlistValue ?? v.kvlist_value;
  if (kv != null) return keyValues(kv.values, depth + 1);
  const bytes = v.bytesValue ?? v.bytes_value;
  if (bytes != null) return typeof bytes === 'string' ? bytes : Buffer.from(bytes as Uint8Array).toString('base64');
  return null;
}

const MAX_ATTRIBUTES = 256;

function keyValues(list: unknown, depth = 0): Attrs {
  const out: Attrs = {};
  if (!Array.isArray(list)) return out;
  const n = Math.min(list.length, MAX_ATTRIBUTES);
  for (let i = 0; i < n; i++) {
    const kv = list[i] as { key?: unknown; value?: unknown } | null;
    if (kv && typeof kv.key === 'string' && kv.key !== '') out[kv.key] = anyValue(kv.value, depth);
  }
  return out;
}

function field(o: any, camel: string, snake: string): any {
  if (o == null || typeof o !== 'object') return undefined;
  const v = o[camel];
  return v !== undefined ? v : o[snake];
}

/** Walks ExportLogsServiceRequest (decoded or JSON) into flat records. */
function flatten(request: any): WireLogRecord[] {
  const out: WireLogRecord[] = [];
  const resourceLogs = field(request, 'resourceLogs', 'resource_logs');
  if (resourceLogs === undefined || resourceLogs === null) return out;
  if (!Array.isArray(resourceLogs)) throw new OtlpInputError('bad_request', 'resourceLogs must be an array.');
  for (const rl of resourceLogs) {
    const resource = keyValues(field(field(rl, 'resource', 'resource'), 'attributes', 'attributes'));
    const scopeLogs = field(rl, 'scopeLogs', 'scope_logs') ?? [];
    if (!Array.isArray(scopeLogs)) throw new OtlpInputError('bad_request', 'scopeLogs must be an array.');
    for (const sl of scopeLogs) {
      const scopeName = field(field(sl, 'scope', 'scope'), 'name', 'name');
      const records = field(sl, 'logRecords', 'log_records') ?? [];
      if (!Array.isArray(records)) throw new OtlpInputError('bad_request', 'logRecords must be an array.');
      for (const r of records) {
        const body = r ? anyValue(r.body) : null;
        const eventName = field(r, 'eventName', 'event_name');
        out.push({
          resource,
          scope: typeof scopeName === 'string' && scopeName !== '' ? scopeName : null,
          attrs: keyValues(r?.attributes),
          body: typeof body === 'string' ? body : null,
          eventName: typeof eventName === 'string' && eventName !== '' ? eventName : null,
          timeMs: nanosToMs(field(r, 'timeUnixNano', 'time_unix_nano')) ?? nanosToMs(field(r, 'observedTimeUnixNano', 'observed_time_unix_nano')),
        });
      }
    }
  }
  return out;
}

// The same walk over what protobufjs decoded: its messages always use the lowerCamelCase field
// names and leave unset fields null on the prototype, so the JSON mapping's alternatives (and
// the checks for them, a tenth of the decoding) are not needed.

/** A decoded AnyValue as a plain value (anyValue's reading, in its order). */
function decodedValue(v: any, depth: number): AttrValue {
  if (v === null || v === undefined || depth > 8) return null;
  if (v.stringValue != null) return String(v.stringValue);
  if (v.boolValue != null) return Boolean(v.boolValue);
  if (v.intValue != null) return int64ToNumber(v.intValue);
  if (v.doubleValue != null) return Number(v.doubleValue);
  return anyValue(v, depth);
}

function decodedKeyValues(list: any[] | null | undefined, depth = 0): Attrs {
  const out: Attrs = {};
  if (!Array.isArray(list)) return out;
  const n = Math.min(list.length, MAX_ATTRIBUTES);
  for (let i = 0; i < n; i++) {
    const kv = list[i];
    if (kv && typeof kv.key === 'string' && kv.key !== '') out[kv.key] = decodedValue(kv.value, depth);
  }
  return out;
}

function flattenDecoded(request: any): WireLogRecord[] {
  const out: WireLogRecord[] = [];
  for (const rl of request.resourceLogs ?? []) {
    const resource = decodedKeyValues(rl.resource?.attributes);
    for (const sl of rl.scopeLogs ?? []) {
      const scopeName = sl.scope?.name;
      const scope = typeof scopeName === 'string' && scopeName !== '' ? scopeName : null;
      for (const r of sl.logRecords ?? []) {
        const body = r.body ? decodedValue(r.body, 0) : null;
        const eventName = r.eventName;
        out.push({
          resource,
          scope,
          attrs: decodedKeyValues(r.attributes),
          body: typeof body === 'string' ? body : null,
          eventName: typeof eventName === 'string' && eventName !== '' ? eventName : null,
          timeMs: nanosToMs(r.timeUnixNano) ?? nanosToMs(r.observedTimeUnixNano),
        });
      }
    }
  }
  return out;
}

function parseJson(body: Buffer): unknown {
  try {
    return body.length === 0 ? {} : JSON.parse(body.toString('utf8'));
  } catch (err) {
    const at = /position (\d+)/.exec(String((err as Error).message));
    throw new OtlpInputError('bad_request', `The request body is not valid JSON${at ? ` (error at byte ${at[1]})` : ''}.`);
  }
}

/** Decodes an ExportLogsServiceRequest body (already decompressed) into log records. */
export function decodeLogs(body: Buffer, encoding: OtlpEncoding): WireLogRecord[] {
  if (encoding === 'json') {
    const parsed = parseJson(body);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new OtlpInputError('bad_request', 'The body must be an ExportLogsServiceRequest JSON object.');
    return flatten(parsed);
  }
  let message: unknown;
  try {
    message = LogsRequest.decode(body);
  } catch {
    throw new OtlpInputError('bad_request', 'The request body is not a valid ExportLogsServiceRequest protobuf message (truncated or malformed).');
  }
  return flattenDecoded(message);
}

/** Decodes an ExportMetricsServiceRequest only to check it, returning the number of data points. */
export function countMetricPoints(body: Buffer, encoding: OtlpEncoding): number {
  let request: any;
  if (encoding === 'json') request = parseJson(body);
  else {
    try {
      request = MetricsRequest.decode(body);
    } catch {
      throw new OtlpInputError('bad_request', 'The request body is not a valid ExportMetricsServiceRequest protobuf message (truncated or malformed).');
    }
  }
  let points = 0;
  for (const rm of field(request, 'resourceMetrics', 'resource_metrics') ?? []) {
    for (const sm of field(rm, 'scopeMetrics', 'scope_metrics') ?? []) {
      for (const m of sm?.metrics ?? []) {
        for (const kind of ['sum', 'gauge', 'histogram', 'exponentialHistogram', 'summary']) {
          const dp = m?.[kind]?.dataPoints ?? m?.[kind]?.data_points;
          if (Array.isArray(dp)) points += dp.length;
        }
      }
    }
  }
  return points;
}

export interface PartialSuccess {
  rejected: number;
  message: string;
}

/** ExportLogsServiceResponse in the request's encoding; partial_success only when something was rejected. */
export function encodeLogsResponse(encoding: OtlpEncoding, partial: PartialSuccess | null): Buffer | string {
  if (encoding === 'json') {
    return JSON.stringify(partial && partial.rejected > 0 ? { partialSuccess: { rejectedLogRecords: String(partial.rejected), errorMessage: partial.message } } : {});
  }
  const msg = partial && partial.rejected > 0 ? { partialSuccess: { rejectedLogRecords: partial.rejected, errorMessage: partial.message } } : {};
  return Buffer.from(LogsResponse.encode(LogsResponse.create(msg)).finish());
}

export function encodeMetricsResponse(encoding: OtlpEncoding): Buffer | string {
  if (encoding === 'json') return '{}';
  return Buffer.from(MetricsResponse.encode(MetricsResponse.create({})).finish());
}

/** Checks an ExportTraceServiceRequest (Gemini CLI exports traces to the same base); nothing is kept. */
export function checkTraces(body: Buffer, encoding: OtlpEncoding): void {
  if (encoding === 'json') {
    parseJson(body);
    return;
  }
  try {
    TraceRequest.decode(body);
  } catch {
    throw new OtlpInputError('bad_request', 'The request body is not a valid ExportTraceServiceRequest protobuf message (truncated or malformed).');
  }
}

export function encodeTracesResponse(encoding: OtlpEncoding): Buffer | string {
  if (encoding === 'json') return '{}';
  return Buffer.from(TraceResponse.encode(TraceResponse.create({})).finish());
}

/** For tests and the benchmark: an ExportLogsServiceRequest (JSON shape) as protobuf bytes. */
export function encodeLogsRequestFromJson(json: unknown): Buffer {
  return Buffer.from(LogsRequest.encode(LogsRequest.fromObject(json)).finish());
}

export function decodeLogsResponse(bytes: Uint8Array): { rejected: number; message: string } {
  const m = LogsResponse.decode(bytes);
  return { rejected: int64ToNumber(m.partialSuccess?.rejectedLogRecords ?? 0), message: m.partialSuccess?.errorMessage ?? '' };
}
