// What a rule reports. A decision is the most severe finding after trusted-source
// downgrades, mapped to a verdict by the security level (verdict.ts).
import type { DetectionLayer, Severity, Verdict } from './types.js';

export interface Finding {
  /** Stable identifier `<category>.<rule>`, e.g. `destructive_fs.recursive_delete`. */
  patternName: string;
  severity: Severity;
  category: string;
  layer: DetectionLayer;
  reason: string;
  /** Remote hosts the finding is about; all trusted → the finding is downgraded. */
  hosts?: string[];
  /** URLs behind `hosts`, so URL-prefix trusted sources can match. */
  urls?: string[];
  /** Local paths the finding is about (reads of trusted paths are downgraded). */
  paths?: string[];
  /**
   * An explicit verdict from an org list (pack tools/MCP/network sections, skill lists)
   * instead of the severity mapping. auto_block false still turns deny into warn unless
   * `force` is set (skill blocks: spec, Errors rule 4).
   */
  verdict?: Verdict;
  force?: boolean;
}

const RANK: Record<Severity, number> = { info: 0, low: 1, medium: 2, high: 3, critical: 4 };

export function severityRank(s: Severity): number {
  return RANK[s];
}

export function maxSeverity(a: Severity, b: Severity): Severity {
  return RANK[a] >= RANK[b] ? a : b;
}

/** One step up or down the severity ladder, clamped. */
export function shiftSeverity(s: Severity, steps: number): Severity {
  const order: Severity[] = ['info', 'low', 'medium', 'high', 'critical'];
  return order[Math.max(0, Math.min(4, RANK[s] + steps))];
}
