// Settings → Access → API keys.
import { z } from 'zod';
import { KEY_KINDS } from '../../accounts/api-keys.js';
import { createApiKey, listApiKeys, revokeApiKey } from '../../accounts/orgs.js';
import { BadRequestError } from '../../http/errors.js';
import { parseBody } from '../../http/validate.js';
import { page } from '../../page/layout.js';
import { createdKeyNotice, keysView } from '../../page/views/keys.js';
import { definePage, redirect, sendHtml, type PageRequest } from './page-route.js';

const createKeyForm = z.object({
  kind: z.enum(KEY_KINDS as ['runtime', 'admin'], { errorMap: () => ({ message: 'kind must be "runtime" or "admin"' }) }),
  name: z.string().trim().max(200).optional(),
});

/** The server's base URL as the browser reached it, for the install command. */
export function serverUrlOf(req: PageRequest): string {
  const host = String(req.ctx.req.headers.host ?? 'localhost').replace(/[^A-Za-z0-9.:[\]-]/g, '');
  return `${req.secure ? 'https' : 'http'}://${host}`;
}

async function renderKeys(req: PageRequest, notice?: ReturnType<typeof createdKeyNotice>) {
  const keys = await listApiKeys(req.deps.store.accounts, req.session.orgId);
  sendHtml(req.ctx, page({ title: 'API keys', section: 'keys', orgName: req.session.orgName, csrf: req.session.csrf, notice }, keysView(keys, req.session.csrf, req.session.keyId)));
}

export const keyPages = [
  definePage({
    method: 'GET',
    path: '/settings/keys',
    access: 'session',
    handler: (req) => renderKeys(req),
  }),
  definePage({
    method: 'POST',
    path: '/settings/keys',
    access: 'session',
    async handler(req) {
      const body = parseBody(createKeyForm, Object.fromEntries(req.form));
      const created = await createApiKey(req.deps.store.accounts, req.session.orgId, { kind: body.kind, name: body.name, createdBy: req.session.createdBy, actor: { keyId: req.session.keyId, userId: req.session.createdBy } });
      await renderKeys(req, createdKeyNotice(created, serverUrlOf(req)));
    },
  }),
  definePage({
    method: 'POST',
    path: '/settings/keys/:id/revoke',
    access: 'session',
    async handler(req) {
      if (req.form.get('confirm') !== 'yes') throw new BadRequestError('Tick the confirmation box to revoke the key.');
      await revokeApiKey(req.deps.store.accounts, req.session.orgId, String(req.ctx.params.id).slice(0, 64), { actor: { keyId: req.session.keyId, userId: req.session.createdBy } });
      req.deps.keys.invalidateOrg(req.session.orgId);
      redirect(req.ctx, '/settings/keys');
    },
  }),
];
