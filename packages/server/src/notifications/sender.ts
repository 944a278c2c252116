// Sends one attempt of a delivery: render the kind's body, sign it, POST it through the
// guarded agent with a hard per-attempt deadline, and classify what happened. The receiver's
// response is untrusted: only its first KiB is kept, JSON-escaped, never interpreted.
import { request, type Dispatcher } from 'undici';
import { renderRequest } from './formats.js';
import type { EventPayload } from './payload.js';
import { outcomeOfError, outcomeOfStatus, type AttemptErrorClass, type AttemptOutcome } from './schedule.js';
import { signatureFor } from './signing.js';

export const RESPONSE_EXCERPT_BYTES = 1024;

export interface AttemptRequest {
  url: string;
  kind: string;
  secret: string;
  credential: string | null;
  options: Record<string, string>;
  deliveryId: string;
  payload: EventPayload;
}

export interface AttemptResult {
  startedAt: number;
  latencyMs: number;
  statusCode: number | null;
  outcome: AttemptOutcome;
  errorClass: AttemptErrorClass | null;
  /** JSON string literal of the truncated response body (e.g. `"ok"`), or null. */
  responseExcerpt: string | null;
}

export const USER_AGENT = 'agent-fleet-service-webhooks/1';

/** The spec's five headers (spec: Events, Delivery) plus the kind's own. */
export function deliveryHeaders(input: { eventType: string; deliveryId: string; timestamp: string; signature: string; extra: Record<string, string> }): Record<string, string> {
  return {
    ...input.extra,
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    'x-service-event': input.eventType,
    'x-service-delivery': input.deliveryId,
    'x-service-timestamp': input.timestamp,
    'x-service-signature': input.signature,
  };
}

function errorClassOf(err: unknown): AttemptErrorClass {
  const chain: { code?: string; name?: string }[] = [];
  for (let e = err as { code?: string; name?: string; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) chain.push(e);
  const codes = chain.map((e) => `${e.code ?? ''} ${e.name ?? ''}`).join(' ');
  if (/BLOCKED_ADDRESS/.test(codes)) return 'blocked_address';
  if (/TimeoutError|AbortError|UND_ERR_(HEADERS|BODY|CONNECT)_TIMEOUT|ETIMEDOUT/.test(codes)) return 'timeout';
  if (/ENOTFOUND|EAI_AGAIN|EAI_NONAME/.test(codes)) return 'dns_error';
  if (/ERR_TLS|CERT|SSL|SELF_SIGNED|UNABLE_TO_VERIFY/.test(codes)) return 'tls_error';
  if (/ERR_INVALID_URL|UND_ERR_INVALID_ARG/.test(codes)) return 'invalid_destination';
  return 'network_error';
}

/**
 * A JSON string literal of the answer's first KiB. JSON escapes C0 controls; DEL, C1 controls
 * (a terminal may read U+009B as an escape sequence) and line separators are escaped too, so
 * the excerpt is inert in a terminal, a log line or a web page.
 */
export function excerptOf(bytes: Buffer, truncated: boolean): string {
  const text = bytes.subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8');
  return JSON.stringify(truncated ? `${text}…` : text).replace(/[\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export async function sendAttempt(dispatcher: Dispatcher, req: AttemptRequest, timeoutMs: number): Promise<AttemptResult> {
  const rendered = renderRequest(req.kind, req.payload, { options: req.options, credential: req.credential });
  // ISO 8601 with milliseconds (spec); signed together with the exact body bytes sent.
  const timestamp = new Date().toISOString();
  const headers = deliveryHeaders({
    eventType: req.payload.event_type,
    deliveryId: req.deliveryId,
    timestamp,
    signature: signatureFor(req.secret, timestamp, rendered.body),
    extra: rendered.headers,
  });
  const startedAt = Date.now();
  const deadline = AbortSignal.timeout(timeoutMs);
  try {
    const res = await request(req.url, { method: 'POST', headers, body: rendered.body, dispatcher, signal: deadline, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
    const statusCode = res.statusCode;
    const chunks: Buffer[] = [];
    let size = 0;
    let truncated = false;
    try {
      for await (const chunk of res.body) {
        chunks.push(chunk as Buffer);
        size += (chunk as Buffer).length;
        if (size > RESPONSE_EXCERPT_BYTES) {
          truncated = true;
          break; // leaving the loop destroys the stream: we never buffer a large answer
        }
      }
    } catch {
      // The status line decides the outcome; a body cut short only shortens the excerpt.
      truncated = true;
    }
    const redirect = statusCode >= 300 && statusCode < 400;
    return {
      startedAt,
      latencyMs: Date.now() - startedAt,
      statusCode,
      outcome: outcomeOfStatus(statusCode),
      errorClass: redirect ? 'redirect_not_followed' : null,
      responseExcerpt: excerptOf(Buffer.concat(chunks), truncated),
    };
  } catch (err) {
    const errorClass = deadline.aborted ? 'timeout' : errorClassOf(err);
    return { startedAt, latencyMs: Date.now() - startedAt, statusCode: null, outcome: outcomeOfError(errorClass), errorClass, responseExcerpt: null };
  }
}
