// Records decisions: one shield event row per decision plus its outbox event, written through
// the group-commit writer, so a 200 to the agent means the record is committed.
import { newId } from '../ids.js';
import { outboxInsert, type OutboxEvent, type OutboxEventType } from '../notifications/outbox.js';
import type { Decision, ToolCall } from '../policy/types.js';
import { sha256Of, type GroupCommitWriter, type WireOp } from '../store/index.js';

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

/**
 * The shield_events columns, in the order eventValues() lists each row's values. One constant
 * list: a batch merges every caller's rows into one multi-row insert by its identity, and the
 * rows skip the per-row key walk that object rows need.
 */
const SHIELD_EVENT_COLUMNS = [
  'id',
  'org_id',
  'workstation_id',
  'hostname',
  'surface',
  'event',
  'kind',
  'session_key',
  'tool_name',
  'canonical_tool',
  'verdict',
  'severity',
  'pattern_name',
  'category',
  'detection_layer',
  'reason',
  'summary',
  'policy_version',
  'input_hash',
  'context',
  'created_at',
];

export class DecisionRecorder {
  constructor(private readonly writer: GroupCommitWriter) {}

  /** Appends the shield event row of one decision to `values`, in SHIELD_EVENT_COLUMNS order. */
  private eventValues(values: unknown[], input: RecordInput, id: string, summary: string): void {
    const { call, decision } = input;
    // Serialized once: embedded in the stored context and hashed (on the writer thread) for input_hash.
    const toolInputJson = JSON.stringify(call.toolInput);
    values.push(
      id,
      input.orgId,
      input.workstationId,
      input.hostname,
      input.surfaceLabel ?? call.surface,
      call.event.slice(0, 64),
      input.kind,
      call.sessionId?.slice(0, 200) ?? null,
      call.toolName.slice(0, 200),
      call.tool,
      decision.verdict,
      decision.severity,
      decision.patternName?.slice(0, 120) ?? null,
      decision.category?.slice(0, 64) ?? null,
      decision.detectionLayer,
      decision.reason.slice(0, 500),
      summary,
      decision.policyVersion,
      input.inputHash ?? sha256Of(toolInputJson),
      contextJson(toolInputJson, call.cwd ?? null, input.extraContext),
      input.at,
    );
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
    const events: WireOp = { table: 'shield_events', columns: SHIELD_EVENT_COLUMNS, values: [] };
    const outbox: OutboxEvent[] = [];
    for (const input of inputs) {
      const id = newId(input.at);
      const summary = summarizeCall(input.call);
      this.eventValues(events.values, input, id, summary);
      const type = activityEventType(input.kind, input.decision.verdict);
      // An allowed call's activity.observed row is written only when a route listens for it.
      if (type !== 'activity.observed' || input.emitObserved !== false) outbox.push(this.outboxEvent(input, type, id, summary));
    }
    await this.writer.write([events, outboxInsert(outbox)]);
  }
}
