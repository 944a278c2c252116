// Connected surfaces and the AI IDE coverage badge (spec: Workstation, fleet list IDEs and
// AI IDE coverage columns, and the surface / Shadow AI / Missing expected hook filters).
import { SURFACES } from '../../policy/types.js';
import { toMs, type WorkstationEvidence } from './evidence.js';

export type AiIdeCoverageBadge = 'MDM-reported presence' | 'Preseeded coverage' | 'Workspace-limited coverage' | 'Missing expected hook';

function surfaceOrder(surface: string): number {
  const i = (SURFACES as readonly string[]).indexOf(surface);
  return i < 0 ? SURFACES.length : i;
}

/**
 * One chip per connected surface: a surface whose runtime has sent the service at least one event.
 * An MDM coverage report alone is not a connection (MDM says the hook was deployed, not that the
 * agent ever used it). Ordered as the spec lists surfaces, unknown surface names last.
 */
export function connectedSurfaces(ev: WorkstationEvidence): string[] {
  const set = new Set<string>();
  for (const c of ev.coverage ?? []) {
    if (c.hookType !== 'mdm' && toMs(c.lastEventAt) !== null) set.add(c.surface);
  }
  return [...set].sort((a, b) => surfaceOrder(a) - surfaceOrder(b) || a.localeCompare(b));
}

/** An expected hook is missing or disabled (flag from MDM/broker/scanner, or an unhealthy coverage record). */
export function hasMissingExpectedHook(ev: WorkstationEvidence): boolean {
  return ev.missingExpectedHook === true || (ev.coverage ?? []).some((c) => c.expectedHooksHealthy === false);
}

/**
 * Cowork registers through its installer/status check-in and only later sends hook events (spec:
 * Registration). Until its first hook event the host awaits live verification (Risk: Verify live).
 */
export function coworkAwaitingLiveVerification(ev: WorkstationEvidence): boolean {
  const cowork = (ev.coverage ?? []).filter((c) => c.surface === 'cowork');
  return cowork.length > 0 && cowork.every((c) => toMs(c.lastEventAt) === null);
}

/**
 * First match wins, most actionable first:
 * 1. Missing expected hook: an expected hook is missing or disabled.
 * 2. Workspace-limited coverage: a connected surface's hooks live in one project's settings only,
 *    so sessions in other directories are not covered.
 * 3. Preseeded coverage: MDM reported hook coverage and no runtime event has confirmed it yet.
 * 4. MDM-reported presence: MDM reported an AI IDE, and no runtime event has arrived yet.
 * null: coverage is confirmed by runtime events and nothing needs a badge.
 */
export function aiIdeCoverageBadge(ev: WorkstationEvidence): AiIdeCoverageBadge | null {
  const coverage = ev.coverage ?? [];
  if (hasMissingExpectedHook(ev)) return 'Missing expected hook';
  if (coverage.some((c) => c.hookType !== 'mdm' && c.scope === 'workspace')) return 'Workspace-limited coverage';
  const live = connectedSurfaces(ev).length > 0;
  if (!live && coverage.some((c) => c.hookType === 'mdm')) return 'Preseeded coverage';
  if (!live && ev.mdmPresenceReported === true) return 'MDM-reported presence';
  return null;
}
