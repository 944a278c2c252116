// Records decisions: one shield event row per decision plus its outbox event, written through
// the group-commit writer, so a 200 to the agent means the record is committed.
import { newId } from '../ids.js';
import { sha256Hex } from '../sha256.js';
import { outboxInsert, type OutboxEvent, type OutboxEventType } from '../notifications/outbox.js';
import type { Decision, ToolCall } from '../policy/types.js';
import type { GroupCommitWriter } from '../store/index.js';

/** Stored context is bounded (spec: "stored bounded and truncated server-side"). */
export const MAX_CONTEXT_CHARS = 4096;
const MAX_SUMMARY_CHARS = 300;

export type ShieldEventKind = 'evaluate' | 'audit' | 'collector' | 'mcp_evaluate' | 'mcp_event';

export interface RecordInput {
  orgId: string;
  workstationId: string | null;
  hostname: string | null;
  platform?: string | null;
  kind: ShieldEventKind;
  call: ToolCall;
  decision: Decision;
  at: number;
  /** Client-computed hash (collectors); otherwise the SHA-256 of the tool input. */
  inputHash?: string | null;
  extraContext?: Record<string, unknown>;
  /** Stored instead of call.surface for events that no agent surface produced (collectors). */
  surfaceLabel?: string;
  /** Write the `activity.observed` outbox row of an allowed call (only when a route listens). */
  emitObserved?: boolean;
}

/** `{"tool_input":…,"cwd":…,…extra}` within MAX_CONTEXT_CHARS, reusing the serialized input. */
function contextJson(toolInputJson: string, cwd: string | null, extra?: Record<string, unknown>): string {
  const rest = JSON.stringify({ cwd, ...extra });
  const text = `{"tool_input":${toolInputJson},${rest.slice(1)}`;
  if (text.length <= MAX_CONTEXT_CHARS) return text;
  return JSON.stringify({ truncated: true, original_chars: text.length, preview: text.slice(0, MAX_CONTEXT_CHARS - 100) });
}

export function summarizeCall(call: ToolCall): string {
  const what =
    call.command ??
    (call.filePath ? `${call.tool} ${call.filePath}` : undefined) ??
    call.url ??
    (call.prompt !== undefined ? `prompt: ${call.prompt}` : undefined) ??
    (call.mcp ? `mcp ${call.mcp.server}/${call.mcp.tool}` : undefined) ??
    call.toolName;
  return what.length > MAX_SUMMARY_CHARS ? `${what.slice(0, MAX_SUMMARY_CHARS - 1)}…` : what;
}

function activityEventType(kind: ShieldEventKind, verdict: Decision['verdict']): OutboxEventType {
  const mcp = kind === 'mcp_evaluate' || kind === 'mcp_event';
  if (verdict === 'deny') return mcp ? 'mcp.blocked' : 'activity.blocked';
  if (verdict === 'warn') return mcp ? 'mcp.warned' : 'activity.warned';
  return 'activity.observed';
}

export class DecisionRecorder {
  constructor(private readonly writer: GroupCommitWriter) {}

  /** The shield event row of one decision. */
  private eventRow(input: RecordInput, id: string, summary: string): Record<string, unknown> {
    const { call, decision } = input;
    // Serialized once: hashed for input_hash and embedded in the stored context.
    const toolInputJson = JSON.stringify(call.toolInput);
    return {
      id,
      org_id: input.orgId,
      workstation_id: input.workstationId,
      hostname: input.hostname,
      surface: input.surfaceLabel ?? call.surface,
      event: call.event.slice(0, 64),
      kind: input.kind,
      session_key: call.sessionId?.slice(0, 200) ?? null,
      tool_name: call.toolName.slice(0, 200),
      canonical_tool: call.tool,
      verdict: decision.verdict,
      severity: decision.severity,
      pattern_name: decision.patternName?.slice(0, 120) ?? null,
      category: decision.category?.slice(0, 64) ?? null,
      detection_layer: decision.detectionLayer,
      reason: decision.reason.slice(0, 500),
      summary,
      policy_version: decision.policyVersion,
      input_hash: input.inputHash ?? sha256Hex(toolInputJson),
      context: contextJson(toolInputJson, call.cwd ?? null, input.extraContext),
      created_at: input.at,
    };
  }

  /** The outbox event of one decision (activity.* or mcp.*). */
  private outboxEvent(input: RecordInput, type: OutboxEventType, id: string, summary: string): OutboxEvent {
    const { call, decision } = input;
    return {
      orgId: input.orgId,
      type,
      severity: decision.verdict === 'allow' ? 'info' : decision.severity,
      sourceTable: 'shield_events',
      sourceId: id,
      workstationId: input.workstationId,
      surface: call.surface,
      occurredAt: input.at,
      data: {
        host: { hostname: input.hostname, platform: input.platform ?? null },
        session: { id: call.sessionId ?? null },
        actor: { email: call.userHint ?? null, type: 'user' },
        risk: { verdict: decision.verdict, category: decision.category },
        evidence: {
          title: decision.verdict === 'allow' ? `${call.toolName} allowed` : `${call.toolName} ${decision.verdict === 'deny' ? 'blocked' : 'warned'}: ${decision.patternName ?? decision.detectionLayer}`,
          summary: decision.verdict === 'allow' ? summary : decision.reason,
          details: { tool_name: call.toolName, surface: call.surface, pattern_name: decision.patternName, detection_layer: decision.detectionLayer, policy_version: decision.policyVersion, input_summary: summary },
        },
      },
    };
  }

  /** Resolves once the events and their outbox rows are committed. */
  async record(inputs: RecordInput[]): Promise<void> {
    if (inputs.length === 0) return;
    const events: Record<string, unknown>[] = [];
    const outbox: OutboxEvent[] = [];
    for (const input of inputs) {
      const id = newId(input.at);
      const summary = summarizeCall(input.call);
      events.push(this.eventRow(input, id, summary));
      const type = activityEventType(input.kind, input.decision.verdict);
      // An allowed call's activity.observed row is written only when a route listens for it.
      if (type !== 'activity.observed' || input.emitObserved !== false) outbox.push(this.outboxEvent(input, type, id, summary));
    }
    await this.writer.write([{ table: 'shield_events', rows: events }, outboxInsert(outbox)]);
  }
}
