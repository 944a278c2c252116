// Where each agent declares MCP servers, as one table (spec: "MCP server inventory entry";
// research: agent-hook-formats.md "Skills, MCP and plugins" for Claude Code; the other agents'
// files from their published docs, see the per-row notes).
//
// `global` is user- or machine-level configuration, `project` is configuration that belongs to a
// project directory (cwd or a bounded ancestor). Earlier rows win when one agent declares the same
// server name twice at the same level.
import { join } from 'node:path';
import { readCodexConfig } from './codex-config.js';
import { isRecord } from './config-files.js';
import type { InventorySource, McpPlatform } from './inventory-types.js';
import { definitionFromJson, normalizeMcpServer, type McpServerDefinition, type McpServerFinding } from './mcp-entries.js';
import { claudeManagedDir, geminiSystemSettingsPath, vscodeUserMcpPath, type ScanContext, type ScanLocations } from './scan-locations.js';

/** Most servers one scan reports. */
export const MAX_MCP_SERVERS = 1000;
const MAX_SERVER_NAME = 256;

export interface McpSource {
  platform: McpPlatform;
  source: InventorySource;
  path: string;
  format: 'json' | 'codex-toml';
  /** For JSON files: the object whose keys are server names. */
  select?: (doc: Record<string, unknown>) => unknown;
}

const mcpServersKey = (doc: Record<string, unknown>) => doc.mcpServers;
// VS Code's own format keeps servers under `servers`.
const vscodeServersKey = (doc: Record<string, unknown>) => doc.servers;

function json(platform: McpPlatform, source: InventorySource, path: string, select = mcpServersKey): McpSource {
  return { platform, source, path, format: 'json', select };
}

export function mcpSources(loc: ScanLocations): McpSource[] {
  const h = (...parts: string[]) => join(loc.home, ...parts);
  const claudeJson = h('.claude.json');
  const sources: McpSource[] = [
    // Claude Code user scope (~/.claude.json), settings.json, and managed-mcp.json.
    json('claude_code', 'global', claudeJson),
    json('claude_code', 'global', h('.claude', 'settings.json')),
    json('claude_code', 'global', join(claudeManagedDir(loc), 'managed-mcp.json')),
    // Cursor: ~/.cursor/mcp.json.
    json('cursor', 'global', h('.cursor', 'mcp.json')),
    // Gemini CLI: user and system settings.json.
    json('gemini', 'global', h('.gemini', 'settings.json')),
    json('gemini', 'global', geminiSystemSettingsPath(loc)),
    // Codex: [mcp_servers.<name>] in ~/.codex/config.toml.
    { platform: 'codex', source: 'global', path: h('.codex', 'config.toml'), format: 'codex-toml' },
    // Windsurf: ~/.codeium/windsurf/mcp_config.json.
    json('windsurf', 'global', h('.codeium', 'windsurf', 'mcp_config.json')),
    // Copilot CLI (~/.copilot/mcp-config.json) and VS Code's user-profile mcp.json (Copilot agent mode).
    json('copilot', 'global', h('.copilot', 'mcp-config.json')),
    json('copilot', 'global', vscodeUserMcpPath(loc), vscodeServersKey),
    // Antigravity [UNCONFIRMED in the research; sources disagree, so both paths are read].
    json('antigravity', 'global', h('.gemini', 'antigravity', 'mcp_config.json')),
    json('antigravity', 'global', h('.gemini', 'config', 'mcp_config.json')),
  ];
  for (const dir of loc.projectDirs) {
    sources.push(
      // Claude Code local scope: ~/.claude.json → projects["<abs path>"].mcpServers.
      json('claude_code', 'project', claudeJson, (doc) => {
        const projects = doc.projects;
        return isRecord(projects) && isRecord(projects[dir]) ? projects[dir].mcpServers : undefined;
      }),
      json('claude_code', 'project', join(dir, '.mcp.json')),
      json('claude_code', 'project', join(dir, '.claude', 'settings.json')),
      json('claude_code', 'project', join(dir, '.claude', 'settings.local.json')),
      json('cursor', 'project', join(dir, '.cursor', 'mcp.json')),
      json('gemini', 'project', join(dir, '.gemini', 'settings.json')),
      { platform: 'codex', source: 'project', path: join(dir, '.codex', 'config.toml'), format: 'codex-toml' },
      json('copilot', 'project', join(dir, '.vscode', 'mcp.json'), vscodeServersKey),
      json('antigravity', 'project', join(dir, '.agents', 'mcp_config.json')),
    );
  }
  return sources;
}

async function definitionsOf(ctx: ScanContext, src: McpSource): Promise<McpServerDefinition[]> {
  if (src.format === 'codex-toml') return (await readCodexConfig(ctx.reader, src.path))?.mcpServers ?? [];
  const doc = await ctx.reader.readJsonObject(src.path);
  if (!doc || !src.select) return [];
  const servers = src.select(doc);
  if (servers === undefined) return [];
  if (!isRecord(servers)) {
    ctx.reader.warn(`${src.path}: MCP servers skipped (not an object)`);
    return [];
  }
  const defs: McpServerDefinition[] = [];
  for (const [name, cfg] of Object.entries(servers)) {
    const def = definitionFromJson(name, cfg);
    if (def) defs.push(def);
    else ctx.reader.warn(`${src.path}: MCP server "${name.slice(0, MAX_SERVER_NAME)}" skipped (not an object)`);
  }
  return defs;
}

/** Every MCP server the sources declare, deduplicated by (platform, source, name). */
export async function collectMcpServers(ctx: ScanContext, sources: McpSource[]): Promise<McpServerFinding[]> {
  const findings: McpServerFinding[] = [];
  const seen = new Set<string>();
  for (const src of sources) {
    for (const def of await definitionsOf(ctx, src)) {
      if (def.name === '' || def.name.length > MAX_SERVER_NAME) {
        ctx.reader.warn(`${src.path}: an MCP server with an empty or over-long name was skipped`);
        continue;
      }
      const key = `${src.platform}\0${src.source}\0${def.name}`;
      if (seen.has(key)) continue;
      const finding = normalizeMcpServer(def, src.platform, src.source);
      if (!finding) {
        ctx.reader.warn(`${src.path}: MCP server "${def.name}" skipped (neither a command nor a URL)`);
        continue;
      }
      if (findings.length >= MAX_MCP_SERVERS) {
        ctx.reader.warn(`more than ${MAX_MCP_SERVERS} MCP servers found; only the first ${MAX_MCP_SERVERS} are reported`);
        return findings;
      }
      seen.add(key);
      findings.push(finding);
    }
  }
  return findings;
}
