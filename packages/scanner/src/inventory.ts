// scanInventory: skills, MCP servers and plugins of one workstation, for the session-start
// check-in (spec: POST /api/v1/claude-code/checkin, inventory arrays).
import { join } from 'node:path';
import { pluginInventoryEntry, pluginManifestPath, pluginSkillDirs, readClaudePlugins, type ClaudePlugin } from './claude-plugins.js';
import { isRecord } from './config-files.js';
import type { Inventory } from './inventory-types.js';
import type { McpServerFinding } from './mcp-entries.js';
import { collectMcpServers, mcpSources, type McpSource } from './mcp-sources.js';
import { createScanContext, type ScanContext, type ScanOptions } from './scan-locations.js';
import { discoverSkills, type SkillsDirectory } from './skill-discovery.js';

/** A scan's public inventory plus what posture checks need and the report must not carry. */
export interface InventoryScan {
  inventory: Inventory;
  mcpFindings: McpServerFinding[];
  plugins: ClaudePlugin[];
  context: ScanContext;
}

/**
 * Skills directories in precedence order: the user's, then the project's (cwd first), then each
 * enabled plugin's. A file or directory reached twice keeps the first place it was found.
 */
async function skillsDirectories(ctx: ScanContext, plugins: ClaudePlugin[]): Promise<SkillsDirectory[]> {
  const dirs: SkillsDirectory[] = [{ dir: join(ctx.home, '.claude', 'skills'), source: 'global' }];
  for (const dir of ctx.projectDirs) dirs.push({ dir: join(dir, '.claude', 'skills'), source: 'project' });
  for (const plugin of plugins) {
    if (!plugin.enabled) continue;
    // Plugin skills are invoked as /<plugin>:<skill>, so that is their inventory name.
    for (const dir of await pluginSkillDirs(ctx, plugin)) dirs.push({ dir, source: 'global', namePrefix: `${plugin.name}:` });
  }
  return dirs;
}

/**
 * MCP servers shipped by enabled plugins: <root>/.mcp.json and the manifest's inline
 * "mcpServers". They are named plugin_<plugin>_<server>, as Claude Code names their tools
 * (mcp__plugin_<plugin>_<server>__<tool>), so inventory and observed activity line up.
 */
function pluginMcpSources(plugins: ClaudePlugin[]): McpSource[] {
  const sources: McpSource[] = [];
  for (const plugin of plugins) {
    if (!plugin.enabled || !plugin.root) continue;
    const prefix = `plugin_${plugin.name}_`;
    const rename = (servers: unknown) =>
      isRecord(servers) ? Object.fromEntries(Object.entries(servers).map(([name, cfg]) => [prefix + name, cfg])) : undefined;
    sources.push(
      { platform: 'claude_code', source: 'global', path: join(plugin.root, '.mcp.json'), format: 'json', select: (doc) => rename(doc.mcpServers) },
      { platform: 'claude_code', source: 'global', path: pluginManifestPath(plugin.root), format: 'json', select: (doc) => rename(doc.mcpServers) },
    );
  }
  return sources;
}

export async function runInventoryScan(opts: ScanOptions): Promise<InventoryScan> {
  const ctx = await createScanContext(opts);
  const plugins = await readClaudePlugins(ctx);
  const skills = await discoverSkills(await skillsDirectories(ctx, plugins), ctx.reader);
  const mcpFindings = await collectMcpServers(ctx, [...mcpSources(ctx), ...pluginMcpSources(plugins)]);
  return {
    inventory: {
      installed_skills: skills,
      installed_mcp_servers: mcpFindings.map((f) => f.entry),
      installed_plugins: plugins.map(pluginInventoryEntry),
      warnings: ctx.reader.warnings,
    },
    mcpFindings,
    plugins,
    context: ctx,
  };
}

/**
 * Inventories the skills, MCP servers and Claude Code plugins visible to an agent started in
 * `cwd` by the user whose home is `home`. Reads files only; never throws for a bad file (it is
 * skipped and named in `warnings`). Bounds: MAX_SKILLS, MAX_SKILL_FILE_BYTES, MAX_MCP_SERVERS,
 * MAX_PLUGINS, MAX_CONFIG_FILE_BYTES, MAX_DIRECTORY_ENTRIES, DEFAULT_MAX_ANCESTORS.
 */
export async function scanInventory(opts: ScanOptions): Promise<Inventory> {
  return (await runInventoryScan(opts)).inventory;
}
