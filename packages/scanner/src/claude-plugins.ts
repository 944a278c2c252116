// Claude Code plugins: which are installed, which are enabled, and where their files are.
//
// Reading of the research (agent-hook-formats.md, "Skills, MCP and plugins"):
//   - installed plugins are listed in ~/.claude/plugins/installed_plugins.json. Its format is not
//     in the official docs; the shape seen in third-party code is
//       {"version":2,"plugins":{"<name>@<marketplace>":[{"scope":"user","installPath":"…","version":"…",…}]}}
//     and an older one keeps a single object instead of the array. Both are read. A project- or
//     local-scope install may name its `projectPath`; it applies only when that is cwd or an ancestor.
//   - the files live in the cache, ~/.claude/plugins/cache/<marketplace>/<plugin>/<version>/. When
//     an entry has no absolute installPath, that cache path is used. When installed_plugins.json
//     is missing or unusable, the cache itself is the list: each <marketplace>/<plugin> counts as
//     installed at its most recently modified version directory, scope user.
//   - enablement is "enabledPlugins": {"<name>@<marketplace>": true|false} in settings.json. Files
//     are merged like Claude Code's settings (user < project < project local < managed; nearer
//     project directories override farther ones). Only an explicit `true` counts as enabled: an
//     install writes `true`, and a plugin we cannot show to be enabled does not load its skills.
//   - a plugin's skills are <root>/skills plus the paths its manifest (.claude-plugin/plugin.json)
//     lists under "skills"; manifest paths that leave the plugin directory are ignored.
import { promises as fsp } from 'node:fs';
import { isAbsolute, join, resolve, sep } from 'node:path';
import { isRecord } from './config-files.js';
import { listEntries } from './directory-listing.js';
import type { InventorySource, PluginInventoryEntry } from './inventory-types.js';
import { claudeSettingsFiles, type ScanContext } from './scan-locations.js';

/** Most plugins one scan reports. */
export const MAX_PLUGINS = 500;

export interface ClaudePlugin {
  fullName: string;
  /** The part of fullName before the last '@'. */
  name: string;
  marketplace: string;
  version: string;
  source: InventorySource;
  enabled: boolean;
  /** The plugin's directory, when known. */
  root?: string;
}

export function pluginsDir(home: string): string {
  return join(home, '.claude', 'plugins');
}

function splitFullName(fullName: string): { name: string; marketplace: string } {
  const at = fullName.lastIndexOf('@');
  return at > 0 ? { name: fullName.slice(0, at), marketplace: fullName.slice(at + 1) } : { name: fullName, marketplace: '' };
}

/** Merged enabledPlugins of every Claude Code settings file that applies to this scan. */
export async function enabledPlugins(ctx: ScanContext): Promise<Map<string, boolean>> {
  const merged = new Map<string, boolean>();
  for (const file of claudeSettingsFiles(ctx)) {
    const doc = await ctx.reader.readJsonObject(file.path);
    const map = doc?.enabledPlugins;
    if (!isRecord(map)) continue;
    for (const [fullName, on] of Object.entries(map)) if (typeof on === 'boolean') merged.set(fullName, on);
  }
  return merged;
}

function cachePath(home: string, name: string, marketplace: string, version: string): string | undefined {
  // Names come from a user-writable file: refuse anything that would walk out of the cache.
  const parts = [marketplace, name, version];
  if (parts.some((p) => p === '' || p === '.' || p === '..' || /[\\/]/.test(p))) return undefined;
  return join(pluginsDir(home), 'cache', ...parts);
}

function fromInstalledFile(ctx: ScanContext, plugins: Record<string, unknown>): Omit<ClaudePlugin, 'enabled'>[] {
  const found: (Omit<ClaudePlugin, 'enabled'> & { appliesHere: boolean })[] = [];
  for (const [fullName, value] of Object.entries(plugins)) {
    const { name, marketplace } = splitFullName(fullName);
    for (const rec of Array.isArray(value) ? value : [value]) {
      if (!isRecord(rec)) continue;
      const scope = typeof rec.scope === 'string' ? rec.scope : 'user';
      const source: InventorySource = scope === 'project' || scope === 'local' ? 'project' : 'global';
      const version = typeof rec.version === 'string' && rec.version !== '' ? rec.version : 'unknown';
      const root =
        typeof rec.installPath === 'string' && isAbsolute(rec.installPath) ? rec.installPath : cachePath(ctx.home, name, marketplace, version);
      const appliesHere =
        source === 'global' || typeof rec.projectPath !== 'string' || ctx.projectDirs.includes(resolve(rec.projectPath));
      found.push({ fullName, name, marketplace, version, source, root, appliesHere });
    }
  }
  return found.map(({ appliesHere, ...p }) => (appliesHere ? p : { ...p, root: undefined }));
}

