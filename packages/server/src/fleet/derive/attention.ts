// What the fleet page counts and filters on: Action needed, Posture notes, MDM evidence and the
// host filters (spec: Workstation, "Fleet stat cards" and "Filters").
import { MDM_INVENTORY_STALE_MS, present, within, type Now, type WorkstationEvidence } from './evidence.js';
import { baselineStatus } from './baseline.js';
import { connectedSurfaces, coworkAwaitingLiveVerification, hasMissingExpectedHook } from './coverage.js';
import { isManagedOrNativeHost } from './management.js';
import { ownerUnknown } from './owner.js';
import { protectionState, runtimeHealth, type RuntimeHealth } from './protection.js';
import { identityIssue } from './risk.js';

export type ActionReason = 'tamper_evidence' | 'blocked_actions' | 'config_drift' | 'identity_issue' | 'owner_gap' | 'live_verification';

/**
 * The spec's Action needed list: tamper evidence, blocked actions, explicit config drift, identity
 * issues, owner gaps, live-verification work. Explicit config drift is a Degraded or Missing
 * protection state (both rest on explicit evidence). Standby and Unknown are never on it: Standby is
 * neutral and unknown telemetry is not a failure.
 */
export function actionReasons(ev: WorkstationEvidence, now: Now): ActionReason[] {
  const out: ActionReason[] = [];
  if (ev.tamperEvidence === true) out.push('tamper_evidence');
  if ((ev.blockedActions7d ?? 0) > 0) out.push('blocked_actions');
  const state = protectionState(ev, now);
  if (state === 'Degraded' || state === 'Missing') out.push('config_drift');
  if (identityIssue(ev)) out.push('identity_issue');
  if (ownerUnknown(ev)) out.push('owner_gap');
  if (coworkAwaitingLiveVerification(ev)) out.push('live_verification');
  return out;
}

export function needsAction(ev: WorkstationEvidence, now: Now): boolean {
  return actionReasons(ev, now).length > 0;
}

export type PostureNoteCode = 'version_update' | 'sandbox_off' | 'sandbox_unknown' | 'version_unknown' | 'baseline_learning';

export interface PostureNote {
  note: PostureNoteCode;
  /** explicit: a reported fact (outdated, off); unknown: not reported; info: expected, temporary. Kept apart (spec). */
  kind: 'explicit' | 'unknown' | 'info';
}

function versionParts(v: string): number[] | null {
  const m = /\d+(?:\.\d+)*/.exec(v);
  return m ? m[0].split('.').map(Number) : null;
}

/** Numeric dotted comparison of the first version number in each string; null when either has none. */
export function compareVersions(a: string, b: string): number | null {
  const x = versionParts(a);
  const y = versionParts(b);
  if (x === null || y === null) return null;
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

/**
 * Posture notes (spec: "Version updates, sandbox off, sandbox unknown, version unknown, baseline
 * learning; unknown values are kept separate from explicit off/drift"). Takes `now` because
 * baseline learning is time-based.
 */
export function postureNotes(ev: WorkstationEvidence, now: Now): PostureNote[] {
  const out: PostureNote[] = [];
  const version = present(ev.agentVersion);
  const latest = present(ev.latestAgentVersion);
  if (version !== null && latest !== null && (compareVersions(version, latest) ?? 0) < 0) {
    out.push({ note: 'version_update', kind: 'explicit' });
  }
  if (ev.sandbox === 'disabled') out.push({ note: 'sandbox_off', kind: 'explicit' });
  if (ev.sandbox !== 'enabled' && ev.sandbox !== 'disabled') out.push({ note: 'sandbox_unknown', kind: 'unknown' });
  if (version === null) out.push({ note: 'version_unknown', kind: 'unknown' });
  if (baselineStatus(ev, now) === 'Learning') out.push({ note: 'baseline_learning', kind: 'info' });
  return out;
}

/**
 * MDM evidence stat: joined by signed MDM enrollment and matched to fresh MDM inventory (fresh =
 * younger than the 7-day staleness threshold used for the Stale risk reason).
 */
export function hasMdmEvidence(ev: WorkstationEvidence, now: Now): boolean {
  return ev.mdmEnrollmentSigned === true && within(ev.lastMdmInventoryAt, now, MDM_INVENTORY_STALE_MS);
}

export interface FilterFlags {
  /** Surface filters, one per connected surface. */
  surfaces: string[];
  runtime: RuntimeHealth;
  /** Only offered for MDM-preseeded and native-package hosts (spec: Filters). */
  shadowAiPresent: boolean;
  missingExpectedHook: boolean;
}

export function filterFlags(ev: WorkstationEvidence, now: Now): FilterFlags {
  const managed = isManagedOrNativeHost(ev);
  return {
    surfaces: connectedSurfaces(ev),
    runtime: runtimeHealth(ev, now),
    shadowAiPresent: managed && ev.shadowAiPresent === true,
    missingExpectedHook: managed && hasMissingExpectedHook(ev),
  };
}
