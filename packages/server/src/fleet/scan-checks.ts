// Every check of a host's latest posture scan, grouped by phase (the check's category), for the
// host detail's Checks tab (spec: "Checks (phase-by-phase pass/fail)"). The host detail verb
// returns only the failing ones of each scan.
import type { FleetReadRepo } from '../store/fleet-read-repo.js';

export interface CheckPhase {
  phase: string;
  checks: { check_name: string; status: string; severity: string; detail: string | null }[];
}

export async function latestScanChecks(reads: FleetReadRepo, orgId: string, workstationId: string): Promise<{ scanned_at: string | null; phases: CheckPhase[] }> {
  const scan = await reads.latestScanChecks(orgId, workstationId);
  if (!scan) return { scanned_at: null, phases: [] };
  let checks: { check_name: string; status: string; severity: string; category?: string; detail?: string | null }[] = [];
  try {
    const parsed = JSON.parse(scan.checks);
    if (Array.isArray(parsed)) checks = parsed;
  } catch {
    // A scan whose checks cannot be read shows as having none.
  }
  const phases = new Map<string, CheckPhase>();
  for (const c of checks) {
    const phase = c.category || 'general';
    if (!phases.has(phase)) phases.set(phase, { phase, checks: [] });
    phases.get(phase)!.checks.push({ check_name: c.check_name, status: c.status, severity: c.severity, detail: c.detail ?? null });
  }
  return { scanned_at: new Date(Number(scan.created_at)).toISOString(), phases: [...phases.values()] };
}
