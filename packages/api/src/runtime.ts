// Hook-facing answers and the runtime event routes. A hook route answers 200 whatever the
// verdict (spec: Errors rule 1), in the shape the calling agent reads: each surface's own.
import { z } from 'zod';
import { optionalTimestamp, timestamp } from './common.js';

const reason = z.string().describe('Why the call is blocked or warned about, shown to the person or the agent');

/** Claude Code and Codex (and Copilot's PascalCase events): `{}` allows. */
export const claudeHookAnswer = z
  .object({
    systemMessage: z.string().optional().describe('warn'),
    decision: z.literal('block').optional().describe('a blocked prompt'),
    reason: reason.optional(),
    hookSpecificOutput: z
      .object({ hookEventName: z.literal('PreToolUse'), permissionDecision: z.literal('deny'), permissionDecisionReason: reason })
      .optional()
      .describe('a denied tool call'),
  })
  .describe('claude-code, codex: {} allows');

export const cursorHookAnswer = z
  .object({
    permission: z.enum(['allow', 'deny']).optional(),
    continue: z.boolean().optional().describe('beforeSubmitPrompt: false blocks the prompt'),
    user_message: z.string().optional(),
    agent_message: z.string().optional(),
  })
  .describe('cursor');

export const copilotHookAnswer = z
  .object({
    permissionDecision: z.literal('deny').optional(),
    permissionDecisionReason: reason.optional(),
    systemMessage: z.string().optional(),
    decision: z.literal('block').optional(),
    reason: reason.optional(),
    hookSpecificOutput: z.object({ hookEventName: z.literal('PreToolUse'), permissionDecision: z.literal('deny'), permissionDecisionReason: reason }).optional(),
  })
  .describe('copilot: {} allows');

export const geminiHookAnswer = z
  .object({ systemMessage: z.string().optional(), decision: z.literal('deny').optional(), reason: reason.optional() })
  .describe('gemini: {} allows');

/** windsurf, antigravity and the generic surfaces (claude-chat, cowork, grok): `{decision, reason}`. */
export const decisionHookAnswer = z
  .object({ decision: z.enum(['allow', 'warn', 'deny', 'ask']), reason: reason.optional() })
  .describe('windsurf, antigravity (ask before a tool runs), claude-chat, cowork, grok');

/** Any surface's answer to an evaluate call. */
export const hookAnswer = z
  .union([decisionHookAnswer, cursorHookAnswer, claudeHookAnswer, copilotHookAnswer, geminiHookAnswer])
  .describe("The verdict in the calling surface's own shape (docs/surfaces.md), always with status 200");
export type HookAnswer = z.infer<typeof hookAnswer>;

/** Audit routes acknowledge with `{}` on every surface. */
export const auditAck = z.object({}).describe('{} on every surface');

/** A hook call's body: the agent's own payload, read by the surface's adapter (docs/surfaces.md). */
export const hookPayload = z.record(z.unknown()).describe("The agent's hook payload as it sends it (docs/surfaces.md)");

export const verdict = z.enum(['allow', 'warn', 'deny']);

export const mcpDecision = z.object({
  decision: verdict,
  reason: z.string(),
  pattern_name: z.string().nullable(),
  severity: z.string(),
  policy_version: z.number().int(),
});
export type McpDecision = z.infer<typeof mcpDecision>;

export const mcpSyncResponse = z.object({
  synced: z.number().int(),
  drift: z.array(z.object({ server: z.string(), added: z.array(z.string()), removed: z.array(z.string()) })),
  policy: z.object({ policy_version: z.number().int(), mcp: z.record(z.unknown()).nullable() }),
  sync_interval_seconds: z.number().int(),
});
export type McpSyncResponse = z.infer<typeof mcpSyncResponse>;

export const recentEvents = z.object({
  events: z.array(
    z.object({
      created_at: timestamp,
      verdict: z.string(),
      pattern_name: z.string().nullable(),
      tool_name: z.string(),
      hostname: z.string().nullable(),
      summary: z.string(),
    }),
  ),
  total: z.number().int(),
  has_more: z.boolean(),
  total_is_exact: z.boolean(),
});
export type RecentEvents = z.infer<typeof recentEvents>;

export const investigationStatus = z.enum(['open', 'triaged', 'resolved']);
const feedback = z.object({ verdict: z.enum(['true_positive', 'false_positive']), note: z.string() }).nullable();

export const investigationSummary = z.object({
  id: z.string(),
  session_id: z.string(),
  status: investigationStatus,
  severity: z.string(),
  trigger: z.string(),
  title: z.string(),
  owner: z.string().nullable(),
  feedback,
  evidence_count: z.number().int(),
  created_at: optionalTimestamp,
  updated_at: optionalTimestamp,
  resolved_at: optionalTimestamp,
});
export type InvestigationSummary = z.infer<typeof investigationSummary>;

export const investigationPage = z.object({ investigations: z.array(investigationSummary), next_cursor: z.string().nullable() });
export type InvestigationPage = z.infer<typeof investigationPage>;

export const investigationEvidence = z.object({
  event_id: z.string(),
  created_at: optionalTimestamp,
  verdict: z.string(),
  severity: z.string(),
  tool_name: z.string(),
  pattern_name: z.string().nullable(),
  category: z.string().nullable(),
  reason: z.string(),
  summary: z.string(),
  hostname: z.string().nullable(),
  surface: z.string(),
  effects: z.array(z.string()),
});
export type InvestigationEvidence = z.infer<typeof investigationEvidence>;

export const chainView = z.object({
  id: z.string(),
  rule: z.string(),
  severity: z.string(),
  status: z.string(),
  reason: z.string(),
  event_ids: z.array(z.string()),
  created_at: optionalTimestamp,
  updated_at: optionalTimestamp,
});
export type ChainView = z.infer<typeof chainView>;

export const investigationDetail = investigationSummary.omit({ evidence_count: true }).extend({ evidence: z.array(investigationEvidence), chains: z.array(chainView) });
export type InvestigationDetail = z.infer<typeof investigationDetail>;
