// Per-surface hook coverage as reported by the scanner, the native broker, cowork or an MDM:
// which surfaces have our hooks, whether every expected hook is present and enabled, and
// where they are configured. Stored on workstation_surfaces (hooks_healthy, scope) and read
// by the protection, coverage-badge and filter derivations.
//
// A report is setup evidence, not activity: a surface first known from a report gets
// last_event_at = 0 ("no hook event yet") unless it is an MDM report, whose record carries the
// report time (docs/fleet-states.md: for hookType `mdm` the time is the report's). A report
// never turns a live record (one that hook events reached) back into an MDM record.
import { z } from 'zod';
import { SURFACES } from '../policy/types.js';
import type { FleetRepo, SurfaceRow } from '../store/fleet-repo.js';

export const hookReport = z.object({
  surface: z.enum(SURFACES, { errorMap: () => ({ message: `surface must be one of ${SURFACES.join(', ')}` }) }),
  /** true: every expected hook present and enabled; false: one missing or disabled; null/absent: not checked. */
  healthy: z.boolean().nullish(),
  scope: z.enum(['managed', 'user', 'workspace']).nullish(),
  hook_type: z.enum(['http', 'command', 'mdm', 'extension']).nullish(),
});
export type HookReport = z.infer<typeof hookReport>;
export const hookReports = z.array(hookReport, { invalid_type_error: 'hooks must be an array' }).max(20, 'at most 20 hook reports');

export async function applyHookReports(tx: FleetRepo, orgId: string, workstationId: string, reports: HookReport[], now: number, viaMdm = false): Promise<void> {
  if (reports.length === 0) return;
  const existing = new Map<string, { hook_type: string }>();
  for (const r of await tx.surfaceHookTypes(orgId, workstationId)) existing.set(r.surface, r);
  for (const r of reports) {
    const hookType = viaMdm ? 'mdm' : (r.hook_type ?? 'command');
    const health: Partial<SurfaceRow> = {};
    if (r.healthy !== undefined) health.hooks_healthy = r.healthy === null ? null : r.healthy ? 1 : 0;
    if (r.scope !== undefined) health.scope = r.scope;
    else if (viaMdm) health.scope = 'managed';
    const old = existing.get(r.surface);
    if (!old) {
      await tx.insertSurface({
        workstation_id: workstationId,
        org_id: orgId,
        surface: r.surface,
        hook_type: hookType,
        first_seen_at: now,
        last_event_at: viaMdm ? now : 0,
        hooks_healthy: null,
        scope: null,
        ...health,
      });
      existing.set(r.surface, { hook_type: hookType });
      continue;
    }
    const update: Partial<SurfaceRow> = { ...health };
    if (viaMdm && old.hook_type === 'mdm') update.last_event_at = now;
    if (!viaMdm && r.hook_type && old.hook_type !== 'mdm') update.hook_type = r.hook_type;
    if (Object.keys(update).length > 0) await tx.updateSurface(orgId, workstationId, r.surface, update);
  }
}
