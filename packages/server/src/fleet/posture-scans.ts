// POST /api/v1/scans: posture uploads (spec: Posture; field table in the endpoint). Stores the
// scan, registers the host like any first contact, and writes two events to the outbox in the
// same transaction: `posture.grade_dropped` when the grade is worse than the host's previous
// scan from the same source, and `posture.check_failed` for each high or critical check that
// fails now and did not fail in that previous scan (on a first scan every such check is new).
//
// Values the spec leaves open (docs/api-fleet.md): status pass|fail|warn|unknown, severity
// info|low|medium|high|critical, grade A-F, source workstation|gateway|cowork. Without a score
// the server computes it from the checks with the scanner's formula; without a grade, the grade
// of the score.
import { z } from 'zod';
import { postureGrade, postureScore, type PostureCheck } from '@service/scanner';
import type { KeyPrincipal } from '../accounts/key-cache.js';
import { newId } from '../ids.js';
import { text } from '../inventory/schemas.js';
import { outboxRow } from '../outbox.js';
import type { Severity } from '../policy/types.js';
import { patchEvidence } from './evidence-store.js';
import type { WorkstationIdentity } from './identity.js';
import { registerWorkstation, type FleetReportDeps } from './register-request.js';
import { identityFields } from './runtime-fields.js';
import { identityText } from './identity.js';
import type { ScanResponse } from '@service/api';

export const MAX_CHECKS_PER_SCAN = 500;
/**
 * raw_report is collector evidence; past this many UTF-8 bytes it is stored truncated (with a
 * marker). Bytes, not characters: 64 Ki characters of non-ASCII text are up to four times that.
 */
export const MAX_RAW_REPORT_BYTES = 64 * 1024;
const GRADES = ['A', 'B', 'C', 'D', 'F'] as const;

export const scanCheck = z.object({
  status: z.enum(['pass', 'fail', 'warn', 'unknown'], { errorMap: () => ({ message: 'status must be pass, fail, warn or unknown' }) }),
  check_name: z.string().trim().min(1, 'check_name must not be empty').max(200),
  category: text(64).default(''),
  severity: z.enum(['info', 'low', 'medium', 'high', 'critical'], { errorMap: () => ({ message: 'severity must be info, low, medium, high or critical' }) }),
  detail: text(500).nullish(),
});

export const scanBody = z.object({
  ...identityFields,
  hostname: identityText('hostname').min(1, 'hostname is required'),
  checks: z.array(scanCheck, { required_error: 'checks is required', invalid_type_error: 'checks must be an array' }).max(MAX_CHECKS_PER_SCAN, `at most ${MAX_CHECKS_PER_SCAN} checks per scan`),
  raw_report: z.union([z.record(z.unknown()), z.string()], { errorMap: () => ({ message: 'raw_report is required: an object or a string of collector evidence' }) }),
  platform: text(64).nullish(),
  os_version: text(128).nullish(),
  agent_version: text(64).nullish(),
  source: z.enum(['workstation', 'gateway', 'cowork'], { errorMap: () => ({ message: 'source must be workstation, gateway or cowork' }) }).default('workstation'),
  score: z.number().int().min(0).max(100).nullish(),
  grade: z
    .string()
    .trim()
    .transform((g) => g.toUpperCase())
    .pipe(z.enum(GRADES, { errorMap: () => ({ message: 'grade must be one of A, B, C, D, F' }) }))
    .nullish(),
});
export type ScanInput = z.infer<typeof scanBody>;

export type ScanResult = ScanResponse;

function boundedReport(raw: unknown): string {
  const textForm = JSON.stringify(raw);
  if (Buffer.byteLength(textForm) <= MAX_RAW_REPORT_BYTES) return textForm;
  // Keep as many leading characters as fit in the byte budget once escaped and wrapped.
  for (let keep = MAX_RAW_REPORT_BYTES - 200; ; keep = Math.floor(keep * 0.8)) {
    const bounded = JSON.stringify({ truncated: true, original_chars: textForm.length, preview: textForm.slice(0, keep) });
    if (Buffer.byteLength(bounded) <= MAX_RAW_REPORT_BYTES) return bounded;
  }
}

