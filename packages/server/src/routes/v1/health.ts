// GET /api/v1/claude-code/health (spec): connectivity check and hook health of one surface.
import { z } from 'zod';
import { HEALTH_SOURCES, hookHealth } from '../../fleet/hook-health.js';
import { BadRequestError } from '../../http/errors.js';
import { defineRoute, RUNTIME_ACCESS } from '../../http/route.js';
import { hookHealthResponse } from '@service/api';

const one = (v: unknown) => (Array.isArray(v) ? v[0] : v);

export const healthRoute = defineRoute({
  method: 'GET',
  path: '/api/v1/claude-code/health',
  access: RUNTIME_ACCESS,
  summary: 'Hook health of a surface (source, alias tool); with any valid key, a connectivity check',
  request: { query: z.object({ source: z.enum(HEALTH_SOURCES).optional(), tool: z.enum(HEALTH_SOURCES).optional().describe('Alias of source') }) },
  response: { 200: hookHealthResponse },
  async handler(ctx, deps) {
    const raw = one(ctx.query.source) ?? one(ctx.query.tool) ?? 'claude-code';
    const parsed = z.enum(HEALTH_SOURCES).safeParse(typeof raw === 'string' ? raw.trim() : raw);
    if (!parsed.success) throw new BadRequestError(`Unknown source "${String(raw).slice(0, 40)}"; allowed: ${HEALTH_SOURCES.join(', ')}.`);
    ctx.body = await hookHealth(deps.store.fleetReads, ctx.state.principal.orgId, parsed.data);
  },
});
