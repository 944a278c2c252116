// Everything posture checks look at, read once from disk. The checks themselves
// (posture-checks.ts) are pure functions of this evidence.
import { promises as fsp } from 'node:fs';
import { join } from 'node:path';
import { readCodexConfig, type CodexConfig } from './codex-config.js';
import { describeFsError, isMissingError } from './config-files.js';
import { listEntries } from './directory-listing.js';
import { hookHandlersFromJson, type HookHandler } from './hook-entries.js';
import type { InventoryScan } from './inventory.js';
import type { SkillInventoryEntry } from './inventory-types.js';
import type { McpServerFinding } from './mcp-entries.js';
import { claudeManagedSettingsPath, claudeSettingsFiles, geminiSystemSettingsPath, type ScanContext } from './scan-locations.js';

export type HookSurface = 'claude_code' | 'cursor' | 'codex' | 'gemini' | 'windsurf' | 'copilot';

export interface HookEvidence {
  surface: HookSurface;
  /** The agent's user-level configuration directory exists. */
  installed: boolean;
  handlers: HookHandler[];
  /** Settings files whose effective value turns every hook of the agent off. */
  disabledBy: string[];
}

export interface SettingsFile {
  path: string;
  source: 'global' | 'project' | 'managed';
  doc: Record<string, unknown>;
}

export type KeyFileEvidence =
  | { path: string; state: 'missing' }
  | { path: string; state: 'present'; isFile: boolean; mode: number }
  | { path: string; state: 'error'; reason: string };

export interface PostureEvidence {
  platform: string;
  serverUrl?: string;
  hooks: HookEvidence[];
  keyFile: KeyFileEvidence;
  claudeInstalled: boolean;
  /** Parsed Claude Code settings, lowest precedence first (user, project, local, managed). */
  claudeSettings: SettingsFile[];
  managedSettings: { path: string; state: 'missing' | 'ok' | 'invalid' };
  codex: { installed: boolean; configs: { path: string; config: CodexConfig }[] };
  gemini: { installed: boolean; settings: { path: string; doc: Record<string, unknown> }[] };
  skills: SkillInventoryEntry[];
  mcp: McpServerFinding[];
}

/** Default runtime key file (operator contract: ~/.service-plugin/api_key, mode 0600). */
export function defaultKeyFilePath(home: string): string {
  return join(home, '.service-plugin', 'api_key');
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await fsp.stat(path)).isDirectory();
  } catch {
    return false;
  }
}

async function jsonHooks(ctx: ScanContext, paths: string[]): Promise<HookHandler[]> {
  const handlers: HookHandler[] = [];
  for (const path of paths) handlers.push(...hookHandlersFromJson(await ctx.reader.readJsonObject(path)));
  return handlers;
}

/** Copilot keeps one hook file per feature: every *.json in its hooks directories. */
async function jsonFilesIn(ctx: ScanContext, dir: string): Promise<string[]> {
  const entries = await listEntries(dir, ctx.reader, 200);
  return entries.filter((e) => e.name.toLowerCase().endsWith('.json')).map((e) => join(dir, e.name));
}

/** The value of the last (highest-precedence) file that defines `pick`, with that file's path. */
export function effective<T>(files: { path: string; doc: Record<string, unknown> }[], pick: (doc: Record<string, unknown>) => T | undefined) {
  let found: { value: T; path: string } | undefined;
  for (const f of files) {
    const value = pick(f.doc);
    if (value !== undefined) found = { value, path: f.path };
  }
  return found;
}

/** doc[key][inner] when doc[key] is an object. */
export const nested = (doc: Record<string, unknown>, key: string, inner: string): unknown => {
  const v = doc[key];
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>)[inner] : undefined;
};

async function readKeyFile(path: string): Promise<KeyFileEvidence> {
  try {
    const info = await fsp.stat(path);
    return { path, state: 'present', isFile: info.isFile(), mode: info.mode & 0o777 };
  } catch (err) {
    return isMissingError(err) ? { path, state: 'missing' } : { path, state: 'error', reason: describeFsError(err) };
  }
}

