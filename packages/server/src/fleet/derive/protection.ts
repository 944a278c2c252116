// Protection state (spec: States and transitions, "Protection states"). The backend stores raw
// evidence; this is the presentation state, recomputed from evidence at read time, so the spec's
// Standby transitions happen by themselves when a heartbeat or activity updates the evidence.
import {
  LIVE_PREFLIGHT_RECENT_MS,
  MISSING_GRACE_MS,
  RUNTIME_HEARTBEAT_FRESH_MS,
  STANDBY_INACTIVITY_MS,
  ageMs,
  toMs,
  within,
  type Now,
  type WorkstationEvidence,
} from './evidence.js';

export type ProtectionState = 'Full Integrity' | 'Basic Coverage' | 'Mixed' | 'Standby' | 'Degraded' | 'Missing' | 'Unknown';

/** Why a state was chosen; stable codes for the host detail Metadata tab and for tests. */
export type ProtectionReason =
  // Degraded: the spec's list of explicit problems, plus tamper evidence.
  | 'credential_invalid'
  | 'credential_missing'
  | 'credential_expired'
  | 'credential_revoked'
  | 'policy_fetch_error'
  | 'auth_error'
  | 'stale_result'
  | 'service_stopped'
  | 'service_missing'
  | 'service_failed'
  | 'expected_hook_missing'
  | 'expected_hook_disabled'
  | 'repair_failed'
  | 'tamper_evidence'
  // Missing.
  | 'runtime_reported_absent'
  | 'runtime_never_reported'
  // Unknown.
  | 'no_runtime_evidence'
  | 'heartbeat_stale'
  | 'credential_unverified'
  | 'hooks_unverified'
  // Standby.
  | 'no_recent_agent_activity'
  // Mixed.
  | 'multiple_protection_paths'
  | 'differing_surface_coverage'
  // Full Integrity / Basic Coverage.
  | 'recent_live_preflight'
  | 'no_recent_live_preflight'
  | 'restart_required';

export interface ProtectionExplanation {
  state: ProtectionState;
  reasons: ProtectionReason[];
}

/**
 * The explicit problems that make a host Degraded (spec: "invalid, missing, expired or revoked
 * credential; policy-fetch error; authentication error; stale result; stopped, missing or failed
 * service; missing or disabled expected hook; failed repair"). Tamper evidence is here too: Codex
 * silently skips a hook whose trust hash no longer matches (research/verified-gemini-codex.md), so
 * an edited hook file is a disabled expected hook and must never keep claiming full protection.
 * Missing or old activity and restart_required are deliberately absent (spec: they alone do not
 * cause Degraded).
 */
export function explicitProblems(ev: WorkstationEvidence): ProtectionReason[] {
  const out: ProtectionReason[] = [];
  switch (ev.credentialState) {
    case 'invalid':
      out.push('credential_invalid');
      break;
    case 'missing':
      out.push('credential_missing');
      break;
    case 'expired':
      out.push('credential_expired');
      break;
    case 'revoked':
      out.push('credential_revoked');
      break;
    default:
      break;
  }
  if (ev.policyFetchError === true) out.push('policy_fetch_error');
  if (ev.authError === true) out.push('auth_error');
  if (ev.staleResult === true) out.push('stale_result');
  if (ev.serviceState === 'stopped') out.push('service_stopped');
  if (ev.serviceState === 'missing') out.push('service_missing');
  if (ev.serviceState === 'failed') out.push('service_failed');
  if (ev.missingExpectedHook === true) out.push('expected_hook_missing');
  if ((ev.coverage ?? []).some((c) => c.expectedHooksHealthy === false)) out.push('expected_hook_disabled');
  if (ev.repairFailed === true) out.push('repair_failed');
  if (ev.tamperEvidence === true) out.push('tamper_evidence');
  return out;
}

/** Any runtime report ever reached us (MDM coverage reports are not runtime reports). */
function runtimeEverReported(ev: WorkstationEvidence): boolean {
  if (toMs(ev.lastRuntimeHeartbeatAt) !== null || toMs(ev.lastAgentActivityAt) !== null) return true;
  return (ev.coverage ?? []).some((c) => c.hookType !== 'mdm' && toMs(c.lastEventAt) !== null);
}

