// Admin API for investigations (docs/chains.md): list, show with evidence, assign / triage /
// feedback, resolve. Admin keys only; every query is scoped to the caller's org.
import { ADMIN_ACCESS, defineRoute } from '../../http/route.js';
import { parseBody, parseQuery } from '../../http/validate.js';
import { listInvestigationsQuery, patchInvestigationBody, resolveInvestigationBody } from '../../runtime/investigations.js';
import type { AppContext } from '../../http/context.js';
import { investigationDetail, investigationPage } from '@service/api';

const actorOf = (ctx: AppContext) => ({ keyId: ctx.state.principal.keyId, userId: ctx.state.principal.createdBy });

export const adminInvestigationRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/investigations',
    access: ADMIN_ACCESS,
    summary: 'Investigations, newest first (status filter, cursor paging)',
    request: { query: listInvestigationsQuery },
    response: { 200: investigationPage },
    async handler(ctx, deps) {
      const query = parseQuery(listInvestigationsQuery, ctx.query);
      ctx.body = await deps.investigations.admin.list(ctx.state.principal.orgId, query);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/v1/investigations/:id',
    access: ADMIN_ACCESS,
    summary: 'One investigation with its evidence events and chains',
    response: { 200: investigationDetail },
    async handler(ctx, deps) {
      ctx.body = await deps.investigations.admin.get(ctx.state.principal.orgId, ctx.params.id);
    },
  }),
  defineRoute({
    method: 'PATCH',
    path: '/api/v1/investigations/:id',
    access: ADMIN_ACCESS,
    summary: 'Assign an owner, move the status (open, triaged, resolved), record analyst feedback',
    request: { body: patchInvestigationBody },
    response: { 200: investigationDetail },
    async handler(ctx, deps) {
      await deps.investigations.admin.assertExists(ctx.state.principal.orgId, ctx.params.id); // 404 before the body is judged
      const body = parseBody(patchInvestigationBody, ctx.state.body);
      ctx.body = await deps.investigations.admin.update(ctx.state.principal.orgId, ctx.params.id, body, actorOf(ctx));
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/v1/investigations/:id/resolve',
    access: ADMIN_ACCESS,
    summary: 'Resolve an investigation, optionally with feedback (true or false positive and a note)',
    request: { body: resolveInvestigationBody },
    response: { 200: investigationDetail },
    async handler(ctx, deps) {
      await deps.investigations.admin.assertExists(ctx.state.principal.orgId, ctx.params.id); // 404 before the body is judged
      const body = parseBody(resolveInvestigationBody, ctx.state.body ?? {});
      ctx.body = await deps.investigations.admin.resolve(ctx.state.principal.orgId, ctx.params.id, body, actorOf(ctx));
    },
  }),
];
