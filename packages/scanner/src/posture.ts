// runPostureChecks: the local posture scan uploaded through POST /api/v1/scans (checks, score, grade).
import { runInventoryScan } from './inventory.js';
import { POSTURE_CHECKS, type PostureCheck, type PostureCheckFn, type PostureSeverity, type PostureStatus } from './posture-checks.js';
import { gatherPostureEvidence, type PostureEvidence } from './posture-evidence.js';
import type { ScanOptions } from './scan-locations.js';

export type PostureGrade = 'A' | 'B' | 'C' | 'D' | 'F';

export interface PostureOptions extends ScanOptions {
  /** Base URL hooks should point at; without it any /api/v1/ hook URL counts as ours. */
  serverUrl?: string;
  /** Runtime key file; default ~/.service-plugin/api_key. */
  keyFilePath?: string;
}

export interface PostureReport {
  checks: PostureCheck[];
  score: number;
  grade: PostureGrade;
  /** Files skipped while reading (same sentences as Inventory.warnings). */
  warnings: string[];
}

/**
 * Score formula: start at 100 and subtract, for each check, its severity's penalty when it fails
 * and half of it (rounded down) when it warns; pass and unknown cost nothing (unknown evidence is
 * not a failure). Floor 0.
 */
export const SEVERITY_PENALTY: Readonly<Record<PostureSeverity, number>> = { critical: 40, high: 25, medium: 10, low: 5, info: 0 };

const STATUS_WEIGHT: Readonly<Record<PostureStatus, number>> = { fail: 1, warn: 0.5, pass: 0, unknown: 0 };

export function postureScore(checks: readonly PostureCheck[]): number {
  const penalty = checks.reduce((sum, c) => sum + Math.floor(SEVERITY_PENALTY[c.severity] * STATUS_WEIGHT[c.status]), 0);
  return Math.max(0, 100 - penalty);
}

/** A 90-100, B 80-89, C 70-79, D 60-69, F below 60. */
export function postureGrade(score: number): PostureGrade {
  if (score >= 90) return 'A';
  if (score >= 80) return 'B';
  if (score >= 70) return 'C';
  if (score >= 60) return 'D';
  return 'F';
}

export function evaluatePosture(evidence: PostureEvidence, checks: readonly PostureCheckFn[] = POSTURE_CHECKS): PostureCheck[] {
  return checks.flatMap((check) => check(evidence) ?? []);
}

/**
 * Reads the workstation's agent configuration (files only) and runs every posture check.
 * Never throws for a bad file; skipped files are listed in `warnings`.
 */
export async function runPostureChecks(opts: PostureOptions): Promise<PostureReport> {
  const scan = await runInventoryScan(opts);
  const evidence = await gatherPostureEvidence(scan, opts);
  const checks = evaluatePosture(evidence);
  const score = postureScore(checks);
  return { checks, score, grade: postureGrade(score), warnings: scan.context.reader.warnings };
}
