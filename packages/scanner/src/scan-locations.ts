// Where a scan looks: the home directory, the project directories (cwd and bounded ancestors) and
// the system-wide paths of managed settings. Everything here is derived from the scan's options,
// never from process.env or os.homedir(), so tests and MDM scripts can point a scan anywhere.
import { promises as fsp } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ConfigReader } from './config-files.js';

/** How many directories above cwd are searched for project skills and settings. */
export const DEFAULT_MAX_ANCESTORS = 4;

export interface ScanOptions {
  /** The user's home directory (~). */
  home: string;
  /** The agent's working directory. */
  cwd: string;
  /** Directories above cwd to search; default DEFAULT_MAX_ANCESTORS. 0 means cwd only. */
  maxAncestors?: number;
  /** Operating system (a process.platform value); picks the managed-settings paths. */
  platform?: string;
  /** Prefix of system-wide paths such as /etc/claude-code; default '/' ('C:\' on Windows). */
  systemRoot?: string;
}

export interface ScanLocations {
  home: string;
  cwd: string;
  platform: string;
  systemRoot: string;
  /** cwd first, then its ancestors, nearest first; never the home directory or anything above it. */
  projectDirs: string[];
}

/** A scan's locations plus the reader that caches its files and collects its warnings. */
export interface ScanContext extends ScanLocations {
  reader: ConfigReader;
}

async function realpathOrSelf(path: string): Promise<string> {
  try {
    return await fsp.realpath(path);
  } catch {
    return path;
  }
}

/**
 * The cwd and up to `maxAncestors` parents. The walk stops before the home directory (compared
 * both as written and after resolving symlinks): the home directory's .claude is the user-level
 * configuration, counted once as `global`, and directories above home are not the user's projects.
 * It also stops at the filesystem root.
 */
export async function projectDirectories(cwd: string, home: string, maxAncestors: number): Promise<string[]> {
  const homeResolved = resolve(home);
  const homeReal = await realpathOrSelf(homeResolved);
  const dirs: string[] = [];
  let dir = resolve(cwd);
  for (let level = 0; level <= Math.max(0, Math.floor(maxAncestors)); level++) {
    if (dir === homeResolved || (await realpathOrSelf(dir)) === homeReal) break;
    dirs.push(dir);
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return dirs;
}

export async function createScanContext(opts: ScanOptions): Promise<ScanContext> {
  const platform = opts.platform ?? process.platform;
  const home = resolve(opts.home);
  const cwd = resolve(opts.cwd);
  return {
    home,
    cwd,
    platform,
    systemRoot: opts.systemRoot ?? (platform === 'win32' ? 'C:\\' : '/'),
    projectDirs: await projectDirectories(cwd, home, opts.maxAncestors ?? DEFAULT_MAX_ANCESTORS),
    reader: new ConfigReader(),
  };
}

/** Directory of Claude Code's managed settings (research: CC-MANAGED). */
export function claudeManagedDir(loc: Pick<ScanLocations, 'platform' | 'systemRoot'>): string {
  switch (loc.platform) {
    case 'darwin':
      return join(loc.systemRoot, 'Library', 'Application Support', 'ClaudeCode');
    case 'win32':
      return join(loc.systemRoot, 'Program Files', 'ClaudeCode');
    default:
      return join(loc.systemRoot, 'etc', 'claude-code');
  }
}

export function claudeManagedSettingsPath(loc: Pick<ScanLocations, 'platform' | 'systemRoot'>): string {
  return join(claudeManagedDir(loc), 'managed-settings.json');
}

/** Gemini CLI's system settings file, which overrides user and project settings. */
export function geminiSystemSettingsPath(loc: Pick<ScanLocations, 'platform' | 'systemRoot'>): string {
  switch (loc.platform) {
    case 'darwin':
      return join(loc.systemRoot, 'Library', 'Application Support', 'GeminiCli', 'settings.json');
    case 'win32':
      return join(loc.systemRoot, 'ProgramData', 'gemini-cli', 'settings.json');
    default:
      return join(loc.systemRoot, 'etc', 'gemini-cli', 'settings.json');
  }
}

/** VS Code's user-profile mcp.json. */
export function vscodeUserMcpPath(loc: Pick<ScanLocations, 'platform' | 'home'>): string {
  switch (loc.platform) {
    case 'darwin':
      return join(loc.home, 'Library', 'Application Support', 'Code', 'User', 'mcp.json');
    case 'win32':
      return join(loc.home, 'AppData', 'Roaming', 'Code', 'User', 'mcp.json');
    default:
      return join(loc.home, '.config', 'Code', 'User', 'mcp.json');
  }
}

/**
 * Claude Code's settings files, lowest precedence first: user, then each project directory from
 * the farthest to the nearest (settings.json, then settings.local.json), then managed settings.
 */
export function claudeSettingsFiles(loc: ScanLocations): { path: string; source: 'global' | 'project' | 'managed' }[] {
  const files: { path: string; source: 'global' | 'project' | 'managed' }[] = [
    { path: join(loc.home, '.claude', 'settings.json'), source: 'global' },
  ];
  for (const dir of [...loc.projectDirs].reverse()) {
    files.push({ path: join(dir, '.claude', 'settings.json'), source: 'project' });
    files.push({ path: join(dir, '.claude', 'settings.local.json'), source: 'project' });
  }
  files.push({ path: claudeManagedSettingsPath(loc), source: 'managed' });
  return files;
}
