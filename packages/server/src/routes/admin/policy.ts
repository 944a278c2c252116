// Admin API for the org's runtime policy: read it, patch baseline fields, govern skills
// (allow / warn / block), adopt a policy pack. Every change bumps the policy version, fires
// `policy.changed`, and reaches every server process within about a second.
import { z } from 'zod';
import { BadRequestError } from '../../http/errors.js';
import { ADMIN_ACCESS, defineRoute } from '../../http/route.js';
import { parseBody } from '../../http/validate.js';
import { applyPolicyPack, applyShieldPolicyPatch, POLICY_PACK_TEMPLATES, validateShieldPolicyPatch } from '../../policy/index.js';
import type { ShieldPolicy } from '../../policy/types.js';
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

export function withSkillStatus(policy: ShieldPolicy, name: string, status: 'allow' | 'warn' | 'block'): ShieldPolicy {
  const blocked = policy.blocked_agent_skills.filter((s) => s !== name);
  const warn = policy.warn_only_agent_skills.filter((s) => s !== name);
  if (status === 'block') blocked.push(name);
  if (status === 'warn') warn.push(name);
  return { ...policy, blocked_agent_skills: blocked, warn_only_agent_skills: warn };
}

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
      if (ctx.state.body === undefined) throw new BadRequestError('A JSON request body is required.');
      const result = validateShieldPolicyPatch(ctx.state.body);
      if (!result.ok) throw new BadRequestError(`Invalid policy: ${result.errors.map((e) => `${e.path}: ${e.message}`).join('; ')}.`);
      const patch = result.value;
      const saved = await deps.policies.edit(ctx.state.principal.orgId, (current) => ({ policy: applyShieldPolicyPatch(current.policy, patch), packSlug: current.packSlug }), {
        summary: `Policy fields changed: ${Object.keys(result.value).join(', ')}.`,
        actor: actorOf(ctx),
        details: { changed_fields: Object.keys(result.value) },
      });
      ctx.body = view(saved);
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
      const saved = await deps.policies.edit(ctx.state.principal.orgId, (current) => ({ policy: withSkillStatus(current.policy, body.name, body.status), packSlug: current.packSlug }), {
        summary: `Skill /${body.name} set to ${body.status}.`,
        actor: actorOf(ctx),
        details: { skill: body.name, status: body.status },
      });
      ctx.body = view(saved);
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
      if (!POLICY_PACK_TEMPLATES.some((t) => t.slug === slug)) {
        throw new BadRequestError(`Unknown policy pack "${slug.slice(0, 60)}"; available: ${POLICY_PACK_TEMPLATES.map((t) => t.slug).join(', ')}.`);
      }
      const saved = await deps.policies.edit(ctx.state.principal.orgId, (current) => ({ policy: applyPolicyPack(current.policy, slug), packSlug: slug }), {
        summary: `Policy pack ${slug} adopted.`,
        actor: actorOf(ctx),
        details: { pack: slug },
      });
      ctx.body = view(saved);
    },
  }),
];