async function fromCache(ctx: ScanContext): Promise<Omit<ClaudePlugin, 'enabled'>[]> {
  const found: Omit<ClaudePlugin, 'enabled'>[] = [];
  const cache = join(pluginsDir(ctx.home), 'cache');
  for (const mkt of await listEntries(cache, ctx.reader)) {
    for (const plugin of await listEntries(join(cache, mkt.name), ctx.reader)) {
      let newest: { version: string; mtime: number } | undefined;
      for (const version of await listEntries(join(cache, mkt.name, plugin.name), ctx.reader)) {
        try {
          const info = await fsp.stat(join(cache, mkt.name, plugin.name, version.name));
          if (info.isDirectory() && (!newest || info.mtimeMs > newest.mtime)) newest = { version: version.name, mtime: info.mtimeMs };
        } catch {
          // A vanished or looping entry is not a version.
        }
      }
      if (!newest) continue;
      const root = join(cache, mkt.name, plugin.name, newest.version);
      found.push({ fullName: `${plugin.name}@${mkt.name}`, name: plugin.name, marketplace: mkt.name, version: newest.version, source: 'global', root });
    }
  }
  return found;
}

/** Installed Claude Code plugins with their enablement; one per (full name, source). */
export async function readClaudePlugins(ctx: ScanContext): Promise<ClaudePlugin[]> {
  const enabled = await enabledPlugins(ctx);
  const file = await ctx.reader.readJson(join(pluginsDir(ctx.home), 'installed_plugins.json'));
  let installed: Omit<ClaudePlugin, 'enabled'>[];
  if (file.status === 'ok' && isRecord(file.value.plugins)) installed = fromInstalledFile(ctx, file.value.plugins);
  else {
    if (file.status === 'ok') ctx.reader.warn(`${join(pluginsDir(ctx.home), 'installed_plugins.json')}: no "plugins" object; the plugin cache was listed instead`);
    installed = await fromCache(ctx);
  }
  const seen = new Set<string>();
  const plugins: ClaudePlugin[] = [];
  for (const p of installed) {
    const key = `${p.fullName}\0${p.source}`;
    if (seen.has(key)) continue;
    if (plugins.length >= MAX_PLUGINS) {
      ctx.reader.warn(`more than ${MAX_PLUGINS} plugins found; only the first ${MAX_PLUGINS} are reported`);
      break;
    }
    seen.add(key);
    // A project install for another project has no root here and cannot be enabled in this scan.
    plugins.push({ ...p, enabled: enabled.get(p.fullName) === true && p.root !== undefined });
  }
  return plugins;
}

export function pluginInventoryEntry(p: ClaudePlugin): PluginInventoryEntry {
  return { full_name: p.fullName, version: p.version, platform: 'claude_code', source: p.source, enabled: p.enabled };
}

export function pluginManifestPath(root: string): string {
  return join(root, '.claude-plugin', 'plugin.json');
}

/** A path from the plugin's manifest, resolved inside its root; undefined if it would leave it. */
export function pathInsidePlugin(root: string, relative: unknown): string | undefined {
  if (typeof relative !== 'string' || relative === '') return undefined;
  const full = resolve(root, relative);
  const base = resolve(root);
  return full === base || full.startsWith(base.endsWith(sep) ? base : base + sep) ? full : undefined;
}

/** Skills directories of an enabled plugin: <root>/skills plus the manifest's "skills" paths. */
export async function pluginSkillDirs(ctx: ScanContext, plugin: ClaudePlugin): Promise<string[]> {
  if (!plugin.root) return [];
  const dirs = [join(plugin.root, 'skills')];
  const manifest = await ctx.reader.readJsonObject(pluginManifestPath(plugin.root));
  const listed = manifest?.skills;
  for (const rel of Array.isArray(listed) ? listed : [listed]) {
    const dir = pathInsidePlugin(plugin.root, rel);
    if (dir && !dirs.includes(dir)) dirs.push(dir);
  }
  return dirs;
}
