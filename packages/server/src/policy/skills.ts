// Skill governance (spec: "Skill policy status"). A prompt that starts with `/<name>` or
// `/<plugin>:<name>` invokes a skill; the blocked list denies it before the skill loads with
// the exact reason text of spec Errors rule 4, the warn list allows it and logs it.
import { normalizeSkill, type CompiledPolicy } from './compile.js';
import type { Finding } from './findings.js';

const INVOCATION = /^\s*\/([A-Za-z0-9][A-Za-z0-9._-]{0,127})(?::([A-Za-z0-9][A-Za-z0-9._-]{0,127}))?(?=\s|$)/;

/** The skill a prompt invokes: what was typed after the slash, plus the bare skill name. */
export function invokedSkill(prompt: string): { typed: string; name: string } | null {
  const m = INVOCATION.exec(prompt);
  if (!m) return null;
  return m[2] ? { typed: `${m[1]}:${m[2]}`, name: m[2] } : { typed: m[1], name: m[1] };
}

export function skillGovernance(policy: CompiledPolicy, prompt: string): Finding | null {
  if (policy.blockedSkills.size === 0 && policy.warnSkills.size === 0) return null;
  const skill = invokedSkill(prompt);
  if (!skill) return null;
  const keys = [normalizeSkill(skill.typed), normalizeSkill(skill.name)];
  if (keys.some((k) => policy.blockedSkills.has(k))) {
    return {
      patternName: 'skill_governance.blocked_skill',
      severity: 'high',
      category: 'skill_governance',
      layer: 'skill_governance',
      verdict: 'deny',
      force: true,
      reason: `Blocked by org policy: skill /${skill.typed} is not allowed`,
    };
  }
  if (keys.some((k) => policy.warnSkills.has(k))) {
    return { patternName: 'skill_governance.warned_skill', severity: 'low', category: 'skill_governance', layer: 'skill_governance', verdict: 'warn', reason: `Skill /${skill.typed} is on the organization's warn list; this use is logged.` };
  }
  return null;
}
