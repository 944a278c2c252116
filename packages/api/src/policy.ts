// The org's runtime policy as the admin API and the workstations read it.
import { z } from 'zod';

export const securityLevel = z.enum(['strict', 'balanced', 'permissive']);

/** The baseline fields every workstation's runtime reads (GET /api/v1/shield/policy). */
export const baselinePolicy = z.object({
  security_level: securityLevel,
  custom_blacklist: z.array(z.string()),
  trusted_sources: z.array(z.string()),
  entropy_threshold: z.number(),
  max_input_length: z.number().int(),
  auto_block: z.boolean(),
});
export type BaselinePolicy = z.infer<typeof baselinePolicy>;

export const shieldPolicy = baselinePolicy.extend({
  blocked_agent_skills: z.array(z.string()),
  warn_only_agent_skills: z.array(z.string()),
  tools: z.record(z.unknown()).optional().describe('Tools section of an adopted policy pack'),
  mcp: z.record(z.unknown()).optional().describe('MCP section of an adopted policy pack'),
  network: z.record(z.unknown()).optional().describe('Network section of an adopted policy pack'),
});
export type ShieldPolicy = z.infer<typeof shieldPolicy>;

export const policyView = z.object({
  policy_version: z.number().int(),
  pack_slug: z.string().nullable(),
  policy: shieldPolicy,
});
export type PolicyView = z.infer<typeof policyView>;

export const skillStatusRequest = z.object({ name: z.string(), status: z.enum(['allow', 'warn', 'block']) });
export type SkillStatusRequest = z.infer<typeof skillStatusRequest>;

export const policyPackTemplates = z.object({
  templates: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      description: z.string(),
      shield_section: z.record(z.unknown()),
      tools_section: z.record(z.unknown()),
      mcp_section: z.record(z.unknown()),
      network_section: z.record(z.unknown()),
    }),
  ),
});
export type PolicyPackTemplates = z.infer<typeof policyPackTemplates>;
