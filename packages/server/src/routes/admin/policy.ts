// Admin API for the org's runtime policy: read it, patch baseline fields, govern skills
// (allow / warn / block), adopt a policy pack. Every change bumps the policy version, fires
// `policy.changed`, and reaches every server process within about a second.
import { z } from 'zod';
import { ADMIN_ACCESS, defineRoute } from '../../http/route.js';
import { parseBody } from '../../http/validate.js';
import type { PolicyActor, SavedPolicy } from '../../runtime/policy-store.js';
import type { AppContext } from '../../http/context.js';
import { policyView } from '@service/api';
import { shieldPolicyPatchSchema } from '../../policy/policy-schema.js';

function view(p: SavedPolicy) {
  return { policy_version: p.version, pack_slug: p.packSlug, policy: p.policy };
}

/** Skill names as they appear after the slash: `name` or `plugin:name`. */
export const skillName = z
  .string()
  .trim()
  .transform((s) => s.replace(/^\//, ''))
  .pipe(z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}(:[A-Za-z0-9][A-Za-z0-9._-]{0,99})?$/, 'must be a skill name such as "deploy" or "plugin:deploy"'));

const skillBody = z.object({ name: skillName, status: z.enum(['allow', 'warn', 'block']) }).strict();
const packBody = z.object({ slug: z.string() }).strict();

// The page's skill controls (routes/page/inventory.ts) edit through the same rule.
export { withSkillStatus } from '../../runtime/policy-store.js';

/** The admin key that made an edit and the user who created it, for `policy.changed`. */
function actorOf(ctx: AppContext): PolicyActor {
  return { keyId: ctx.state.principal.keyId, userId: ctx.state.principal.createdBy };
}

export const adminPolicyRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/admin/policy',
    access: ADMIN_ACCESS,
    summary: 'The org’s full runtime policy with its version',
    response: { 200: policyView },
    async handler(ctx, deps) {
      ctx.body = view(await deps.policies.get(ctx.state.principal.orgId));
    },
  }),
  defineRoute({
    method: 'PATCH',
    path: '/api/v1/admin/policy',
    access: ADMIN_ACCESS,
    summary: 'Change baseline fields and skill lists (fields not sent are kept)',
    request: { body: shieldPolicyPatchSchema },
    response: { 200: policyView },
    async handler(ctx, deps) {
      ctx.body = view(await deps.policies.patch(ctx.state.principal.orgId, ctx.state.body, actorOf(ctx)));
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/v1/admin/policy/skills',
    access: ADMIN_ACCESS,
    summary: 'Allow, warn on or block a skill by name (the Allow/Warn/Block controls)',
    request: { body: skillBody },
    response: { 200: policyView },
    async handler(ctx, deps) {
      const body = parseBody(skillBody, ctx.state.body);
      ctx.body = view(await deps.policies.setSkillStatus(ctx.state.principal.orgId, body.name, body.status, actorOf(ctx)));
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/v1/admin/policy/pack',
    access: ADMIN_ACCESS,
    summary: 'Adopt a policy pack template (its shield, tools, MCP and network sections)',
    request: { body: packBody },
    response: { 200: policyView },
    async handler(ctx, deps) {
      const { slug } = parseBody(packBody, ctx.state.body);
      ctx.body = view(await deps.policies.adoptPack(ctx.state.principal.orgId, slug, actorOf(ctx)));
    },
  }),
];
