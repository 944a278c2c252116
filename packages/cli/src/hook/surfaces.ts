// The agent surfaces we hook into, and the routing facts the forwarder needs about them.
// Shared by the forwarder (keep it free of imports) and by install-hooks.

export const SURFACES = ['claude-code', 'cursor', 'codex', 'gemini', 'copilot', 'windsurf', 'antigravity'] as const;
export type Surface = (typeof SURFACES)[number];

export function isSurface(value: unknown): value is Surface {
  return typeof value === 'string' && (SURFACES as readonly string[]).includes(value);
}

/**
 * After-the-fact events go to audit, everything else to evaluate. Every surface names them
 * with a post/after prefix: PostToolUse, postToolUse, AfterTool, post_run_command,
 * afterShellExecution, afterFileEdit.
 */
export function isAuditEvent(event: string | undefined): boolean {
  return event !== undefined && /^(post|after)/i.test(event);
}

/** Server path for a forwarded hook call: Claude Code has its own routes, the others share one. */
export function forwardPath(surface: Surface, kind: 'evaluate' | 'audit'): string {
  if (surface === 'claude-code') return `/api/v1/claude-code/${kind}`;
  return `/api/v1/${kind}?tool=${surface}`;
}
