// The answer to a hook call: status 200 (spec: Errors rule 1, even for a deny) and the JSON
// body, serialized here with its type as Koa would. Through ctx.response, not the ctx.status /
// ctx.body shortcuts (see http/context.ts): Koa's own handling of an object body uses them too,
// and every hook call pays for it.
import type { AppContext } from './context.js';

export function replyJson(ctx: AppContext, body: unknown): void {
  const res = ctx.response;
  res.status = 200;
  res.set('Content-Type', 'application/json; charset=utf-8');
  res.body = JSON.stringify(body);
}