const gradeRank = (g: string | null | undefined) => (g ? GRADES.indexOf(g as (typeof GRADES)[number]) : -1);

export async function recordScan(deps: FleetReportDeps, principal: KeyPrincipal, identity: WorkstationIdentity, input: ScanInput, now = Date.now()): Promise<ScanResult> {
  const reg = await registerWorkstation(deps.fleet, principal, identity, { at: now, runtimeHeartbeat: input.source !== 'gateway' }, {
    platform: input.platform,
    os_version: input.os_version,
    agent_version: input.agent_version,
  });
  const id = reg.workstationId;
  const orgId = principal.orgId;
  const checks = input.checks.map((c) => ({ ...c, detail: c.detail ?? '' })) as PostureCheck[];
  const score = input.score ?? postureScore(checks);
  const grade = input.grade ?? postureGrade(score);
  const scanId = newId(now);
  const host = { hostname: identity.hostname, platform: input.platform ?? null };

  const result = await deps.fleet.repo.transaction(async (tx) => {
    const prev = await tx.latestScan(orgId, id, input.source);
    const prevFailing = new Set<string>();
    if (prev) {
      try {
        for (const c of JSON.parse(prev.checks) as { check_name: string; status: string }[]) if (c.status === 'fail') prevFailing.add(c.check_name);
      } catch {
        // An unreadable old scan counts as no previous failures.
      }
    }
    await tx.insertScan({ id: scanId, org_id: orgId, workstation_id: id, source: input.source, score, grade, checks: JSON.stringify(checks), raw_report: boundedReport(input.raw_report), created_at: now });
    const events: Record<string, unknown>[] = [];
    const previousGrade: string | null = prev?.grade ?? null;
    const dropped = previousGrade !== null && gradeRank(grade) > gradeRank(previousGrade);
    if (dropped) {
      events.push(
        outboxRow({
          orgId,
          type: 'posture.grade_dropped',
          severity: grade === 'F' || grade === 'D' ? 'high' : 'medium',
          sourceTable: 'posture_scans',
          sourceId: scanId,
          workstationId: id,
          occurredAt: now,
          data: { host, evidence: { title: `Posture grade of ${host.hostname} dropped from ${previousGrade} to ${grade}`, summary: `${input.source} scan scored ${score}.`, details: { previous_grade: previousGrade, grade, score, source: input.source } } },
        }),
      );
    }
    const newlyFailed = checks.filter((c) => c.status === 'fail' && (c.severity === 'high' || c.severity === 'critical') && !prevFailing.has(c.check_name));
    newlyFailed.forEach((c, i) => {
      events.push(
        outboxRow({
          orgId,
          type: 'posture.check_failed',
          severity: c.severity as Severity,
          sourceTable: 'posture_scans',
          sourceId: `${scanId}:${i}`,
          workstationId: id,
          occurredAt: now,
          data: { host, evidence: { title: `Posture check ${c.check_name} failed on ${host.hostname}`, summary: c.detail || `${c.severity} check in ${c.category || 'posture'} failed.`, details: { check_name: c.check_name, category: c.category, severity: c.severity, source: input.source, scan_id: scanId } } },
        }),
      );
    });
    await tx.insertOutbox(events);
    await patchEvidence(tx, orgId, id, { last_self_test_at: now, last_self_test_ok: !checks.some((c) => c.status === 'fail') });
    return { previousGrade, dropped, newlyFailed: newlyFailed.map((c) => c.check_name) };
  });
  await deps.fleet.classifier.classifyIds(orgId, [id], now);
  return { id: scanId, workstation_id: id, registered: reg.created, score, grade, previous_grade: result.previousGrade, grade_dropped: result.dropped, newly_failed_checks: result.newlyFailed };
}
