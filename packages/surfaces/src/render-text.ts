// The words we send back. Reasons are passed through unchanged (the spec fixes some of them, e.g.
// "Blocked by org policy: skill /<name> is not allowed") and only defaulted and length-capped.
import type { Decision } from './types.js';
import { cut } from './bounds.js';

/** Claude Code caps hook output strings at 10,000 characters (agent-hook-formats.md §1 Outputs); we stay well under. */
export const MAX_REASON_CHARS = 4_000;
export const DEFAULT_DENY_REASON = 'Blocked by org policy.';
export const DEFAULT_WARN_REASON = 'This action matched an org policy rule and was recorded.';
export const WARNING_PREFIX = 'Org policy warning: ';

/** Non-empty reason for a deny or warn; Codex ignores a deny without one (verified-gemini-codex.md §2.5). */
export function reasonText(decision: Decision): string {
  const reason = decision.reason.trim();
  if (reason !== '') return cut(reason, MAX_REASON_CHARS);
  return decision.verdict === 'deny' ? DEFAULT_DENY_REASON : DEFAULT_WARN_REASON;
}

/** The line shown to the person for a warn (Claude/Codex/Gemini `systemMessage`, Windsurf stdout). */
export function warningText(decision: Decision): string {
  return `${WARNING_PREFIX}${reasonText(decision)}`;
}

/**
 * The verdict a hook can act on. After the fact (post-tool, session and other events) nothing can
 * be stopped, so a deny is reported the way a warn is (spec: audit "never blocks the completed action").
 */
export function actionableVerdict(phase: string, decision: Decision): Decision['verdict'] {
  if (decision.verdict === 'deny' && phase !== 'pre_tool' && phase !== 'prompt') return 'warn';
  return decision.verdict;
}
