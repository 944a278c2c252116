// Admin API for API keys: list, create (the raw key is in this response only), revoke.
import { z } from 'zod';
import { KEY_KINDS } from '../../accounts/api-keys.js';
import { createApiKey, listApiKeys, revokeApiKey } from '../../accounts/orgs.js';
import { ADMIN_ACCESS, defineRoute } from '../../http/route.js';
import { parseBody } from '../../http/validate.js';
import { apiKeyList, createdApiKey, revokedApiKey } from '@service/api';

const createKeyBody = z
  .object({
    kind: z.enum(KEY_KINDS as ['runtime', 'admin'], { errorMap: () => ({ message: 'kind must be "runtime" or "admin"' }) }),
    name: z.string().trim().max(200).optional(),
  })
  .strict();

export const adminKeyRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/admin/keys',
    access: ADMIN_ACCESS,
    summary: 'List the org’s API keys (prefixes only, never the keys)',
    response: { 200: apiKeyList },
    async handler(ctx, deps) {
      ctx.body = { keys: await listApiKeys(deps.store.accounts, ctx.state.principal.orgId) };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/v1/admin/keys',
    access: ADMIN_ACCESS,
    summary: 'Create an API key; the raw key is returned once',
    request: { body: createKeyBody },
    response: { 201: createdApiKey },
    async handler(ctx, deps) {
      const body = parseBody(createKeyBody, ctx.state.body);
      const created = await createApiKey(deps.store.accounts, ctx.state.principal.orgId, { kind: body.kind, name: body.name, createdBy: ctx.state.principal.createdBy, actor: { keyId: ctx.state.principal.keyId, userId: ctx.state.principal.createdBy } });
      ctx.status = 201;
      ctx.body = created;
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/v1/admin/keys/:id',
    access: ADMIN_ACCESS,
    summary: 'Revoke an API key (takes effect on this process at once, on others within the key cache TTL)',
    request: { query: z.object({ force: z.enum(['true', '1']).optional().describe('Revoke even the last admin key') }) },
    response: { 200: revokedApiKey },
    async handler(ctx, deps) {
      const force = ctx.request.query.force === 'true' || ctx.request.query.force === '1';
      const result = await revokeApiKey(deps.store.accounts, ctx.state.principal.orgId, ctx.params.id, { force, actor: { keyId: ctx.state.principal.keyId, userId: ctx.state.principal.createdBy } });
      deps.keys.invalidateOrg(ctx.state.principal.orgId);
      ctx.body = result;
    },
  }),
];
