// GET /api/v1/me (spec): the key's context.
import { defineRoute } from '../../http/route.js';
import { meResponse } from '@service/api';

export const meRoute = defineRoute({
  method: 'GET',
  path: '/api/v1/me',
  access: { keys: ['runtime', 'admin'] },
  summary: 'API key context: role of the key creator, org name, plan',
  response: { 200: meResponse },
  async handler(ctx) {
    const p = ctx.state.principal;
    ctx.body = { role: p.role, org_name: p.orgName, plan: p.plan };
  },
});