export async function gatherPostureEvidence(
  scan: InventoryScan,
  opts: { serverUrl?: string; keyFilePath?: string },
): Promise<PostureEvidence> {
  const ctx = scan.context;
  const home = (...p: string[]) => join(ctx.home, ...p);
  const inProjects = (...p: string[]) => ctx.projectDirs.map((d) => join(d, ...p));

  const claudeSettings: SettingsFile[] = [];
  for (const file of claudeSettingsFiles(ctx)) {
    const doc = await ctx.reader.readJsonObject(file.path);
    if (doc) claudeSettings.push({ ...file, doc });
  }
  const managedPath = claudeManagedSettingsPath(ctx);
  const managedRead = await ctx.reader.readJson(managedPath);

  const codexConfigs: { path: string; config: CodexConfig }[] = [];
  for (const path of [home('.codex', 'config.toml'), ...inProjects('.codex', 'config.toml')]) {
    const config = await readCodexConfig(ctx.reader, path);
    if (config) codexConfigs.push({ path, config });
  }
  const geminiSettings: { path: string; doc: Record<string, unknown> }[] = [];
  // Gemini precedence: user < project < system settings.
  for (const path of [home('.gemini', 'settings.json'), ...inProjects('.gemini', 'settings.json'), geminiSystemSettingsPath(ctx)]) {
    const doc = await ctx.reader.readJsonObject(path);
    if (doc) geminiSettings.push({ path, doc });
  }

  const pluginHookFiles = scan.plugins.filter((p) => p.enabled && p.root).map((p) => join(p.root as string, 'hooks', 'hooks.json'));
  const claudeDisabled = effective(claudeSettings, (d) => (typeof d.disableAllHooks === 'boolean' ? d.disableAllHooks : undefined));
  const geminiDisabled = effective(geminiSettings, (d) => {
    const on = nested(d, 'hooksConfig', 'enabled');
    return typeof on === 'boolean' ? !on : undefined;
  });
  const copilotFiles = [...(await jsonFilesIn(ctx, home('.copilot', 'hooks')))];
  for (const dir of inProjects('.github', 'hooks')) copilotFiles.push(...(await jsonFilesIn(ctx, dir)));

  const hooks: HookEvidence[] = [
    {
      surface: 'claude_code',
      installed: await isDirectory(home('.claude')),
      handlers: [...claudeSettings.flatMap((f) => hookHandlersFromJson(f.doc)), ...(await jsonHooks(ctx, pluginHookFiles))],
      disabledBy: claudeDisabled?.value ? [claudeDisabled.path] : [],
    },
    {
      surface: 'cursor',
      installed: await isDirectory(home('.cursor')),
      handlers: await jsonHooks(ctx, [home('.cursor', 'hooks.json'), ...inProjects('.cursor', 'hooks.json')]),
      disabledBy: [],
    },
    {
      surface: 'codex',
      installed: await isDirectory(home('.codex')),
      handlers: [
        ...(await jsonHooks(ctx, [home('.codex', 'hooks.json'), ...inProjects('.codex', 'hooks.json')])),
        ...codexConfigs.flatMap((c) => c.config.hookCommands.map((h) => ({ event: h.event, type: 'command', command: h.command }))),
      ],
      disabledBy: [],
    },
    {
      surface: 'gemini',
      installed: await isDirectory(home('.gemini')),
      handlers: geminiSettings.flatMap((f) => hookHandlersFromJson(f.doc)),
      disabledBy: geminiDisabled?.value ? [geminiDisabled.path] : [],
    },
    {
      surface: 'windsurf',
      installed: await isDirectory(home('.codeium', 'windsurf')),
      handlers: await jsonHooks(ctx, [home('.codeium', 'windsurf', 'hooks.json'), ...inProjects('.windsurf', 'hooks.json')]),
      disabledBy: [],
    },
    {
      surface: 'copilot',
      installed: await isDirectory(home('.copilot')),
      handlers: await jsonHooks(ctx, copilotFiles),
      disabledBy: [],
    },
  ];

  return {
    platform: ctx.platform,
    serverUrl: opts.serverUrl,
    hooks,
    keyFile: await readKeyFile(opts.keyFilePath ?? defaultKeyFilePath(ctx.home)),
    claudeInstalled: hooks[0].installed || claudeSettings.length > 0,
    claudeSettings,
    managedSettings: { path: managedPath, state: managedRead.status === 'ok' ? 'ok' : managedRead.status === 'missing' ? 'missing' : 'invalid' },
    codex: { installed: hooks[2].installed || codexConfigs.length > 0, configs: codexConfigs },
    gemini: { installed: hooks[3].installed, settings: geminiSettings },
    skills: scan.inventory.installed_skills,
    mcp: scan.mcpFindings,
  };
}