/** Evidence that a runtime is installed; online status alone is not (spec: Unknown). */
function hasInstallEvidence(ev: WorkstationEvidence): boolean {
  return runtimeEverReported(ev) || (ev.coverage ?? []).length > 0 || ev.serviceState === 'running';
}

export function explainProtection(ev: WorkstationEvidence, now: Now): ProtectionExplanation {
  // Missing: explicit evidence that the expected runtime is absent or not reporting. It comes
  // first because the problems of a runtime that is not there are moot.
  if (ev.runtimeReportedAbsent === true) return { state: 'Missing', reasons: ['runtime_reported_absent'] };
  const expectedAge = ageMs(ev.expectedRuntimeSince, now);
  if (expectedAge !== null && expectedAge >= MISSING_GRACE_MS && !runtimeEverReported(ev)) {
    return { state: 'Missing', reasons: ['runtime_never_reported'] };
  }

  const problems = explicitProblems(ev);
  if (problems.length > 0) return { state: 'Degraded', reasons: problems };

  const coverage = ev.coverage ?? [];
  if (!within(ev.lastAgentActivityAt, now, STANDBY_INACTIVITY_MS)) {
    // No AI-agent activity in 24 hours: Standby if the setup evidence is all good and fresh,
    // otherwise the evidence is missing, stale or too weak → Unknown.
    if (!hasInstallEvidence(ev)) return { state: 'Unknown', reasons: ['no_runtime_evidence'] };
    if (!within(ev.lastRuntimeHeartbeatAt, now, RUNTIME_HEARTBEAT_FRESH_MS)) {
      return { state: 'Unknown', reasons: ['heartbeat_stale'] };
    }
    if (ev.credentialState !== 'valid') return { state: 'Unknown', reasons: ['credential_unverified'] };
    if (coverage.length === 0 || coverage.some((c) => c.expectedHooksHealthy !== true)) {
      return { state: 'Unknown', reasons: ['hooks_unverified'] };
    }
    return { state: 'Standby', reasons: ['no_recent_agent_activity'] };
  }

  // Real agent activity in the last 24 hours: runtime coverage is active. Which of the three
  // healthy states depends on how strong and how uniform the evidence is.
  const mixed: ProtectionReason[] = [];
  if (new Set(coverage.map((c) => c.hookType)).size > 1) mixed.push('multiple_protection_paths');
  if (new Set(coverage.map((c) => c.expectedHooksHealthy)).size > 1) mixed.push('differing_surface_coverage');
  if (mixed.length > 0) return { state: 'Mixed', reasons: mixed };

  // Full Integrity needs a recent live command preflight through the enforceable path; a self-test
  // never counts (spec). A pending restart means the running agent may not have loaded the
  // installed hooks yet, so it also keeps the host at Basic Coverage (but is not Degraded).
  const basic: ProtectionReason[] = [];
  if (!within(ev.lastLiveEnforceableEventAt, now, LIVE_PREFLIGHT_RECENT_MS)) basic.push('no_recent_live_preflight');
  if (ev.restartRequired === true) basic.push('restart_required');
  if (basic.length > 0) return { state: 'Basic Coverage', reasons: basic };
  return { state: 'Full Integrity', reasons: ['recent_live_preflight'] };
}

export function protectionState(ev: WorkstationEvidence, now: Now): ProtectionState {
  return explainProtection(ev, now).state;
}

export type RuntimeHealth = 'healthy' | 'standby' | 'degraded' | 'missing' | 'unknown';

/**
 * The fleet's runtime-health filters (Runtime standby / degraded / missing / unknown). They use
 * setup/runtime evidence, not activity volume, and Standby is never counted as degraded (spec).
 */
export function runtimeHealth(ev: WorkstationEvidence, now: Now): RuntimeHealth {
  switch (protectionState(ev, now)) {
    case 'Standby':
      return 'standby';
    case 'Degraded':
      return 'degraded';
    case 'Missing':
      return 'missing';
    case 'Unknown':
      return 'unknown';
    default:
      return 'healthy';
  }
}
