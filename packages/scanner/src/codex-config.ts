// What the scanner reads from Codex's config.toml: MCP server tables, the approval and sandbox
// settings (top level and per profile), and hook commands. The file is parsed with smol-toml;
// only those fields are taken from it, so env tables, headers and provider keys never leave
// this function.
import { parse, TomlError } from 'smol-toml';
import { ConfigReader } from './config-files.js';
import type { McpServerDefinition } from './mcp-entries.js';

export interface CodexConfig {
  /** approval_policy / sandbox_mode: top level first, then one per [profiles.<name>]. */
  approvalPolicies: { scope: string; value: string }[];
  sandboxModes: { scope: string; value: string }[];
  mcpServers: McpServerDefinition[];
  /** Commands of [[hooks.<Event>.hooks]] handlers, with their event. */
  hookCommands: { event: string; command: string }[];
}

/** Arrays and inline tables nested deeper than this are refused rather than walked. */
const MAX_NESTING = 64;
const MCP_FIELDS = ['command', 'args', 'url', 'type', 'transport'] as const;

type Table = Record<string, unknown>;
const isTable = (v: unknown): v is Table => v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date);

/** Strings, booleans, and arrays made only of strings are kept; anything else reads as null. */
function scalar(v: unknown): string | boolean | string[] | null {
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v as string[];
  return null;
}

/** Every `command` string anywhere under a hooks.<Event> entry (arrays of tables included). */
function commandsUnder(v: unknown, out: string[] = []): string[] {
  if (Array.isArray(v)) for (const x of v) commandsUnder(x, out);
  else if (isTable(v)) {
    for (const [k, x] of Object.entries(v)) {
      if (k === 'command' && typeof x === 'string') out.push(x);
      else commandsUnder(x, out);
    }
  }
  return out;
}

/** Parses config.toml; throws smol-toml's TomlError (with its line) on text that is not TOML. */
export function parseCodexConfig(text: string): CodexConfig {
  const doc = parse(text, { maxDepth: MAX_NESTING, unsafeKeyBehaviour: 'drop' }) as Table;
  const config: CodexConfig = { approvalPolicies: [], sandboxModes: [], mcpServers: [], hookCommands: [] };
  const settings: [string, Table][] = [['top level', doc]];
  if (isTable(doc.profiles)) for (const [name, profile] of Object.entries(doc.profiles)) if (isTable(profile)) settings.push([`profile ${name}`, profile]);
  for (const [scope, table] of settings) {
    if (typeof table.approval_policy === 'string') config.approvalPolicies.push({ scope, value: table.approval_policy });
    if (typeof table.sandbox_mode === 'string') config.sandboxModes.push({ scope, value: table.sandbox_mode });
  }
  if (isTable(doc.mcp_servers)) {
    for (const [name, entry] of Object.entries(doc.mcp_servers)) {
      if (!isTable(entry)) continue;
      const def: Record<string, unknown> = { name };
      for (const field of MCP_FIELDS) if (field in entry) def[field] = scalar(entry[field]);
      config.mcpServers.push(def as unknown as McpServerDefinition);
    }
  }
  if (isTable(doc.hooks)) {
    for (const [event, entries] of Object.entries(doc.hooks)) for (const command of commandsUnder(entries)) config.hookCommands.push({ event, command });
  }
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
      if (!(err instanceof TomlError)) throw err;
      reader.warn(`${path}: skipped (not valid TOML near line ${err.line})`);
      return undefined;
    }
  });
}
