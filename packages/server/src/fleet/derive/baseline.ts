// Baseline status (spec: Workstation, Baseline column: Established, Learning or Off). The spec
// leaves the rules open ("Risk and baseline transitions: not shown"); ours are in docs/fleet-states.md.
import { BASELINE_LEARNING_MS, BASELINE_MIN_SESSIONS, ageMs, type Now, type WorkstationEvidence } from './evidence.js';

export type BaselineStatus = 'Established' | 'Learning' | 'Off';

/**
 * Off: baseline learning switched off, or no AI-agent activity ever (nothing to learn from).
 * Learning: fewer than 7 days since the first activity, or fewer than 5 sessions recorded; a
 * baseline from a single busy afternoon or one session a week apart is not yet representative.
 * Established: both thresholds passed. An unknown session count does not hold a host in Learning.
 */
export function baselineStatus(ev: WorkstationEvidence, now: Now): BaselineStatus {
  if (ev.baselineEnabled === false) return 'Off';
  const age = ageMs(ev.firstAgentActivityAt, now);
  if (age === null) return 'Off';
  if (age < BASELINE_LEARNING_MS) return 'Learning';
  if (typeof ev.sessionsTotal === 'number' && ev.sessionsTotal < BASELINE_MIN_SESSIONS) return 'Learning';
  return 'Established';
}
