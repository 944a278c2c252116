// Reads a JSON request body with a hard size limit. Requests with a body must say
// `Content-Type: application/json` (415 otherwise); bodies past the limit get 413 without
// being buffered; malformed JSON gets 400 with the position, never an echo of the input.
import type { AppContext } from './context.js';
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from './errors.js';

function hasBody(ctx: AppContext): boolean {
  const length = ctx.get('Content-Length');
  if (length !== '') return Number(length) > 0;
  return ctx.get('Transfer-Encoding') !== '';
}

function isJsonType(contentType: string): boolean {
  const type = contentType.split(';')[0].trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

export async function readJsonBody(ctx: AppContext, limit: number): Promise<unknown> {
  if (!hasBody(ctx)) return undefined;
  if (!isJsonType(ctx.get('Content-Type'))) throw new UnsupportedMediaTypeError();
  const declared = Number(ctx.get('Content-Length') || 0);
  if (declared > limit) {
    ctx.req.resume(); // drain so the connection can be reused
    throw new PayloadTooLargeError(limit);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      ctx.req.resume();
      throw new PayloadTooLargeError(limit);
    }
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (err) {
    const at = /position (\d+)/.exec(String((err as Error).message));
    throw new BadRequestError(`The request body is not valid JSON${at ? ` (error at byte ${at[1]})` : ''}.`);
  }
}
