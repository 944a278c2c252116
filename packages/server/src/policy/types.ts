// Domain types shared by the surface adapters, the policy engine and the recorder.
// This file is the contract between them: change it only together with its users.

/** Agent surfaces accepted by `?tool=` (spec: "Allowed values of tool"). */
export const SURFACES = [
  'claude-code',
  'claude-chat',
  'cowork',
  'cursor',
  'windsurf',
  'copilot',
  'codex',
  'gemini',
  'antigravity',
  'grok',
] as const;
export type Surface = (typeof SURFACES)[number];

export function isSurface(value: unknown): value is Surface {
  return typeof value === 'string' && (SURFACES as readonly string[]).includes(value);
}

/** Which moment of the agent loop a hook call belongs to. */
export type HookPhase = 'prompt' | 'pre_tool' | 'post_tool' | 'session_start' | 'session_end' | 'other';

/**
 * One vocabulary for what a tool does, whatever the surface calls it
 * (Bash / Shell / run_shell_command / bash / run_command → `shell`).
 */
export type CanonicalTool =
  | 'shell'
  | 'read'
  | 'write'
  | 'edit'
  | 'search'
  | 'web_fetch'
  | 'web_search'
  | 'mcp'
  | 'prompt'
  | 'task'
  | 'other';

/** A hook call normalized from any surface's payload. */
export interface ToolCall {
  surface: Surface;
  /** The surface's own event name, e.g. `PreToolUse`, `beforeShellExecution`, `BeforeTool`. */
  event: string;
  phase: HookPhase;
  /** The tool name as the surface sent it (`Bash`, `run_shell_command`, `mcp__github__create_issue`). */
  toolName: string;
  tool: CanonicalTool;
  /** The raw tool arguments as an object (never null). */
  toolInput: Record<string, unknown>;
  /** Extracted fields, set when the tool has them. */
  command?: string;
  filePath?: string;
  /** Text a write/edit would put into a file. */
  content?: string;
  url?: string;
  /** The user's prompt text, for phase `prompt`. */
  prompt?: string;
  mcp?: { server: string; tool: string };
  /** Tool output, for phase `post_tool` (audit). */
  toolOutput?: string;
  identity: { machineId?: string; hostname?: string };
  sessionId?: string;
  cwd?: string;
  userHint?: string;
}

export type Verdict = 'allow' | 'warn' | 'deny';
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
