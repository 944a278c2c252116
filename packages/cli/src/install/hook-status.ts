// For `service doctor`: which surfaces carry our hooks, and whether each file still holds
// exactly what install-hooks would write now (same server, key, identity and commands).
// A difference means the hooks were edited, point at another server or key, or were
// written by another version; re-running install-hooks fixes it.
import { HOOK_SURFACES as SURFACES, type HookSurface as Surface } from '@service/surfaces/forwarder';
import { planInstall } from './file-changes.js';
import { HOOK_MARKER } from './hook-commands.js';
import { readTextOrNull, surfaceFiles } from './surface-files.js';
import type { InstallOptions, Scope, TargetContext } from './types.js';
import type { MachineIdentity } from '../config/machine-identity.js';
import { localHookCommands } from './hook-commands.js';
import { targetContext } from './install-run.js';

export interface SurfaceHookStatus {
  surface: Surface;
  scope: Scope;
  files: string[];
  /** Files that would change if install-hooks ran now. */
  outdated: string[];
}

export function installedHookStatus(ctx: TargetContext, opts: Omit<InstallOptions, 'scope'>): SurfaceHookStatus[] {
  const out: SurfaceHookStatus[] = [];
  for (const scope of ['user', 'project'] as const) {
    if (scope === 'project' && ctx.projectDir === ctx.home) continue;
    for (const surface of SURFACES) {
      const files = surfaceFiles(surface, scope, ctx, { ...opts, scope });
      // A file both scopes write (Codex keeps every trust entry in the user's config.toml)
      // does not by itself mean the project scope is installed.
      const shared = scope === 'project' ? new Set(surfaceFiles(surface, 'user', ctx, { ...opts, scope: 'user' }).map((f) => f.path)) : new Set<string>();
      const ours = files.filter((f) => f.kind !== 'lines' && !shared.has(f.path) && (readTextOrNull(f.path) ?? '').includes(HOOK_MARKER));
      if (ours.length === 0) continue;
      let outdated: string[];
      try {
        outdated = planInstall(files).filter((c, i) => c.action !== 'unchanged' && files[i].kind !== 'lines').map((c) => c.path);
      } catch {
        outdated = ours.map((f) => f.path);
      }
      out.push({ surface, scope, files: ours.map((f) => f.path), outdated });
    }
  }
  return out;
}

/** What the check-in reports per surface (the server's `hooks` array, docs/api-fleet.md). */
export interface HookReport {
  surface: Surface;
  healthy: boolean;
  scope: 'user' | 'workspace';
  hook_type: 'http' | 'command';
}

/**
 * Hook health as the server should see it: for each surface with our hooks, whether the files
 * still hold exactly what install-hooks writes. An edited entry is tamper evidence: Codex, for
 * one, silently skips a hook whose trust hash no longer matches, so the workstation must say
 * so itself. Reading files only; never throws (a problem reading is "not healthy").
 */
export function localHookReports(opts: { serverUrl: string; key: string; identity: MachineIdentity; projectDir?: string; env?: NodeJS.ProcessEnv }): HookReport[] {
  let statuses: SurfaceHookStatus[];
  try {
    const ctx = targetContext({ surfaces: 'all', scope: 'user', dryRun: true, projectDir: opts.projectDir, env: opts.env });
    statuses = installedHookStatus(ctx, { serverUrl: opts.serverUrl, key: opts.key, identity: opts.identity, commands: localHookCommands(opts.serverUrl, ctx.env) });
  } catch {
    return [];
  }
  const bySurface = new Map<Surface, HookReport>();
  for (const s of statuses) {
    const prior = bySurface.get(s.surface);
    const healthy = s.outdated.length === 0 && (prior?.healthy ?? true);
    const scope = prior?.scope === 'user' || s.scope === 'user' ? 'user' : 'workspace';
    bySurface.set(s.surface, { surface: s.surface, healthy, scope, hook_type: s.surface === 'claude-code' ? 'http' : 'command' });
  }
  return [...bySurface.values()];
}
