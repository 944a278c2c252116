// Admin API of the fleet inventory: skills (with policy status), MCP servers, plugins,
// aggregated across hosts, and one skill's detail.
import { z } from 'zod';
import { listMcpServers, listPlugins } from '../../inventory/servers-plugins-view.js';
import { listSkills, skillDetail } from '../../inventory/skills-view.js';
import { ADMIN_ACCESS, defineRoute } from '../../http/route.js';
import { parseQuery } from '../../http/validate.js';
import { pageLimit } from './fleet.js';
import { mcpServerPage, pluginPage, skillDetail as skillDetailResponse, skillPage } from '@service/api';

const inventoryQuery = z.object({
  limit: pageLimit,
  cursor: z.string().max(1000).optional(),
  // An empty search means no search.
  search: z.string().trim().max(100, 'search must be at most 100 characters').optional().transform((search) => search || undefined),
});

export const adminInventoryRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/admin/inventory/skills',
    access: ADMIN_ACCESS,
    summary: 'Skills across the fleet: risk level, flags, host count, status (Active/Warn/Blocked)',
    request: { query: inventoryQuery },
    response: { 200: skillPage },
    async handler(ctx, deps) {
      const q = parseQuery(inventoryQuery, ctx.query);
      ctx.body = await listSkills({ inventory: deps.store.fleet.inventory, policies: deps.policies }, ctx.state.principal.orgId, q);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/v1/admin/inventory/skills/:name',
    access: ADMIN_ACCESS,
    summary: 'One skill: its variants (preview, hash, score, flags), host list and first/last seen',
    response: { 200: skillDetailResponse },
    async handler(ctx, deps) {
      ctx.body = await skillDetail({ inventory: deps.store.fleet.inventory, policies: deps.policies }, ctx.state.principal.orgId, String(ctx.params.name).replace(/^\//, '').slice(0, 200));
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/v1/admin/inventory/mcp-servers',
    access: ADMIN_ACCESS,
    summary: 'MCP servers reported by workstation scans, aggregated by name and platform',
    request: { query: inventoryQuery },
    response: { 200: mcpServerPage },
    async handler(ctx, deps) {
      const q = parseQuery(inventoryQuery, ctx.query);
      ctx.body = await listMcpServers(deps.store.fleet.inventory, ctx.state.principal.orgId, q);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/v1/admin/inventory/plugins',
    access: ADMIN_ACCESS,
    summary: 'Plugins reported by workstations, aggregated by full name and platform',
    request: { query: inventoryQuery },
    response: { 200: pluginPage },
    async handler(ctx, deps) {
      const q = parseQuery(inventoryQuery, ctx.query);
      ctx.body = await listPlugins(deps.store.fleet.inventory, ctx.state.principal.orgId, q);
    },
  }),
];
