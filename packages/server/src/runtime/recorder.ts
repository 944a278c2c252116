// Records decisions: one shield event row per decision plus its outbox event, written through
// the group-commit writer, so a 200 to the agent means the record is committed.
import { newId } from '../ids.js';
import { outboxInsert, type OutboxEvent, type OutboxEventType } from '../outbox.js';
import type { Decision, ToolCall } from '../policy/types.js';
import { redactText, redactValue } from '../redaction/redact.js';
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
  /** The event's id, when the caller needs it (chains, investigations); otherwise one is made. */
  id?: string;
  /** The call's session effects, encoded (policy/chains): what later calls chain with. */
  effects?: string | null;
}

/** `{"tool_input":…,"cwd":…,…extra}` within MAX_CONTEXT_CHARS, reusing the serialized input. */
function contextJson(toolInputJson: string, cwd: string | null, extra: Record<string, unknown> | undefined, redactedKinds: string[]): string {
  const rest = JSON.stringify(redactedKinds.length ? { cwd, ...extra, privacy: { redacted: true, kinds: [...new Set(redactedKinds)] } } : { cwd, ...extra });
  const text = `{"tool_input":${toolInputJson},${rest.slice(1)}`;
  if (text.length <= MAX_CONTEXT_CHARS) return text;
  // A hook body cut at the transport cap stays marked as such (http/hook-route.ts).
  const marks = extra?.body_truncated ? { body_truncated: true } : {};
  return JSON.stringify({ truncated: true, original_chars: text.length, ...marks, preview: text.slice(0, MAX_CONTEXT_CHARS - 100) });
}

export function summarizeCall(call: ToolCall): string {
  return boundedSummary(summaryText(call));
}

/** The summary before its cut. */
function summaryText(call: ToolCall): string {
  return (
    call.command ??
    (call.filePath ? `${call.tool} ${call.filePath}` : undefined) ??
    call.url ??
    (call.prompt !== undefined ? `prompt: ${call.prompt}` : undefined) ??
    (call.mcp ? `mcp ${call.mcp.server}/${call.mcp.tool}` : undefined) ??
    call.toolName
  );
}

/** Cut to MAX_SUMMARY_CHARS; redaction comes first, so a cut never leaves part of a secret unrecognised. */
function boundedSummary(what: string): string {
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
  'effects',
];

/**
 * What is stored and sent of one call, secrets cut (redaction/redact.ts): the tool input, the
 * summary, the reason, the working directory and the extra context. `kinds` is empty when
 * nothing was cut, the common case, which costs one pattern test per string.
 */
export interface RedactedCall {
  toolInputJson: string;
  inputHash: string | ReturnType<typeof sha256Of> | null;
  summary: string;
  reason: string;
  cwd: string | null;
  extra: Record<string, unknown> | undefined;
  kinds: string[];
}

export function redactCall(input: RecordInput): RedactedCall {
  const { call, decision } = input;
  const kinds: string[] = [];
  const toolInput = redactValue(call.toolInput, kinds);
  const toolInputJson = JSON.stringify(toolInput);
  // input_hash stays the hash of what the agent sent (equal inputs, equal hashes); when a secret
  // was cut it is computed here from the original, since the stored JSON is not the original.
  const inputHash = input.inputHash ?? (toolInput === call.toolInput ? null : sha256Of(JSON.stringify(call.toolInput)));
  // Redacted before the cut (a secret cut in half would no longer be recognised); only the start
  // is kept, so only the start is scanned.
  const summary = redactText(summaryText(call).slice(0, MAX_SUMMARY_CHARS * 4));
  const reason = redactText(decision.reason);
  const cwd = call.cwd ? redactText(call.cwd) : null;
  const extra = input.extraContext ? redactValue(input.extraContext, kinds) : undefined;
  kinds.push(...summary.kinds, ...reason.kinds, ...(cwd?.kinds ?? []));
  return { toolInputJson, inputHash, summary: boundedSummary(summary.text), reason: reason.text, cwd: cwd?.text ?? null, extra, kinds };
}

export class DecisionRecorder {
  constructor(private readonly writer: GroupCommitWriter) {}

  /** Appends the shield event row of one decision to `values`, in SHIELD_EVENT_COLUMNS order. */
  private eventValues(values: unknown[], input: RecordInput, id: string, r: RedactedCall): void {
    const { call, decision } = input;
    // Serialized once: embedded in the stored context and hashed (on the writer thread) for input_hash.
    const toolInputJson = r.toolInputJson;
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
      r.reason.slice(0, 500),
      r.summary,
      decision.policyVersion,
      r.inputHash ?? sha256Of(toolInputJson),
      contextJson(toolInputJson, r.cwd, r.extra, r.kinds),
      input.at,
      input.effects ?? null,
    );
  }

  /** The outbox event of one decision (activity.* or mcp.*). */
  private outboxEvent(input: RecordInput, type: OutboxEventType, id: string, r: RedactedCall): OutboxEvent {
    const { call, decision } = input;
    const summary = r.summary;
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
          summary: decision.verdict === 'allow' ? summary : r.reason,
          details: { tool_name: call.toolName, surface: call.surface, pattern_name: decision.patternName, detection_layer: decision.detectionLayer, policy_version: decision.policyVersion, input_summary: summary },
        },
        ...(r.kinds.length ? { privacy: { redacted: true, excluded_fields: [] } } : {}),
      },
    };
  }

  /** Resolves once the events and their outbox rows are committed. */
  async record(inputs: RecordInput[]): Promise<void> {
    if (inputs.length === 0) return;
    const events: WireOp = { table: 'shield_events', columns: SHIELD_EVENT_COLUMNS, values: [] };
    const outbox: OutboxEvent[] = [];
    for (const input of inputs) {
      const id = input.id ?? newId(input.at);
      const redacted = redactCall(input);
      this.eventValues(events.values, input, id, redacted);
      const type = activityEventType(input.kind, input.decision.verdict);
      // An allowed call's activity.observed row is written only when a route listens for it.
      if (type !== 'activity.observed' || input.emitObserved !== false) outbox.push(this.outboxEvent(input, type, id, redacted));
    }
    await this.writer.write([events, outboxInsert(outbox)]);
  }
}
