// `service skills allow|warn|block NAME`: one admin call, one sentence back.
import { adminCall, resolveAdminTarget } from './client.js';
import type { PolicyView } from './policy-view.js';

const WORDS = { allow: 'allowed (Active)', warn: 'set to Warn', block: 'Blocked' } as const;

export async function setSkillStatus(flags: { server?: string }, name: string, status: keyof typeof WORDS) {
  const view = await adminCall<PolicyView>(await resolveAdminTarget(flags), 'POST', '/api/v1/admin/policy/skills', { name, status });
  const skill = name.replace(/^\//, '');
  return {
    skill,
    status,
    policy_version: view.policy_version,
    message: `Skill /${skill} ${WORDS[status]}; policy version ${view.policy_version}, in effect on the next evaluation.`,
  };
}
