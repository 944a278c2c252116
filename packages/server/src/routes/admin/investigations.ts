// Admin API for investigations (docs/chains.md): list, show with evidence, assign / triage /
// feedback, resolve. Admin keys only; every query is scoped to the caller's org.
import { ADMIN_ACCESS, defineRoute } from '../../http/route.js';
import { parseBody, parseQuery } from '../../http/validate.js';
import { findInvestigation, getInvestigation, listInvestigations, listInvestigationsQuery, patchInvestigationBody, resolveInvestigationBody, updateInvestigation } from '../../runtime/investigations.js';
import { investigationDetail, investigationPage } from '@service/api';

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
      ctx.body = await listInvestigations(deps.store.knex, ctx.state.principal.orgId, query);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/v1/investigations/:id',
    access: ADMIN_ACCESS,
    summary: 'One investigation with its evidence events and chains',
    response: { 200: investigationDetail },
    async handler(ctx, deps) {
      ctx.body = await getInvestigation(deps.store.knex, ctx.state.principal.orgId, ctx.params.id);
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
      await findInvestigation(deps.store.knex, ctx.state.principal.orgId, ctx.params.id);
      const body = parseBody(patchInvestigationBody, ctx.state.body);
      ctx.body = await updateInvestigation(deps.store.knex, ctx.state.principal.orgId, ctx.params.id, body, { keyId: ctx.state.principal.keyId, userId: ctx.state.principal.createdBy });
      deps.notifications.wake();
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
      await findInvestigation(deps.store.knex, ctx.state.principal.orgId, ctx.params.id);
      const body = parseBody(resolveInvestigationBody, ctx.state.body ?? {});
      ctx.body = await updateInvestigation(deps.store.knex, ctx.state.principal.orgId, ctx.params.id, { status: 'resolved', ...(body.feedback ? { feedback: body.feedback } : {}) }, { keyId: ctx.state.principal.keyId, userId: ctx.state.principal.createdBy });
      deps.notifications.wake();
    },
  }),
];
