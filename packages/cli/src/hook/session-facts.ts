// Facts about this workstation and session that the check-in and the posture upload carry
// besides the inventory: platform, OS version, Claude Code sandbox status and the git
// remote of the working directory. Each is cheap and bounded: they run inside the agent's
// SessionStart hook, which delays the session until it returns.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { release } from 'node:os';
import { join } from 'node:path';

export function platformName(platform: NodeJS.Platform = process.platform): string {
  return platform === 'win32' ? 'windows' : platform === 'darwin' ? 'macos' : platform;
}

function run(cmd: string, args: string[], cwd: string, timeoutMs: number): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(cmd, args, { cwd, timeout: timeoutMs, encoding: 'utf8', windowsHide: true }, (err, stdout) => resolve(err ? null : stdout.trim()));
  });
}

export async function osVersion(platform: NodeJS.Platform = process.platform): Promise<string> {
  if (platform === 'linux') {
    try {
      const text = await readFile('/etc/os-release', 'utf8');
      const pretty = /^PRETTY_NAME="?([^"\n]*)"?/m.exec(text)?.[1];
      if (pretty) return pretty;
    } catch {
      // Fall back to the kernel release.
    }
  }
  if (platform === 'darwin') {
    const v = await run('/usr/bin/sw_vers', ['-productVersion'], '/', 1000);
    if (v) return `macOS ${v}`;
  }
  return release();
}

/**
 * A git remote URL without anything secret: userinfo (tokens are often put there,
 * https://x-access-token:TOKEN@github.com/…), query and fragment are removed. scp-style
 * remotes (git@host:org/repo) carry no password and are kept as they are.
 */
export function stripUrlCredentials(remote: string): string {
  const trimmed = remote.trim();
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) {
    // scp-like syntax: user@host:path. The user part cannot hold a password, but drop a
    // "user:secret@" form all the same.
    return trimmed.replace(/^[^@/:]+:[^@/]*@/, '');
  }
  try {
    const url = new URL(trimmed);
    url.username = '';
    url.password = '';
    url.search = '';
    url.hash = '';
    return url.toString();
  } catch {
    return trimmed.replace(/\/\/[^@/]*@/, '//');
  }
}

export async function gitRemote(cwd: string, timeoutMs = 1000): Promise<string | undefined> {
  const out = await run('git', ['config', '--get', 'remote.origin.url'], cwd, timeoutMs);
  return out ? stripUrlCredentials(out) : undefined;
}

async function sandboxSetting(path: string): Promise<boolean | undefined> {
  try {
    const value = JSON.parse(await readFile(path, 'utf8')) as { sandbox?: { enabled?: unknown } };
    return typeof value.sandbox?.enabled === 'boolean' ? value.sandbox.enabled : undefined;
  } catch {
    return undefined;
  }
}

/** Claude Code's sandbox setting, most specific file first (local, project, user). */
export async function claudeSandboxStatus(home: string, cwd: string): Promise<'enabled' | 'disabled' | 'unknown'> {
  for (const path of [join(cwd, '.claude', 'settings.local.json'), join(cwd, '.claude', 'settings.json'), join(home, '.claude', 'settings.json')]) {
    const enabled = await sandboxSetting(path);
    if (enabled !== undefined) return enabled ? 'enabled' : 'disabled';
  }
  return 'unknown';
}
