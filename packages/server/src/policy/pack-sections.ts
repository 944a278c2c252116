// Shapes of the pack sections stored in ShieldPolicy.tools / .mcp / .network (spec: "GET
// /api/v1/policy-packs/templates" leaves them open; these are ours) and their validation.
import { z } from 'zod';

const selector = z.string().trim().min(1).max(200);
const domain = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(253)
  .regex(/^(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*$|^\d{1,3}(?:\.\d{1,3}){3}$/, 'must be a domain name such as example.com or *.example.com, or an IPv4 address');
const action = z.enum(['allow', 'warn', 'deny']);

export const toolsSectionSchema = z
  .object({
    /** Tools denied outright, by canonical tool (`shell`, `web_fetch`) or surface name (`WebSearch`, `mcp__*`). */
    deny: z.array(selector).max(200).optional(),
    warn: z.array(selector).max(200).optional(),
    /** Commands denied by their leading words after parsing (`npm publish`, `scp`). */
    deny_commands: z.array(selector).max(200).optional(),
    warn_commands: z.array(selector).max(200).optional(),
    /** Extra protected branches (globs like `release/*`) for the git rules. */
    protected_branches: z.array(selector).max(200).optional(),
  })
  .strict();

export const mcpSectionSchema = z
  .object({
    /** What happens to MCP servers not in allowed_servers (only consulted when that list is present). */
    default_action: action.optional(),
    allowed_servers: z.array(selector).max(500).optional(),
    blocked_servers: z.array(selector).max(500).optional(),
    /** `server/tool` globs (`*\/execute_command`, `github/delete_*`) or bare tool names. */
    blocked_tools: z.array(selector).max(500).optional(),
    warn_tools: z.array(selector).max(500).optional(),
  })
  .strict();

export const networkSectionSchema = z
  .object({
    /** What happens to hosts outside allowed_domains (only consulted when that list is present). */
    default_action: action.optional(),
    allowed_domains: z.array(domain).max(1000).optional(),
    blocked_domains: z.array(domain).max(1000).optional(),
    /** Added to the policy's trusted_sources. */
    trusted_sources: z.array(z.string().trim().min(1).max(500)).max(500).optional(),
    /** Deny network access to bare IP addresses (outside private ranges). */
    block_ip_literals: z.boolean().optional(),
  })
  .strict();

export type ToolsSection = z.infer<typeof toolsSectionSchema>;
export type McpSection = z.infer<typeof mcpSectionSchema>;
export type NetworkSection = z.infer<typeof networkSectionSchema>;
export type PackAction = z.infer<typeof action>;
