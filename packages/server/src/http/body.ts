// Reads a JSON request body with a hard size limit. Requests with a body must say
// `Content-Type: application/json` (415 otherwise); bodies past the limit get 413 without
// being buffered; a body that does not arrive within the timeout gets 408; JSON nested deeper
// than MAX_JSON_DEPTH gets 400 before it is parsed; malformed JSON gets 400 with the position,
// never an echo of the input. (Hook routes turn 413, 408 and the depth 400 into verdicts:
// http/hook-route.ts.)
import type { AppContext } from './context.js';
import { BadRequestError, ClientAbortedError, JsonTooDeepError, PayloadTooLargeError, RequestTimeoutError, UnsupportedMediaTypeError } from './errors.js';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from './json-depth.js';

function isJsonType(contentType: string | undefined): boolean {
  if (contentType === 'application/json') return true; // what every hook sends: no parsing
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

export async function readJsonBody(ctx: AppContext, limit: number, timeoutMs = 10_000): Promise<unknown> {
  return (await readJson(ctx, limit, timeoutMs)).body;
}

/** The parsed body and its size in bytes (hook routes compare it with the analysis cap). */
export async function readJson(ctx: AppContext, limit: number, timeoutMs: number, options: { peek?: boolean } = {}): Promise<{ body: unknown; bytes: number }> {
  const headers = ctx.req.headers;
  const length = headers['content-length'];
  const hasBody = length !== undefined && length !== '' ? Number(length) > 0 : (headers['transfer-encoding'] ?? '') !== '';
  if (!hasBody) return { body: undefined, bytes: 0 };
  if (!isJsonType(headers['content-type'])) throw new UnsupportedMediaTypeError();
  const declared = Number(length || 0);
  if (declared > limit) {
    if (options.peek) throw new PayloadTooLargeError(limit, await headThenDrain(ctx.req, Math.min(timeoutMs, 1_000)));
    ctx.req.resume(); // drain so the connection can be reused
    throw new PayloadTooLargeError(limit);
  }
  const text = ctx.req.complete ? bufferedText(ctx.req, limit) : await readText(ctx.req, limit, length ? declared : -1, timeoutMs);
  if (text.trim() === '') return { body: undefined, bytes: 0 };
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) throw new JsonTooDeepError(MAX_JSON_DEPTH, text.slice(0, HEAD_BYTES));
  try {
    return { body: JSON.parse(text), bytes: length ? declared : Buffer.byteLength(text) };
  } catch (err) {
    const at = /position (\d+)/.exec(String((err as Error).message));
    throw new BadRequestError(`The request body is not valid JSON${at ? ` (error at byte ${at[1]})` : ''}.`);
  }
}

/**
 * The body of a request that arrived in full while the handler waited (for a key lookup in the
 * store, say): Node's HTTP parser has buffered it, so it is taken in one synchronous read.
 */
function bufferedText(req: AppContext['req'], limit: number): string {
  const chunk: Buffer | null = req.read();
  if (chunk === null) return '';
  if (chunk.length > limit) throw new PayloadTooLargeError(limit, headOf(chunk));
  return chunk.toString('utf8');
}

const HEAD_BYTES = 65_536;
const headOf = (chunk: Buffer | undefined) => (chunk ? chunk.subarray(0, HEAD_BYTES).toString('utf8') : '');

/** The first chunk of a body we will not read (to see which event it is), then the rest is drained. */
function headThenDrain(req: AppContext['req'], waitMs: number): Promise<string> {
  return new Promise((resolve) => {
    const done = (head: string) => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onEnd);
      req.resume(); // no listener left: the rest is discarded as it arrives
      resolve(head);
    };
    const onData = (chunk: Buffer) => done(headOf(chunk));
    const onEnd = () => done('');
    const timer = setTimeout(() => done(''), waitMs);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onEnd);
  });
}

/**
 * Collects the body with plain stream events (cheaper than an async iterator per request).
 * With a Content-Length the body is complete once that many bytes arrived: Node runs the handler
 * between a request's headers and its body, so a small body comes as 'data' within the same read
 * of the socket, while 'end' follows only on a later tick.
 */
function readText(req: AppContext['req'], limit: number, expected: number, timeoutMs: number): Promise<string> {
  return readBytes(req, limit, expected, timeoutMs).then((b) => b.toString('utf8'));
}

/**
 * The raw body, bounded in size and in time: past `limit` bytes a 413, and a body that does not
 * arrive in full within `timeoutMs` (a Content-Length larger than what is sent, a chunked body
 * cut short) a 408 instead of a request held until the socket dies. `expected` is the declared
 * Content-Length, or -1.
 */
export function readBytes(req: AppContext['req'], limit: number, expected: number, timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    // A Content-Length larger than the body sent would otherwise hold the request until the socket dies.
    const timer = setTimeout(() => {
      cleanup();
      reject(new RequestTimeoutError(timeoutMs));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.resume(); // drain so the connection can be reused
        reject(new PayloadTooLargeError(limit, headOf(chunks[0] ?? chunk)));
        return;
      }
      chunks.push(chunk);
      if (size === expected) onEnd();
    };
    const onEnd = () => {
      cleanup();
      resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
    };
    // The client went away mid-body (ECONNRESET, "aborted"): not a server error.
    const onError = () => {
      cleanup();
      reject(new ClientAbortedError());
    };
    const onClose = () => {
      if (!req.complete) onError();
    };
    const cleanup = () => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}
