// The six fleet stat cards, the filter count badges and the agent-version distribution (spec:
// Workstation, "Fleet stat cards"), from the stored classification: one GROUP BY in the order of
// the ws_fleet_classes covering index (store/fleet-read-repo.ts classCounters: the counters and
// the hosts per agent version), and one indexed range COUNT of deny decisions. Nothing is loaded per host, so the cost is one pass over
// an index of small columns (docs/api-fleet.md has the figures at 100,000 hosts).
import type { FleetReadRepo } from '../store/fleet-read-repo.js';
import { STATS_WINDOW_MS, compareVersions } from './derive/index.js';
import type { POSTURE_BITS } from './classify.js';
import { classCounters, type RISK, type RUNTIME } from './stats-counters.js';
import type { FleetStats } from '@service/api';

export type FleetStatsView = FleetStats;

export async function fleetStatsView(reads: FleetReadRepo, orgId: string, now = Date.now()): Promise<FleetStatsView> {
  const [c, blocked] = await Promise.all([classCounters(reads, orgId, now), reads.deniedSince(orgId, now - STATS_WINDOW_MS)]);
  const total = c.total;
  const versions = c.versions;

  // version_update: older than the newest version in the fleet (docs/fleet-states.md).
  const reported = versions.filter((v) => v.agent_version);
  let latest: string | null = null;
  for (const v of reported) if (latest === null || (compareVersions(v.agent_version!, latest) ?? 0) > 0) latest = v.agent_version!;
  let outdated = 0;
  let outdatedClean = 0;
  for (const v of reported) {
    if (latest !== null && (compareVersions(v.agent_version!, latest) ?? 0) < 0) {
      outdated += Number(v.n);
      outdatedClean += Number(v.clean);
    }
  }
  const agentVersions = reported
    .map((v) => ({ version: v.agent_version!, hosts: Number(v.n) }))
    .sort((x, y) => (compareVersions(y.version, x.version) ?? 0) || y.hosts - x.hosts || x.version.localeCompare(y.version));

  return {
    total,
    cards: {
      live_coverage: { online: c.online, total },
      unverified_hosts: c.unverified,
      mdm_evidence: c.mdm,
      action_needed: c.action,
      blocked_actions_7d: blocked,
      posture_notes: {
        // Hosts with a stored note, plus outdated hosts that have no other note.
        hosts: c.notesAny + outdatedClean,
        by_note: { version_update: outdated, ...c.notes },
      },
    },
    filters: {
      surfaces: c.surfaces,
      status: { online: c.online, offline: total - c.online },
      runtime: c.runtime,
      risk: c.risk,
      shadow_ai_present: c.shadow,
      missing_expected_hook: c.missingHook,
    },
    agent_versions: agentVersions,
    latest_agent_version: latest,
    show_version_chart: agentVersions.length > 1,
    generated_at: new Date(now).toISOString(),
  };
}
