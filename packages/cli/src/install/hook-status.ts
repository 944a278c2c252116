// For `service doctor`: which surfaces carry our hooks, and whether each file still holds
// exactly what install-hooks would write now (same server, key, identity and commands).
// A difference means the hooks were edited, point at another server or key, or were
// written by another version; re-running install-hooks fixes it.
import { SURFACES, type Surface } from '../hook/surfaces.js';
import { planInstall } from './file-changes.js';
import { HOOK_MARKER } from './hook-commands.js';
import { readTextOrNull, surfaceFiles } from './surface-files.js';
import type { InstallOptions, Scope, TargetContext } from './types.js';

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
      const ours = files.filter((f) => f.kind !== 'lines' && (readTextOrNull(f.path) ?? '').includes(HOOK_MARKER));
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
