// Request schemas of the inventory arrays a check-in carries (spec: POST /api/v1/claude-code/checkin,
// "Skill inventory entry", "MCP server inventory entry", "Plugin inventory entry"), and the
// per-check-in caps. A request over a cap, or with one malformed item, is refused whole with a
// 400 that names the field: nothing is written, so nothing already stored is lost.
import { z } from 'zod';

/** Same caps as the scanner's (packages/scanner: MAX_SKILLS, MAX_MCP_SERVERS, MAX_PLUGINS). */
export const MAX_SKILLS_PER_CHECKIN = 1000;
export const MAX_MCP_SERVERS_PER_CHECKIN = 1000;
export const MAX_PLUGINS_PER_CHECKIN = 500;

/** A trimmed string cut to the column size; longer input is accepted and cut, not refused. */
export const text = (max: number) => z.string().transform((s) => s.trim().slice(0, max));
const nonEmpty = (max: number, what: string) => z.string().trim().min(1, `${what} must not be empty`).transform((s) => s.slice(0, max));

export const inventorySource = z.enum(['global', 'project'], { errorMap: () => ({ message: 'source must be "global" or "project"' }) });

export const skillItem = z.object({
  name: nonEmpty(200, 'name'),
  source: inventorySource,
  // Any length is accepted here; the server keeps the first 500 bytes (spec: Limits).
  preview: z.string().default(''),
  hash: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{64}$/, 'hash must be the SHA-256 of the skill file as 64 hex characters')
    .transform((h) => h.toLowerCase())
    .optional(),
});
export type SkillItem = z.infer<typeof skillItem>;

/** "streamable-http", "HTTP", "sse" …: the spec's three transports, as reported by the agents' settings. */
const mcpType = z
  .string()
  .trim()
  .transform((t) => {
    const v = t.toLowerCase();
    if (v.includes('sse')) return 'sse';
    if (v.includes('http')) return 'http';
    return v;
  })
  .pipe(z.enum(['stdio', 'http', 'sse'], { errorMap: () => ({ message: 'type must be stdio, http or sse' }) }));

export const mcpServerItem = z.object({
  name: nonEmpty(200, 'name'),
  type: mcpType,
  // Basename of the binary only (spec): a path or arguments sent by mistake are dropped here.
  command: z
    .string()
    .nullish()
    .transform((c) => {
      const first = (c ?? '').trim().split(/\s+/)[0] ?? '';
      const base = first.split(/[\\/]/).pop() ?? '';
      return base === '' ? null : base.slice(0, 200);
    }),
  source: inventorySource,
  platform: nonEmpty(32, 'platform').default('claude_code'),
});
export type McpServerItem = z.infer<typeof mcpServerItem>;

export const pluginItem = z.object({
  full_name: nonEmpty(200, 'full_name'),
  version: text(64).nullish(),
  platform: nonEmpty(32, 'platform').default('claude_code'),
  source: text(64).nullish(),
});
export type PluginItem = z.infer<typeof pluginItem>;

const capped = <T extends z.ZodTypeAny>(item: T, max: number, what: string) =>
  z.array(item, { invalid_type_error: `${what} must be an array` }).max(max, `at most ${max} ${what} per check-in; split the report or remove entries`);

export const inventoryArrays = {
  installed_skills: capped(skillItem, MAX_SKILLS_PER_CHECKIN, 'installed_skills').optional(),
  installed_mcp_servers: capped(mcpServerItem, MAX_MCP_SERVERS_PER_CHECKIN, 'installed_mcp_servers').optional(),
  installed_plugins: capped(pluginItem, MAX_PLUGINS_PER_CHECKIN, 'installed_plugins').optional(),
};
