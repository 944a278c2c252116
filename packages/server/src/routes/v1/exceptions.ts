// Exceptions API (issue #21): the developer's request (runtime key) and the admin's workflow.
import { z } from 'zod';
import { ADMIN_ACCESS, RUNTIME_ACCESS, defineRoute } from '../../http/route.js';
import { parseBody, parseQuery } from '../../http/validate.js';
import { SCOPE_KINDS } from '../../exceptions/scope.js';
import { MAX_EXCEPTION_MS, type AdminStep } from '../../exceptions/workflow.js';
import type { AppContext } from '../../http/context.js';
import type { AppDeps } from '../../app-deps.js';
import { exceptionList, exceptionView } from '@service/api';

const requestBody = z
  .object({
    event_id: z.string().trim().min(1, 'event_id is required').max(40),
    reason: z.string().trim().min(1, 'reason is required').max(2000),
    user: z.string().trim().max(320).optional(),
  })
  .strict();

const noteBody = z.object({ note: z.string().trim().max(2000).optional() }).strict();
const contextBody = z.object({ note: z.string().trim().min(1, 'note (what context is needed) is required').max(2000) }).strict();

const approveBody = z
  .object({
    scope: z
      .object({
        kind: z.enum(SCOPE_KINDS, { errorMap: () => ({ message: `kind must be one of ${SCOPE_KINDS.join(', ')}` }) }),
        value: z.string().max(2000).optional(),
        host: z.string().trim().min(1).max(256).optional(),
        user: z.string().trim().min(1).max(320).optional(),
        repository: z.string().trim().min(1).max(1000).optional(),
      })
      .strict(),
    expires_in_seconds: z.number().int().positive().max(MAX_EXCEPTION_MS / 1000).optional(),
    expires_at: z.string().datetime({ offset: true }).optional(),
    note: z.string().trim().max(2000).optional(),
  })
  .strict()
  .refine((b) => (b.expires_in_seconds === undefined) !== (b.expires_at === undefined), { message: 'give exactly one of expires_in_seconds or expires_at' });

const listQuery = z.object({
  status: z.enum(['requested', 'triaged', 'context_requested', 'approved', 'denied', 'expired']).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

const actorOf = (ctx: AppContext) => ({ keyId: ctx.state.principal.keyId, userId: ctx.state.principal.createdBy });

/** The step a triage / request-context / deny body asks for (request-context's note is required). */
function stepOf(kind: 'triage' | 'request_context' | 'deny', body: unknown): AdminStep {
  if (kind === 'request_context') return { kind, note: parseBody(contextBody, body).note };
  return { kind, note: parseBody(noteBody, body).note };
}

function step(kind: 'triage' | 'request_context' | 'deny') {
  return async (ctx: AppContext, deps: AppDeps) => {
    const orgId = ctx.state.principal.orgId;
    // Another org's id is a 404 before the body is judged.
    await deps.exceptionWorkflow.get(orgId, ctx.params.id);
    ctx.body = await deps.exceptionWorkflow.decide(orgId, actorOf(ctx), ctx.params.id, stepOf(kind, ctx.state.body ?? {}));
  };
}

export const exceptionRoutes = [
  defineRoute({
    method: 'POST',
    path: '/api/v1/exceptions',
    access: RUNTIME_ACCESS,
    summary: 'Ask for an exception to a recorded deny or warn (the id the deny message names)',
    request: { body: requestBody },
    response: { 201: exceptionView },
    async handler(ctx, deps) {
      const body = parseBody(requestBody, ctx.state.body);
      const p = ctx.state.principal;
      ctx.status = 201;
      ctx.body = await deps.exceptionWorkflow.request(p.orgId, p.keyId, { eventId: body.event_id, reason: body.reason, user: body.user });
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/v1/exceptions',
    access: ADMIN_ACCESS,
    summary: 'List exception requests, newest first (filter by status)',
    request: { query: listQuery },
    response: { 200: exceptionList },
    async handler(ctx, deps) {
      const q = parseQuery(listQuery, ctx.query);
      ctx.body = { exceptions: await deps.exceptionWorkflow.list(ctx.state.principal.orgId, q) };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/v1/exceptions/:id',
    access: ADMIN_ACCESS,
    summary: 'One exception request',
    response: { 200: exceptionView },
    async handler(ctx, deps) {
      ctx.body = await deps.exceptionWorkflow.get(ctx.state.principal.orgId, ctx.params.id);
    },
  }),
  defineRoute({ method: 'POST', path: '/api/v1/exceptions/:id/triage', access: ADMIN_ACCESS, summary: 'Mark an exception request triaged', request: { body: noteBody }, response: { 200: exceptionView }, handler: step('triage') }),
  defineRoute({ method: 'POST', path: '/api/v1/exceptions/:id/request-context', access: ADMIN_ACCESS, summary: 'Ask the requester for more context', request: { body: contextBody }, response: { 200: exceptionView }, handler: step('request_context') }),
  defineRoute({ method: 'POST', path: '/api/v1/exceptions/:id/deny', access: ADMIN_ACCESS, summary: 'Deny an exception request', request: { body: noteBody }, response: { 200: exceptionView }, handler: step('deny') }),
  defineRoute({
    method: 'POST',
    path: '/api/v1/exceptions/:id/approve',
    access: ADMIN_ACCESS,
    summary: 'Approve an exception with a scope and an expiry (at most 90 days)',
    request: { body: approveBody },
    response: { 200: exceptionView },
    async handler(ctx, deps) {
      const orgId = ctx.state.principal.orgId;
      await deps.exceptionWorkflow.get(orgId, ctx.params.id); // 404 before the body is judged
      const body = parseBody(approveBody, ctx.state.body);
      const expiresAt = body.expires_at !== undefined ? Date.parse(body.expires_at) : Date.now() + body.expires_in_seconds! * 1000;
      // An empty value: the scope is the decided call itself (exceptions/workflow.ts).
      const scope = { kind: body.scope.kind, value: body.scope.value ?? '', host: body.scope.host ?? null, user: body.scope.user ?? null, repository: body.scope.repository ?? null };
      ctx.body = await deps.exceptionWorkflow.decide(orgId, actorOf(ctx), ctx.params.id, { kind: 'approve', scope, expiresAt, note: body.note });
    },
  }),
];
