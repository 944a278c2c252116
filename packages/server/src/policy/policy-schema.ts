// The platform default policy (served by GET /api/v1/shield/policy when an org has not
// customised it) and validation of policy edits with errors that name the exact field.
import { z } from 'zod';
import { customPatternError } from './custom-patterns.js';
import { mcpSectionSchema, networkSectionSchema, toolsSectionSchema } from './pack-sections.js';
import type { ShieldPolicy } from './types.js';

export const DEFAULT_SHIELD_POLICY: ShieldPolicy = Object.freeze({
  security_level: 'balanced',
  custom_blacklist: [],
  trusted_sources: [],
  // Bits per character; random 32-character API keys score about 4.4–5, prose and
  // identifiers stay well below 4 (see rules/secrets.ts).
  entropy_threshold: 4,
  // Characters of one tool input scanned in full; longer inputs are warned about and
  // scanned up to this bound so padding cannot hide a payload from an unbounded scan.
  max_input_length: 100_000,
  auto_block: true,
  blocked_agent_skills: [],
  warn_only_agent_skills: [],
}) as ShieldPolicy;

const skillName = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .regex(/^\/?[A-Za-z0-9][A-Za-z0-9._-]*(?::[A-Za-z0-9][A-Za-z0-9._-]*)?$/, 'must be a skill name such as deploy or plugin:deploy');

const trustedSource = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .refine(
    (s) => /^(?:https?:\/\/)[^\s/]+(?:\/\S*)?$/i.test(s) || /^(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)+$/i.test(s) || /^(?:\/|~\/|\.\/|[A-Za-z]:[\\/])\S*$/.test(s),
    'must be a domain (example.com, *.example.com), a URL prefix (https://example.com/path/) or a local path (/opt/tools, ~/work)',
  );

const customPattern = z
  .string()
  .min(1)
  .max(1000)
  .superRefine((s, ctx) => {
    const err = customPatternError(s);
    if (err) ctx.addIssue({ code: z.ZodIssueCode.custom, message: `invalid pattern: ${err}` });
  });

export const shieldPolicyPatchSchema = z
  .object({
    security_level: z.enum(['strict', 'balanced', 'permissive']),
    custom_blacklist: z.array(customPattern).max(200),
    trusted_sources: z.array(trustedSource).max(500),
    entropy_threshold: z.number().finite().min(2).max(6),
    max_input_length: z.number().int().min(1_000).max(1_000_000),
    auto_block: z.boolean(),
    blocked_agent_skills: z.array(skillName).max(1000),
    warn_only_agent_skills: z.array(skillName).max(1000),
    tools: toolsSectionSchema,
    mcp: mcpSectionSchema,
    network: networkSectionSchema,
  })
  .partial()
  .strict();

export type ShieldPolicyPatch = z.infer<typeof shieldPolicyPatchSchema>;

export interface PolicyFieldError {
  /** JSON path of the offending value, e.g. `custom_blacklist[2]`. */
  path: string;
  message: string;
}

export type PatchValidation = { ok: true; value: ShieldPolicyPatch } | { ok: false; errors: PolicyFieldError[] };

function pathOf(path: (string | number)[]): string {
  return path.reduce<string>((acc, p) => (typeof p === 'number' ? `${acc}[${p}]` : acc ? `${acc}.${p}` : p), '') || '(body)';
}

/** Validates a partial policy edit. Unknown fields are rejected, never silently stored. */
export function validateShieldPolicyPatch(input: unknown): PatchValidation {
  const r = shieldPolicyPatchSchema.safeParse(input);
  if (r.success) return { ok: true, value: r.data };
  const errors: PolicyFieldError[] = [];
  for (const issue of r.error.issues) {
    if (issue.code === z.ZodIssueCode.unrecognized_keys) {
      for (const k of issue.keys) errors.push({ path: pathOf([...issue.path, k]), message: 'unknown field' });
    } else errors.push({ path: pathOf(issue.path), message: issue.message });
  }
  return { ok: false, errors };
}

/** Applies a validated patch; a blocked skill is removed from the warn list and vice versa. */
export function applyShieldPolicyPatch(policy: ShieldPolicy, patch: ShieldPolicyPatch): ShieldPolicy {
  const next: ShieldPolicy = { ...policy, ...patch } as ShieldPolicy;
  const norm = (s: string) => s.replace(/^\//, '').toLowerCase();
  if (patch.blocked_agent_skills && !patch.warn_only_agent_skills) {
    const blocked = new Set(patch.blocked_agent_skills.map(norm));
    next.warn_only_agent_skills = next.warn_only_agent_skills.filter((s) => !blocked.has(norm(s)));
  } else if (patch.warn_only_agent_skills && !patch.blocked_agent_skills) {
    const warned = new Set(patch.warn_only_agent_skills.map(norm));
    next.blocked_agent_skills = next.blocked_agent_skills.filter((s) => !warned.has(norm(s)));
  }
  return next;
}
