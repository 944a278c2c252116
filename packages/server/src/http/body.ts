// Reads a JSON request body with a hard size limit. Requests with a body must say
// `Content-Type: application/json` (415 otherwise); bodies past the limit get 413 without
// being buffered; malformed JSON gets 400 with the position, never an echo of the input.
import type { AppContext } from './context.js';
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from './errors.js';

function isJsonType(contentType: string | undefined): boolean {
  if (contentType === 'application/json') return true; // what every hook sends: no parsing
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

export async function readJsonBody(ctx: AppContext, limit: number): Promise<unknown> {
  const headers = ctx.req.headers;
  const length = headers['content-length'];
  const hasBody = length !== undefined && length !== '' ? Number(length) > 0 : (headers['transfer-encoding'] ?? '') !== '';
  if (!hasBody) return undefined;
  if (!isJsonType(headers['content-type'])) throw new UnsupportedMediaTypeError();
  const declared = Number(length || 0);
  if (declared > limit) {
    ctx.req.resume(); // drain so the connection can be reused
    throw new PayloadTooLargeError(limit);
  }
  const text = ctx.req.complete ? bufferedText(ctx.req, limit) : await readText(ctx.req, limit, length ? declared : -1);
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
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
  if (chunk.length > limit) throw new PayloadTooLargeError(limit);
  return chunk.toString('utf8');
}

/**
 * Collects the body with plain stream events (cheaper than an async iterator per request).
 * With a Content-Length the body is complete once that many bytes arrived: Node runs the handler
 * between a request's headers and its body, so a small body comes as 'data' within the same read
 * of the socket, while 'end' follows only on a later tick.
 */
function readText(req: NodeJS.ReadableStream, limit: number, expected: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.resume(); // drain so the connection can be reused
        reject(new PayloadTooLargeError(limit));
        return;
      }
      chunks.push(chunk);
      if (size === expected) onEnd();
    };
    const onEnd = () => {
      cleanup();
      resolve(chunks.length === 1 ? chunks[0].toString('utf8') : Buffer.concat(chunks).toString('utf8'));
    };
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}
