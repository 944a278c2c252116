// The fleet inventory: skills, MCP servers and plugins aggregated across hosts.
import { z } from 'zod';
import { optionalTimestamp, pageInfo } from './common.js';

const seen = { first_seen_at: optionalTimestamp, last_seen_at: optionalTimestamp };
export const skillStatus = z.enum(['Active', 'Warn', 'Blocked']);

export const skillSummary = z.object({
  name: z.string(),
  risk_score: z.number(),
  risk_level: z.string(),
  risk_flags: z.array(z.string()),
  host_count: z.number().int(),
  variants: z.number().int(),
  sources: z.array(z.string()),
  status: skillStatus,
  ...seen,
});
export type SkillSummary = z.infer<typeof skillSummary>;

export const skillPage = z.object({ skills: z.array(skillSummary), ...pageInfo });
export type SkillPage = z.infer<typeof skillPage>;

export const skillDetail = z.object({
  name: z.string(),
  status: skillStatus,
  risk_score: z.number(),
  risk_level: z.string(),
  host_count: z.number().int(),
  variants: z.array(
    z.object({ hash: z.string(), preview: z.string().nullable(), risk_score: z.number(), risk_level: z.string(), risk_flags: z.array(z.string()), hosts: z.number().int(), ...seen }),
  ),
  hosts: z.array(
    z.object({ workstation_id: z.string(), hostname: z.string(), source: z.string(), hash: z.string(), previous_hash: z.string().nullable(), hash_changed_at: optionalTimestamp, ...seen }),
  ),
  hosts_truncated: z.boolean(),
});
export type SkillDetail = z.infer<typeof skillDetail>;

export const mcpServerSummary = z.object({
  name: z.string(),
  type: z.string(),
  command: z.string().nullable(),
  source: z.string(),
  platform: z.string(),
  hosts: z.number().int(),
  ...seen,
});
export type McpServerSummary = z.infer<typeof mcpServerSummary>;

export const mcpServerPage = z.object({ mcp_servers: z.array(mcpServerSummary), ...pageInfo });
export type McpServerPage = z.infer<typeof mcpServerPage>;

export const pluginSummary = z.object({
  full_name: z.string(),
  platform: z.string(),
  hosts: z.number().int(),
  versions: z.array(z.object({ version: z.string(), hosts: z.number().int() })),
  sources: z.array(z.string()),
  ...seen,
});
export type PluginSummary = z.infer<typeof pluginSummary>;

export const pluginPage = z.object({ plugins: z.array(pluginSummary), ...pageInfo });
export type PluginPage = z.infer<typeof pluginPage>;
