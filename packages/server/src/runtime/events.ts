// Events reported after the fact (decisions a collector or the MCP gateway already made), the
// recent blocked/warned list, and the MCP gateway's inventory sync. Reports from
// /shield/events and /mcp/events share one verb, `ingest`: each report's workstation is
// registered or heartbeated, then the whole batch is recorded through the group-commit writer
// (all or nothing; the answer waits for the commit).
import type { KeyPrincipal } from '../accounts/key-cache.js';
import type { Activity } from '../fleet/heartbeats.js';
import { outboxRow } from '../outbox.js';
import type { Decision, Severity, Surface, ToolCall } from '../policy/types.js';
import { sha256Hex } from '../sha256.js';
import { insertOutboxRows } from '../store/outbox-repo.js';
import type { RuntimeEventsRepo } from '../store/runtime-events-repo.js';
import { workstationForCall, type HookCallDeps } from './hook-call.js';
import { recentEvents } from './recent.js';
import type { RecordInput, ShieldEventKind } from './recorder.js';

/** One reported decision, whichever reporter sent it. */
export interface ReportedEvent {
  kind: Extract<ShieldEventKind, 'collector' | 'mcp_event'>;
  call: ToolCall;
  verdict: 'allow' | 'warn' | 'deny';
  severity: Severity;
  /** The reporter's own layer name (a collector's detection_layer, `mcp` for the gateway). */
  category: string;
  reason: string;
  /** How the report counts as workstation activity, beyond its time and whether it blocked. */
  activity?: Pick<Activity, 'surface' | 'hookType' | 'agentActivity'>;
  inputHash?: string | null;
  surfaceLabel?: string;
  extraContext?: Record<string, unknown>;
}

/** A collector's event, as /shield/events validates it. */
export interface CollectorEvent {
  hostname: string;
  machine_id?: string;
  detection_layer: string;
  verdict: 'allow' | 'warn' | 'deny';
  severity: Severity;
  security_level?: string;
  input_hash?: string;
  session_id?: string;
  tool_name: string;
  enforcement_reason?: string;
  context?: Record<string, unknown>;
}

export function collectorReport(e: CollectorEvent): ReportedEvent {
  const toolInput = e.context?.tool_input && typeof e.context.tool_input === 'object' ? e.context.tool_input : {};
  return {
    kind: 'collector',
    call: {
      surface: 'cowork',
      event: 'collector',
      phase: 'other',
      toolName: e.tool_name,
      tool: e.tool_name.startsWith('mcp__') ? 'mcp' : 'other',
      toolInput: toolInput as Record<string, unknown>,
      identity: { hostname: e.hostname, machineId: e.machine_id },
      sessionId: e.session_id,
    },
    verdict: e.verdict,
    severity: e.severity,
    category: e.detection_layer,
    reason: e.enforcement_reason ?? `Reported by a collector (${e.detection_layer}).`,
    inputHash: e.input_hash ?? null,
    surfaceLabel: 'collector',
    extraContext: { context: e.context ?? null, security_level: e.security_level ?? null },
  };
}

/** MCP activity the gateway observed (its call already normalized as an MCP tool call). */
export function mcpActivityReport(call: ToolCall, e: { verdict: 'allow' | 'warn' | 'deny'; severity: Severity; reason?: string }): ReportedEvent {
  return {
    kind: 'mcp_event',
    call,
    verdict: e.verdict,
    severity: e.severity,
    category: 'mcp',
    reason: e.reason ?? 'Observed MCP activity reported by the gateway.',
    activity: { surface: call.surface, hookType: 'extension', agentActivity: true },
  };
}

export interface McpServerInventory {
  name: string;
  tools: string[];
}

export interface McpDrift {
  server: string;
  added: string[];
  removed: string[];
}

export class RuntimeEvents {
  constructor(
    private readonly repo: RuntimeEventsRepo,
    private readonly deps: HookCallDeps,
  ) {}

  /** Records a batch of reported decisions; answers how many were accepted. */
  async ingest(principal: KeyPrincipal, reports: ReportedEvent[], now = Date.now()): Promise<{ accepted: number }> {
    const records: RecordInput[] = [];
    for (const r of reports) {
      const { workstationId } = await workstationForCall(this.deps, principal, r.call.identity, { at: now, ...r.activity, blocked: r.verdict === 'deny' });
      const decision: Decision = { verdict: r.verdict, patternName: null, severity: r.severity, detectionLayer: 'collector', category: r.category, reason: r.reason, policyVersion: 0 };
      records.push({
        orgId: principal.orgId,
        workstationId,
        hostname: r.call.identity.hostname ?? null,
        kind: r.kind,
        call: r.call,
        decision,
        at: now,
        inputHash: r.inputHash,
        surfaceLabel: r.surfaceLabel,
        extraContext: r.extraContext,
      });
    }
    await this.deps.recorder.record(records);
    return { accepted: records.length };
  }

  /** GET /claude-code/recent: the newest blocked or warned events. */
  recent(orgId: string, query: { hostname?: unknown; limit?: unknown }) {
    return recentEvents(this.repo, orgId, query);
  }

  /**
   * Stores the gateway's server/tool inventory; a server whose tools changed since its last sync
   * fires mcp.drift_detected (the first sight of a server is inventory, not drift). Answers the
   * drift and the org's MCP policy, which the gateway applies until its next sync.
   */
  async syncMcpInventory(orgId: string, sync: { servers: McpServerInventory[]; hostname: string | null; surface: Surface }, now = Date.now()) {
    const drift = await this.repo.transaction(async (tx) => {
      const changes: McpDrift[] = [];
      for (const server of sync.servers) {
        const tools = [...new Set(server.tools)].sort();
        const hash = sha256Hex(JSON.stringify(tools));
        const prior = await this.repo.gatewayServer(tx, orgId, server.name);
        if (prior && prior.tools_hash === hash) continue;
        await this.repo.saveGatewayServer(tx, orgId, server.name, hash, JSON.stringify(tools), now);
        if (!prior) continue;
        const before = new Set<string>(JSON.parse(prior.tools));
        const after = new Set(tools);
        const change = { server: server.name, added: tools.filter((t) => !before.has(t)), removed: [...before].filter((t) => !after.has(t)) };
        changes.push(change);
        await insertOutboxRows(tx, [
          outboxRow({
            orgId,
            type: 'mcp.drift_detected',
            severity: 'medium',
            sourceTable: 'mcp_gateway_inventory',
            sourceId: `${server.name}:${hash.slice(0, 16)}`,
            surface: sync.surface,
            occurredAt: now,
            data: {
              host: { hostname: sync.hostname, platform: null },
              evidence: { title: `MCP server ${server.name} changed its tools`, summary: `${change.added.length} tool(s) added, ${change.removed.length} removed.`, details: change },
            },
          }),
        ]);
      }
      return changes;
    });
    const { policy, version } = await this.deps.policies.get(orgId, now);
    return { synced: sync.servers.length, drift, policy: { policy_version: version, mcp: policy.mcp ?? null }, sync_interval_seconds: 30 };
  }
}
