// Admin API of the fleet: the workstation list with filters and cursor pages, the stat cards,
// host detail (by id or hostname) and removal. Admin keys only (spec: Authentication 4).
import { z } from 'zod';
import { fleetStatsView } from '../../fleet/fleet-stats.js';
import { DEFAULT_PAGE, MAX_PAGE, listWorkstations } from '../../fleet/workstation-list.js';
import { deleteWorkstation, workstationDetail } from '../../fleet/workstation-detail.js';
import { SURFACES } from '../../policy/types.js';
import { ADMIN_ACCESS, defineRoute } from '../../http/route.js';
import { parseQuery } from '../../http/validate.js';
import { deletedWorkstation, fleetPage, fleetStats, workstationDetail as workstationDetailResponse } from '@service/api';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { errorMap: () => ({ message: 'must be true or false' }) })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const pageLimit = z.coerce
  .number({ invalid_type_error: `limit must be a number from 1 to ${MAX_PAGE}` })
  .int(`limit must be a whole number from 1 to ${MAX_PAGE}`)
  .min(1, `limit must be from 1 to ${MAX_PAGE}`)
  .max(MAX_PAGE, `limit must be from 1 to ${MAX_PAGE}`)
  .default(DEFAULT_PAGE);

const listQuery = z.object({
  surface: z.enum(SURFACES, { errorMap: () => ({ message: `surface must be one of ${SURFACES.join(', ')}` }) }).optional(),
  status: z.enum(['online', 'offline'], { errorMap: () => ({ message: 'status must be online or offline' }) }).optional(),
  risk: z
    .string()
    .transform((r) => r.trim().toLowerCase())
    .pipe(z.enum(['low', 'medium', 'high'], { errorMap: () => ({ message: 'risk must be low, medium or high' }) }))
    .transform((r) => (r === 'low' ? 'Low' : r === 'medium' ? 'Medium' : 'High'))
    .optional(),
  runtime: z.enum(['standby', 'degraded', 'missing', 'unknown', 'healthy'], { errorMap: () => ({ message: 'runtime must be standby, degraded, missing, unknown or healthy' }) }).optional(),
  search: z.string().trim().max(100, 'search must be at most 100 characters').optional(),
  shadow_ai: flag.optional(),
  missing_hook: flag.optional(),
  limit: pageLimit,
  cursor: z.string().max(200).optional(),
});

const hostParam = (ctx: { params: Record<string, string> }) => String(ctx.params.id).slice(0, 255);

export const adminFleetRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/admin/workstations',
    access: ADMIN_ACCESS,
    summary: 'List workstations (fleet list columns) with filters and cursor pagination',
    request: { query: listQuery },
    response: { 200: fleetPage },
    async handler(ctx, deps) {
      const q = parseQuery(listQuery, ctx.query);
      const p = ctx.state.principal;
      ctx.body = await listWorkstations(
        deps.store.fleetReads,
        { id: p.orgId, plan: p.plan },
        { surface: q.surface, status: q.status, risk: q.risk, runtime: q.runtime, search: q.search || undefined, shadowAi: q.shadow_ai, missingHook: q.missing_hook },
        { limit: q.limit, cursor: q.cursor },
      );
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/v1/admin/fleet/stats',
    access: ADMIN_ACCESS,
    summary: 'The six fleet stat cards, filter counts and the agent-version distribution',
    response: { 200: fleetStats },
    async handler(ctx, deps) {
      ctx.body = await fleetStatsView(deps.store.fleetReads, ctx.state.principal.orgId);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/v1/admin/workstations/:id',
    access: ADMIN_ACCESS,
    summary: 'Host detail by id or hostname: metadata, sessions, inventory, recent shield events, scans',
    response: { 200: workstationDetailResponse },
    async handler(ctx, deps) {
      const p = ctx.state.principal;
      ctx.body = await workstationDetail({ reads: deps.store.fleetReads, inventory: deps.store.fleet.inventory }, { id: p.orgId, plan: p.plan }, hostParam(ctx));
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/v1/admin/workstations/:id',
    access: ADMIN_ACCESS,
    summary: 'Remove a workstation from the fleet; it registers again on its next event unless hooks are removed',
    response: { 200: deletedWorkstation },
    async handler(ctx, deps) {
      const removed = await deleteWorkstation(deps.fleet, ctx.state.principal.orgId, hostParam(ctx), { keyId: ctx.state.principal.keyId, userId: ctx.state.principal.createdBy });
      ctx.body = { ...removed, deleted: true };
    },
  }),
];
