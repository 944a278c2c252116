// The vocabulary the surface adapters share with the policy engine: which surfaces exist, the
// normalized ToolCall they produce, and the part of a decision they render. Dependency-free, so
// the CLI and the server import the same definitions (the server's policy/types re-exports them).

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

/** The surfaces `service install-hooks` writes hooks for (the others reach the API by other means). */
export const HOOK_SURFACES = ['claude-code', 'cursor', 'codex', 'gemini', 'copilot', 'windsurf', 'antigravity'] as const satisfies readonly Surface[];
export type HookSurface = (typeof HOOK_SURFACES)[number];

export function isHookSurface(value: unknown): value is HookSurface {
  return typeof value === 'string' && (HOOK_SURFACES as readonly string[]).includes(value);
}

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

/** What a surface renders of a policy decision: its verdict and its reason (the server's Decision has more). */
export interface Decision {
  verdict: Verdict;
  /** A sentence a developer understands, shown by the agent on warn/deny. */
  reason: string;
}
