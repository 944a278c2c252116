// Policy: edit the baseline, adopt a pack, read the change history. The form is turned into
// the same patch the admin API's PATCH takes, and validated by the same policy schema.
import { POLICY_PACK_TEMPLATES } from '../../policy/index.js';
import type { ShieldPolicy } from '../../policy/types.js';
import { page } from '../../page/layout.js';
import { policyView } from '../../page/views/policy.js';
import { definePage, redirect, sendHtml } from './page-route.js';

const listOf = (text: string | null) =>
  (text ?? '')
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The fields of the form that differ from the current policy, as a policy patch. */
export function policyPatchFromForm(form: URLSearchParams, current: ShieldPolicy): Record<string, unknown> {
  const num = (k: string) => {
    const v = (form.get(k) ?? '').trim();
    return v === '' ? undefined : Number(v);
  };
  const proposed: Record<string, unknown> = {
    security_level: form.get('security_level') ?? current.security_level,
    auto_block: form.get('auto_block') === 'true',
    entropy_threshold: num('entropy_threshold'),
    max_input_length: num('max_input_length'),
    custom_blacklist: listOf(form.get('custom_blacklist')),
    trusted_sources: listOf(form.get('trusted_sources')),
    blocked_agent_skills: listOf(form.get('blocked_agent_skills')),
    warn_only_agent_skills: listOf(form.get('warn_only_agent_skills')),
  };
  const patch: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(proposed)) {
    if (v === undefined) continue;
    if (JSON.stringify(v) !== JSON.stringify((current as unknown as Record<string, unknown>)[k])) patch[k] = v;
  }
  return patch;
}

export const policyPages = [
  definePage({
    method: 'GET',
    path: '/policy',
    access: 'session',
    async handler({ ctx, deps, session }) {
      const [current, history] = await Promise.all([deps.policies.get(session.orgId), deps.policies.history(session.orgId)]);
      sendHtml(
        ctx,
        page({ title: 'Policy', section: 'policy', orgName: session.orgName, csrf: session.csrf }, policyView({ policy: current.policy, version: current.version, packSlug: current.packSlug, templates: POLICY_PACK_TEMPLATES, history, csrf: session.csrf })),
      );
    },
  }),
  definePage({
    method: 'POST',
    path: '/policy',
    access: 'session',
    async handler({ ctx, deps, session, form }) {
      const current = await deps.policies.get(session.orgId);
      const patch = policyPatchFromForm(form, current.policy);
      if (Object.keys(patch).length > 0) await deps.policies.patch(session.orgId, patch, { keyId: session.keyId, userId: session.createdBy }, 'admin page');
      redirect(ctx, '/policy');
    },
  }),
  definePage({
    method: 'POST',
    path: '/policy/pack',
    access: 'session',
    async handler({ ctx, deps, session, form }) {
      await deps.policies.adoptPack(session.orgId, form.get('slug') ?? '', { keyId: session.keyId, userId: session.createdBy }, 'admin page');
      redirect(ctx, '/policy');
    },
  }),
];
