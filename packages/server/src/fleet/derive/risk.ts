// Risk state (spec: States and transitions, "Risk states").
import { MDM_INVENTORY_STALE_MS, ageMs, type Now, type WorkstationEvidence } from './evidence.js';
import { baselineStatus } from './baseline.js';
import { coworkAwaitingLiveVerification } from './coverage.js';
import { isMdmManaged } from './management.js';
import { ownerEvidence, ownerUnknown } from './owner.js';
import { protectionState } from './protection.js';

export type RiskLevel = 'Low' | 'Medium' | 'High';
/** The seven short reasons the spec names. High: the first two; Medium: Review, Verify live, Stale; Low: Protected, Telemetry pending. */
export type RiskReason = 'Protected' | 'Tamper evidence' | 'Blocked activity' | 'Verify live' | 'Review' | 'Telemetry pending' | 'Stale';

export type RiskSignal =
  | 'tamper_evidence'
  | 'blocked_activity'
  | 'sandbox_off'
  | 'owner_unknown'
  | 'identity_conflict'
  | 'stale_mdm_inventory'
  | 'cowork_awaiting_live_verification'
  | 'baseline_deviation';

export interface RiskState {
  level: RiskLevel;
  /** The one short reason shown in the Risk column. */
  reason: RiskReason;
  /** Every signal that applies, strongest first, for the host detail view. */
  signals: RiskSignal[];
}

/** A host MDM manages whose last MDM inventory is older than 7 days. An unknown inventory time is unknown, not stale. */
export function staleMdmInventory(ev: WorkstationEvidence, now: Now): boolean {
  const age = ageMs(ev.lastMdmInventoryAt, now);
  return isMdmManaged(ev) && age !== null && age >= MDM_INVENTORY_STALE_MS;
}

/** An identity conflict from the store, or a session hint that matches several directory users. */
export function identityIssue(ev: WorkstationEvidence): boolean {
  return ev.identityConflict === true || ownerEvidence(ev).conflict;
}

// Medium signals in the order the spec lists them; the first present one gives the reason.
const MEDIUM: ReadonlyArray<[RiskSignal, RiskReason]> = [
  ['sandbox_off', 'Review'],
  ['owner_unknown', 'Review'],
  ['identity_conflict', 'Review'],
  ['stale_mdm_inventory', 'Stale'],
  ['cowork_awaiting_live_verification', 'Verify live'],
  ['baseline_deviation', 'Review'],
];

export function riskSignals(ev: WorkstationEvidence, now: Now): RiskSignal[] {
  const s: RiskSignal[] = [];
  if (ev.tamperEvidence === true) s.push('tamper_evidence');
  if ((ev.blockedActions7d ?? 0) > 0) s.push('blocked_activity');
  // Only an explicit "disabled" raises risk; unknown sandbox status is a posture note instead.
  if (ev.sandbox === 'disabled') s.push('sandbox_off');
  if (ownerUnknown(ev)) s.push('owner_unknown');
  if (identityIssue(ev)) s.push('identity_conflict');
  if (staleMdmInventory(ev, now)) s.push('stale_mdm_inventory');
  if (coworkAwaitingLiveVerification(ev)) s.push('cowork_awaiting_live_verification');
  // A deviation only means something against an established baseline; while learning there is none.
  if (ev.baselineDeviation === true && baselineStatus(ev, now) === 'Established') s.push('baseline_deviation');
  return s;
}

/**
 * High: control tamper evidence or blocked runtime activity (tamper first: it questions the
 * controls themselves). Medium: the first reviewable signal in spec order. Low: "Protected" when a
 * healthy protection state and a known-enabled sandbox back it; otherwise "Telemetry pending":
 * unknown telemetry stays unknown and never raises the level (spec).
 */
export function riskState(ev: WorkstationEvidence, now: Now): RiskState {
  const signals = riskSignals(ev, now);
  if (signals.includes('tamper_evidence')) return { level: 'High', reason: 'Tamper evidence', signals };
  if (signals.includes('blocked_activity')) return { level: 'High', reason: 'Blocked activity', signals };
  for (const [signal, reason] of MEDIUM) {
    if (signals.includes(signal)) return { level: 'Medium', reason, signals };
  }
  const state = protectionState(ev, now);
  const protectedNow = state === 'Full Integrity' || state === 'Basic Coverage' || state === 'Mixed';
  return { level: 'Low', reason: protectedNow && ev.sandbox === 'enabled' ? 'Protected' : 'Telemetry pending', signals };
}
