// POST /api/v1/hook?tool=<surface>[&event=<event>]: the endpoint of the curl hook command
// (DESIGN.md "Agent surfaces"). It answers with exactly the bytes the agent expects on the
// stream it reads, and conveys the exit code in `X-Service-Hook-Exit` (0 or 2), so no Node
// process has to start on the workstation to render the answer. The rules are the ones the
// Node forwarder uses (@service/surfaces: exitCodeForResponseBody, hookOutputBytes):
//   exit 0 → the body is the stdout bytes (often empty: "go on");
//   exit 2 → the body is the stderr bytes (Windsurf's block reason).
// Post/after events are audited, the rest evaluated, as the forwarder routes them.
import { exitCodeForResponseBody, hookOutputBytes, isAuditEvent } from '@service/surfaces';
import { defineRoute, RUNTIME_ACCESS } from '../../http/route.js';
import { handleHookCall } from '../../runtime/hook-call.js';
import { surfaceFromQuery } from './surface-query.js';
import { z } from 'zod';
import { hookPayload } from '@service/api';
import { toolQuery } from './evaluate.js';

export const HOOK_EXIT_HEADER = 'X-Service-Hook-Exit';

function eventOf(query: unknown, body: unknown): string | undefined {
  const q = Array.isArray(query) ? query[0] : query;
  if (typeof q === 'string' && q !== '') return q;
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const b = body as Record<string, unknown>;
    for (const key of ['hook_event_name', 'hookEventName', 'agent_action_name']) if (typeof b[key] === 'string') return b[key] as string;
  }
  return undefined;
}

export const hookRoute = defineRoute({
  method: 'POST',
  path: '/api/v1/hook',
  access: RUNTIME_ACCESS,
  summary: 'Command-hook endpoint (?tool=<surface>&event=E): answers the exact stdout/stderr bytes, exit code in X-Service-Hook-Exit',
  request: { query: toolQuery.extend({ event: z.string().optional().describe('The hook event, when the payload does not name it') }), body: hookPayload },
  response: { 200: { content: { 'text/plain': z.string().describe('The bytes the hook command prints: stdout on exit 0, stderr on exit 2 (X-Service-Hook-Exit)') } } },
  async handler(ctx, deps) {
    const surface = surfaceFromQuery(ctx.request.query.tool);
    const route = isAuditEvent(eventOf(ctx.request.query.event, ctx.state.body)) ? 'audit' : 'evaluate';
    const outcome = await handleHookCall(deps, ctx.state.principal, surface, ctx.state.body, ctx.req.headers, route);
    const bytes = hookOutputBytes(exitCodeForResponseBody(surface, outcome.body));
    const res = ctx.response;
    res.status = 200;
    res.set(HOOK_EXIT_HEADER, String(bytes.code));
    res.set('Content-Type', 'text/plain; charset=utf-8');
    res.body = bytes.code === 2 ? bytes.stderr : bytes.stdout;
  },
});
