// One workstation as the fleet list shows it (spec: Workstation, "Fleet list columns"): the
// derived values are computed live from the row's evidence for the hosts on the page, so a
// row never shows a classification older than its evidence.
import {
  STATS_WINDOW_MS,
  ONLINE_WINDOW_MS,
  aiIdeCoverageBadge,
  baselineStatus,
  connectedSurfaces,
  managementLabel,
  onlineStatus,
  ownerEvidence,
  protectionState,
  riskState,
  runtimeHealth,
  type WorkstationEvidence,
} from './derive/index.js';
import { BLOCKED_WINDOW_MS } from './classify.js';
import { buildEvidence, type SurfaceRow, type WorkstationRow } from './evidence-store.js';
import type { FleetListItem } from '@service/api';
import type { FleetReadRepo } from '../store/fleet-read-repo.js';

export type { FleetListItem };

/** "git@github.com:acme/api.git" and "https://github.com/acme/api" → "acme/api"; else the directory name. */
export function projectName(gitRemote: string | null, cwd: string | null): string | null {
  if (gitRemote) {
    const m = /[:/]([^/:]+\/[^/]+?)(?:\.git)?\/?$/.exec(gitRemote.trim());
    if (m) return m[1];
  }
  if (cwd) {
    const parts = cwd.split(/[\\/]/).filter(Boolean);
    return parts.length ? parts[parts.length - 1] : null;
  }
  return null;
}

export const iso = (ms: unknown): string | null => {
  const n = ms === null || ms === undefined ? 0 : Number(ms);
  return n > 0 ? new Date(n).toISOString() : null;
};

export interface SessionStats {
  active: number;
  last7d: number;
}

/** Active sessions (seen within 15 minutes, not ended) and sessions started in 7 days, per host. */
export function sessionStats(reads: FleetReadRepo, orgId: string, ids: string[], now: number): Promise<Map<string, SessionStats>> {
  return reads.sessionStats(orgId, ids, now - STATS_WINDOW_MS, now - ONLINE_WINDOW_MS);
}

export function rowEvidence(row: WorkstationRow, surfaces: SurfaceRow[], stats: SessionStats | undefined, sessionsTotal: number | undefined, now: number, overPlanLimit: boolean): WorkstationEvidence {
  const ev = buildEvidence(row, surfaces, { sessions7d: stats?.last7d ?? 0, sessionsTotal }, now, BLOCKED_WINDOW_MS);
  ev.overPlanLimit = overPlanLimit;
  return ev;
}

export function listItem(row: WorkstationRow, ev: WorkstationEvidence, stats: SessionStats | undefined, now: number): FleetListItem {
  const status = onlineStatus(ev, now);
  const risk = riskState(ev, now);
  const owner = ownerEvidence(ev);
  return {
    id: row.id,
    hostname: row.hostname,
    display_name: row.display_name ?? null,
    status,
    online: status === 'online' || (status === 'over_limit' && Number(row.last_seen_at) > now - ONLINE_WINDOW_MS),
    active_sessions: stats?.active ?? 0,
    platform: row.platform ?? null,
    management: managementLabel(ev),
    protection: protectionState(ev, now),
    runtime_health: runtimeHealth(ev, now),
    risk: { level: risk.level, reason: risk.reason },
    owner: { display: owner.display, source: owner.source, verified: owner.verified },
    activity: { current_project: projectName(row.current_git_remote ?? null, row.current_cwd ?? null), cwd: row.current_cwd ?? null, git_remote: row.current_git_remote ?? null, sessions_7d: stats?.last7d ?? 0 },
    // Stored by the classifier, which counts the host's sessions (the page does not).
    baseline: (row as { baseline_status?: string }).baseline_status ?? baselineStatus(ev, now),
    ides: connectedSurfaces(ev),
    ai_ide_coverage: aiIdeCoverageBadge(ev),
    agent_version: row.agent_version ?? null,
    last_seen_at: iso(row.last_seen_at),
  };
}
