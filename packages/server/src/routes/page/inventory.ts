// Inventory pages: skills with Allow/Warn/Block, a skill's detail, MCP servers, plugins.
import { z } from 'zod';
import { listMcpServers, listPlugins } from '../../inventory/servers-plugins-view.js';
import { listSkills, skillDetail } from '../../inventory/skills-view.js';
import { DEFAULT_PAGE } from '../../fleet/workstation-list.js';
import { parseBody, parseQuery } from '../../http/validate.js';
import { page } from '../../page/layout.js';
import { mcpView, pluginsView, skillDetailView, skillsView } from '../../page/views/inventory.js';
import { skillName, withSkillStatus } from '../admin/policy.js';
import { definePage, redirect, sendHtml } from './page-route.js';

const listQuery = z.object({
  cursor: z.string().max(1000).optional(),
  search: z.string().trim().max(100, 'search must be at most 100 characters').optional().transform((s) => s || undefined),
});
const statusForm = z.object({ status: z.enum(['allow', 'warn', 'block'], { errorMap: () => ({ message: 'status must be allow, warn or block' }) }) });
const governable = (name: string) => skillName.safeParse(name).success;
const nameParam = (params: Record<string, string>) => String(params.name).replace(/^\//, '').slice(0, 200);

export const inventoryPages = [
  definePage({
    method: 'GET',
    path: '/skills',
    access: 'session',
    async handler({ ctx, deps, session }) {
      const q = parseQuery(listQuery, ctx.query);
      const list = await listSkills({ inventory: deps.store.fleet.inventory, policies: deps.policies }, session.orgId, { limit: DEFAULT_PAGE, ...q });
      sendHtml(ctx, page({ title: 'Skills', section: 'skills', orgName: session.orgName, csrf: session.csrf }, skillsView(list, q.search, session.csrf, governable)));
    },
  }),
  definePage({
    method: 'GET',
    path: '/skills/:name',
    access: 'session',
    async handler({ ctx, deps, session }) {
      const name = nameParam(ctx.params);
      const detail = await skillDetail({ inventory: deps.store.fleet.inventory, policies: deps.policies }, session.orgId, name);
      sendHtml(ctx, page({ title: `/${name}`, section: 'skills', orgName: session.orgName, csrf: session.csrf }, skillDetailView(detail, session.csrf, governable(name))));
    },
  }),
  definePage({
    method: 'POST',
    path: '/skills/:name/status',
    access: 'session',
    async handler({ ctx, deps, session, form }) {
      const name = parseBody(z.object({ name: skillName }), { name: nameParam(ctx.params) }).name;
      const { status } = parseBody(statusForm, Object.fromEntries(form));
      await deps.policies.edit(session.orgId, (current) => ({ policy: withSkillStatus(current.policy, name, status), packSlug: current.packSlug }), {
        summary: `Skill /${name} set to ${status}.`,
        actor: { keyId: session.keyId, userId: session.createdBy },
        details: { skill: name, status, via: 'admin page' },
      });
      redirect(ctx, `/skills/${encodeURIComponent(name)}`);
    },
  }),
  definePage({
    method: 'GET',
    path: '/mcp-servers',
    access: 'session',
    async handler({ ctx, deps, session }) {
      const q = parseQuery(listQuery, ctx.query);
      const list = await listMcpServers(deps.store.fleet.inventory, session.orgId, { limit: DEFAULT_PAGE, ...q });
      sendHtml(ctx, page({ title: 'MCP servers', section: 'mcp', orgName: session.orgName, csrf: session.csrf }, mcpView(list, q.search)));
    },
  }),
  definePage({
    method: 'GET',
    path: '/plugins',
    access: 'session',
    async handler({ ctx, deps, session }) {
      const q = parseQuery(listQuery, ctx.query);
      const list = await listPlugins(deps.store.fleet.inventory, session.orgId, { limit: DEFAULT_PAGE, ...q });
      sendHtml(ctx, page({ title: 'Plugins', section: 'plugins', orgName: session.orgName, csrf: session.csrf }, pluginsView(list, q.search)));
    },
  }),
];
