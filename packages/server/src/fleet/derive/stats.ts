// The six fleet stat cards plus the filter count badges and the version chart, over a list of hosts.
import type { Now, WorkstationEvidence } from './evidence.js';
import { filterFlags, hasMdmEvidence, needsAction, postureNotes, type PostureNoteCode } from './attention.js';
import { isOnline } from './online.js';
import { ownerEvidence } from './owner.js';
import type { RuntimeHealth } from './protection.js';

export interface FleetStats {
  total: number;
  /** Live coverage: heartbeat in the last 15 minutes, out of `total`. */
  liveCoverage: number;
  unverifiedHosts: number;
  mdmEvidence: number;
  actionNeeded: number;
  /** Runtime BLOCK decisions in the last 7 days, summed. */
  blockedActions: number;
  /** Hosts with at least one posture note, and hosts per note. */
  postureNotes: { hosts: number; byNote: Record<PostureNoteCode, number> };
  surfaces: Record<string, number>;
  runtime: Record<RuntimeHealth, number>;
  shadowAiPresent: number;
  missingExpectedHook: number;
  /** Hosts per reported agent version (the chart is shown when there is more than one key). */
  versions: Record<string, number>;
}

export function fleetStats(hosts: readonly WorkstationEvidence[], now: Now): FleetStats {
  const s: FleetStats = {
    total: hosts.length,
    liveCoverage: 0,
    unverifiedHosts: 0,
    mdmEvidence: 0,
    actionNeeded: 0,
    blockedActions: 0,
    postureNotes: {
      hosts: 0,
      byNote: { version_update: 0, sandbox_off: 0, sandbox_unknown: 0, version_unknown: 0, baseline_learning: 0 },
    },
    surfaces: {},
    runtime: { healthy: 0, standby: 0, degraded: 0, missing: 0, unknown: 0 },
    shadowAiPresent: 0,
    missingExpectedHook: 0,
    versions: {},
  };
  for (const ev of hosts) {
    if (isOnline(ev, now)) s.liveCoverage++;
    if (!ownerEvidence(ev).verified) s.unverifiedHosts++;
    if (hasMdmEvidence(ev, now)) s.mdmEvidence++;
    if (needsAction(ev, now)) s.actionNeeded++;
    s.blockedActions += Math.max(0, ev.blockedActions7d ?? 0);
    const notes = postureNotes(ev, now);
    if (notes.length > 0) s.postureNotes.hosts++;
    for (const n of notes) s.postureNotes.byNote[n.note]++;
    const f = filterFlags(ev, now);
    for (const surface of f.surfaces) s.surfaces[surface] = (s.surfaces[surface] ?? 0) + 1;
    s.runtime[f.runtime]++;
    if (f.shadowAiPresent) s.shadowAiPresent++;
    if (f.missingExpectedHook) s.missingExpectedHook++;
    const v = ev.agentVersion?.trim();
    if (v) s.versions[v] = (s.versions[v] ?? 0) + 1;
  }
  return s;
}
