// Domain types shared by the surface adapters, the policy engine and the recorder.
// This file is the contract between them: change it only together with its users.

import type { Verdict } from '@service/surfaces';

// Surfaces, phases, canonical tools and the normalized ToolCall live in @service/surfaces, the one
// home of each surface's wire rules (the CLI imports the same definitions).
export { SURFACES, isSurface } from '@service/surfaces';
export type { CanonicalTool, HookPhase, Surface, ToolCall, Verdict } from '@service/surfaces';

export const SEVERITIES = ['info', 'low', 'medium', 'high', 'critical'] as const;
export type Severity = (typeof SEVERITIES)[number];

export type DetectionLayer =
  | 'none'
  | 'builtin'
  | 'custom_blacklist'
  | 'trusted_sources'
  | 'max_input_length'
  | 'entropy'
  | 'skill_governance'
  | 'mcp_policy'
  | 'tools_policy'
  | 'network_policy'
  | 'collector';

export interface Decision {
  verdict: Verdict;
  /** Stable rule identifier, e.g. `destructive_fs.recursive_delete_root`; null when nothing matched. */
  patternName: string | null;
  severity: Severity;
  detectionLayer: DetectionLayer;
  /** Rule family, e.g. `destructive_fs`, `credential_access`, `exfiltration`; null when nothing matched. */
  category: string | null;
  /** A sentence a developer understands, shown by the agent on warn/deny. */
  reason: string;
  /** The org policy version that produced the decision. */
  policyVersion: number;
}

export type SecurityLevel = 'strict' | 'balanced' | 'permissive';

/** The org's baseline policy as stored and as served by GET /api/v1/shield/policy (plus governance). */
export interface ShieldPolicy {
  security_level: SecurityLevel;
  custom_blacklist: string[];
  trusted_sources: string[];
  entropy_threshold: number;
  max_input_length: number;
  auto_block: boolean;
  blocked_agent_skills: string[];
  warn_only_agent_skills: string[];
  /** Sections applied from an adopted policy pack (shape owned by policy/packs). */
  tools?: Record<string, unknown>;
  mcp?: Record<string, unknown>;
  network?: Record<string, unknown>;
}
