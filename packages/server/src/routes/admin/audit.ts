// The activity log for auditors (issue #21, part 4): export and chain verification.
import { z } from 'zod';
import { ADMIN_ACCESS, defineRoute } from '../../http/route.js';
import { parseQuery } from '../../http/validate.js';
import { activityCsv } from '../../audit/activity-log.js';
import { activityExport, verifyResult } from '@service/api';

const exportQuery = z.object({
  since: z.string().datetime({ offset: true, message: 'since must be an ISO 8601 date-time' }).optional(),
  format: z.enum(['json', 'csv'], { errorMap: () => ({ message: 'format must be json or csv' }) }).default('json'),
});

export const auditRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/audit/activity',
    access: ADMIN_ACCESS,
    summary: 'The activity log since a time, oldest first, as JSON or CSV',
    request: { query: exportQuery },
    response: { 200: { content: { 'application/json': activityExport, 'text/csv': z.string().describe('The same entries as CSV') } } },
    async handler(ctx, deps) {
      const q = parseQuery(exportQuery, ctx.query);
      const entries = await deps.activityLog.export(ctx.state.principal.orgId, q.since ? Date.parse(q.since) : undefined);
      if (q.format === 'csv') {
        ctx.type = 'text/csv; charset=utf-8';
        ctx.body = activityCsv(entries);
      } else ctx.body = { entries };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/v1/audit/verify',
    access: ADMIN_ACCESS,
    summary: 'Check the activity log’s hash chain; names the first edited or missing entry',
    response: { 200: verifyResult },
    async handler(ctx, deps) {
      ctx.body = await deps.activityLog.verify(ctx.state.principal.orgId);
    },
  }),
];
