// The per-host counters behind the stat cards and filter badges, from the stored classification
// (store/fleet-read-repo.ts classCounters holds the query, in one shape per store). Here: what
// is counted, in the domain's terms.
import { SURFACES } from '../policy/types.js';
import type { ClassCounters, CounterDefinitions, FleetReadRepo } from '../store/fleet-read-repo.js';
import { ONLINE_WINDOW_MS } from './derive/index.js';
import { POSTURE_BITS, surfaceBit } from './classify.js';

export const RUNTIME = ['healthy', 'standby', 'degraded', 'missing', 'unknown'] as const;
export const RISK = ['Low', 'Medium', 'High'] as const;
type PostureNote = keyof typeof POSTURE_BITS;

/** The counters with their keys typed: every posture note, runtime state and risk level is present. */
export interface FleetCounters extends Omit<ClassCounters, 'notes' | 'runtime' | 'risk'> {
  notes: Record<PostureNote, number>;
  runtime: Record<(typeof RUNTIME)[number], number>;
  risk: Record<(typeof RISK)[number], number>;
}

const DEFINITIONS: CounterDefinitions = {
  postureBits: POSTURE_BITS,
  runtimeStates: RUNTIME,
  riskLevels: RISK,
  surfaceBits: Object.fromEntries(SURFACES.map((s) => [s, surfaceBit(s)])),
};

export async function classCounters(reads: FleetReadRepo, orgId: string, now: number): Promise<FleetCounters> {
  // The store starts every defined key at zero, so the typed keys are all there.
  return (await reads.classCounters(orgId, now - ONLINE_WINDOW_MS, DEFINITIONS)) as FleetCounters;
}
