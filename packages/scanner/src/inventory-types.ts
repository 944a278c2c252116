// The inventory a scan reports (spec: "Skill inventory entry", "MCP server inventory entry",
// "Plugin inventory entry", and the inventory arrays of POST /api/v1/claude-code/checkin).

export type InventorySource = 'global' | 'project';

export interface SkillInventoryEntry {
  /** File name without .md, or the directory name; plugin skills are `<plugin>:<name>`. */
  name: string;
  source: InventorySource;
  /** First 500 bytes of the skill file (UTF-8, never a split character). */
  preview: string;
  /** SHA-256 (hex) of the whole file. */
  hash: string;
  /** Where the skill file was found (as reached, symlinks not resolved). Local use; not in the spec's upload. */
  path?: string;
}

export type McpTransport = 'stdio' | 'http' | 'sse';

/** Agent whose configuration declares the server; values follow the spec's `claude_code` example. */
export type McpPlatform = 'claude_code' | 'cursor' | 'gemini' | 'codex' | 'windsurf' | 'copilot' | 'antigravity';

export const MCP_PLATFORMS: readonly McpPlatform[] = ['claude_code', 'cursor', 'gemini', 'codex', 'windsurf', 'copilot', 'antigravity'];

export interface McpServerInventoryEntry {
  name: string;
  type: McpTransport;
  /** Basename of the binary of a stdio server. Arguments, environment, URLs and headers are never read into the report. */
  command?: string;
  source: InventorySource;
  platform: McpPlatform;
}

export interface PluginInventoryEntry {
  /** `<plugin>@<marketplace>`, the key Claude Code uses in installed_plugins.json and enabledPlugins. */
  full_name: string;
  version: string;
  platform: 'claude_code';
  /** `global` for user-scope installs, `project` for project- or local-scope installs. */
  source: InventorySource;
  enabled: boolean;
}

export interface Inventory {
  installed_skills: SkillInventoryEntry[];
  installed_mcp_servers: McpServerInventoryEntry[];
  installed_plugins: PluginInventoryEntry[];
  /** Files and entries that were skipped (malformed, unreadable, over a bound), one sentence each. Never file content. */
  warnings: string[];
}
