// What the scanner reads from Codex's config.toml: MCP server tables, the approval and sandbox
// settings (top level and per profile), and hook commands. Nothing else is decoded; env tables,
// headers and provider keys are scanned over and dropped by the TOML reader.
import { ConfigReader } from './config-files.js';
import type { McpServerDefinition } from './mcp-entries.js';
import { readToml, TomlSyntaxError, type TomlValue } from './toml-reader.js';

export interface CodexConfig {
  /** approval_policy / sandbox_mode: top level first, then one per [profiles.<name>]. */
  approvalPolicies: { scope: string; value: string }[];
  sandboxModes: { scope: string; value: string }[];
  mcpServers: McpServerDefinition[];
  /** Commands of [[hooks.<Event>.hooks]] handlers, with their event. */
  hookCommands: { event: string; command: string }[];
}

const MCP_FIELDS = new Set(['command', 'args', 'url', 'type', 'transport']);

function wanted(path: string[]): boolean {
  const [head] = path;
  const last = path[path.length - 1];
  if (path.length === 1) return head === 'approval_policy' || head === 'sandbox_mode';
  if (head === 'profiles') return path.length === 3 && (last === 'approval_policy' || last === 'sandbox_mode');
  if (head === 'mcp_servers') return path.length === 3 && MCP_FIELDS.has(last);
  if (head === 'hooks') return last === 'command';
  return false;
}

export function parseCodexConfig(text: string): CodexConfig {
  const doc = readToml(text, wanted);
  const config: CodexConfig = { approvalPolicies: [], sandboxModes: [], mcpServers: [], hookCommands: [] };
  const servers = new Map<string, McpServerDefinition>();
  const server = (name: string) => {
    let def = servers.get(name);
    if (!def) {
      def = { name };
      servers.set(name, def);
    }
    return def;
  };
  for (const table of doc.tables) {
    if (table[0] === 'mcp_servers' && table.length >= 2 && table[1] !== '[]') server(table[1]);
  }
  for (const { path, value } of doc.statements) {
    const last = path[path.length - 1];
    if (path[0] === 'mcp_servers' && path.length >= 3) {
      const def = server(path[1]);
      if (value !== undefined && path.length === 3) (def as unknown as Record<string, TomlValue>)[last] = value;
    } else if (typeof value === 'string') {
      if (path[0] === 'hooks') config.hookCommands.push({ event: path[1] ?? '', command: value });
      else if (last === 'approval_policy') config.approvalPolicies.push({ scope: path.length === 1 ? 'top level' : `profile ${path[1]}`, value });
      else if (last === 'sandbox_mode') config.sandboxModes.push({ scope: path.length === 1 ? 'top level' : `profile ${path[1]}`, value });
    }
  }
  config.mcpServers = [...servers.values()];
  return config;
}

/** Reads and parses a config.toml once per scan; malformed or unreadable files become a warning. */
export function readCodexConfig(reader: ConfigReader, path: string): Promise<CodexConfig | undefined> {
  return reader.memo(`codex:${path}`, async () => {
    const read = await reader.readText(path);
    if (read.status === 'missing') return undefined;
    if (read.status === 'error') {
      reader.warn(`${path}: skipped (${read.reason})`);
      return undefined;
    }
    try {
      return parseCodexConfig(read.text);
    } catch (err) {
      if (!(err instanceof TomlSyntaxError)) throw err;
      reader.warn(`${path}: skipped (${err.message})`);
      return undefined;
    }
  });
}
