// MCP gateway endpoints (payloads designed here; the spec leaves them "not shown"; see
// docs/api.md): pre-execution decisions, observed activity, and inventory sync with drift.
import { z } from 'zod';
import { sha256Hex } from '../../sha256.js';
import { replyJson } from '../../http/reply.js';
import { defineRoute, RUNTIME_ACCESS } from '../../http/route.js';
import { parseBody } from '../../http/validate.js';
import { decideToolCall } from '../../policy/index.js';
import { SEVERITIES, type Decision, type Surface, type ToolCall } from '../../policy/types.js';
import { recordHookDecision, workstationForCall } from '../../runtime/hook-call.js';
import { normalizeHookCall } from '../../runtime/surfaces.js';
import { surfaceFromQuery } from './surface-query.js';
import type { RecordInput } from '../../runtime/recorder.js';
import { outboxRow } from '../../notifications/outbox.js';
import { MAX_EVENTS_PER_BATCH } from './shield.js';
import { retryingTransaction } from '../../store/retrying-transaction.js';
import { identityText } from '../../fleet/identity.js';
import { accepted, mcpDecision, mcpSyncResponse } from '@service/api';

const name = (max: number) => z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);
const identity = {
  hostname: identityText('hostname').min(1, 'must not be empty').optional(),
  machine_id: identityText('machine_id').min(1, 'must not be empty').optional(),
  session_id: name(200).optional(),
  user_hint: name(320).optional(),
  source: z.string().optional(),
};

const mcpCall = z.object({ server: name(200), tool: name(200), arguments: z.record(z.unknown()).default({}), ...identity });

function sourceSurface(source: string | undefined): Surface {
  return source === undefined ? 'claude-chat' : surfaceFromQuery(source, 'source');
}

/** An MCP call as a ToolCall, through the generic adapter so MCP rules see the same shape. */
function mcpToolCall(body: z.infer<typeof mcpCall>, headers: Record<string, string | string[] | undefined>): ToolCall {
  const call = normalizeHookCall(
    'claude-chat',
    { tool_name: `mcp__${body.server}__${body.tool}`, tool_input: body.arguments, hook_event_name: 'PreToolUse', hostname: body.hostname, machine_id: body.machine_id, session_id: body.session_id, user_hint: body.user_hint },
    { headers, route: 'evaluate' },
  );
  return { ...call, surface: sourceSurface(body.source), event: 'mcp', mcp: { server: body.server, tool: body.tool } };
}

const mcpEventsBody = z.object({
  events: z
    .array(mcpCall.extend({ verdict: z.enum(['allow', 'warn', 'deny', 'block']).default('allow'), severity: z.enum(SEVERITIES).default('info'), reason: z.string().max(2000).optional() }))
    .min(1, 'events must hold at least one event')
    .max(MAX_EVENTS_PER_BATCH, `at most ${MAX_EVENTS_PER_BATCH} events per batch; split larger batches`),
});

const MAX_SYNC_SERVERS = 200;
const MAX_TOOLS_PER_SERVER = 1000;
const syncBody = z.object({
  ...identity,
  servers: z
    .array(
      z.object({
        name: name(200),
        transport: z.enum(['stdio', 'http', 'sse']).optional(),
        tools: z.array(z.union([name(200), z.object({ name: name(200) }).passthrough()])).max(MAX_TOOLS_PER_SERVER, `at most ${MAX_TOOLS_PER_SERVER} tools per server`),
      }),
    )
    .max(MAX_SYNC_SERVERS, `at most ${MAX_SYNC_SERVERS} servers per sync`),
});

export const mcpRoutes = [
  defineRoute({
    method: 'POST',
    path: '/api/v1/mcp/evaluate',
    access: RUNTIME_ACCESS,
    summary: 'Pre-execution decision for an MCP server/tool call (200 with the decision in the body)',
    request: { body: mcpCall },
    response: { 200: mcpDecision },
    hook: {
      kind: 'evaluate',
      surface: () => 'claude-chat', // only for the recorded call; the answer is rendered below
      recordAs: 'mcp_evaluate',
      render: (decision) => ({ decision: decision.verdict, reason: decision.reason, pattern_name: decision.patternName, severity: decision.severity, policy_version: decision.policyVersion }),
    },
    async handler(ctx, deps) {
      const body = parseBody(mcpCall, ctx.state.body);
      const call = mcpToolCall(body, ctx.req.headers);
      const now = Date.now();
      const policy = await deps.policies.get(ctx.state.principal.orgId, now);
      const decision = decideToolCall(policy.compiled, call);
      const outcome = await recordHookDecision(deps, ctx.state.principal, call, decision, 'mcp_evaluate', now, () => ({
        decision: decision.verdict,
        reason: decision.reason,
        pattern_name: decision.patternName,
        severity: decision.severity,
        policy_version: decision.policyVersion,
      }));
      replyJson(ctx, outcome.body);
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/v1/mcp/events',
    access: RUNTIME_ACCESS,
    summary: 'Report observed MCP activity (at most 100 events, all or nothing)',
    request: { body: mcpEventsBody },
    response: { 200: accepted },
    async handler(ctx, deps) {
      const { events } = parseBody(mcpEventsBody, ctx.state.body);
      const { orgId } = ctx.state.principal;
      const now = Date.now();
      const records: RecordInput[] = [];
      for (const e of events) {
        const call = mcpToolCall(e, ctx.headers);
        const verdict = e.verdict === 'block' ? 'deny' : e.verdict;
        const { workstationId } = await workstationForCall(deps, ctx.state.principal, call.identity, { at: now, surface: call.surface, hookType: 'extension', agentActivity: true, blocked: verdict === 'deny' });
        const decision: Decision = { verdict, patternName: null, severity: e.severity, detectionLayer: 'collector', category: 'mcp', reason: e.reason ?? 'Observed MCP activity reported by the gateway.', policyVersion: 0 };
        records.push({ orgId, workstationId, hostname: call.identity.hostname ?? null, kind: 'mcp_event', call, decision, at: now });
      }
      await deps.recorder.record(records);
      ctx.body = { accepted: records.length };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/v1/mcp/sync',
    access: RUNTIME_ACCESS,
    summary: 'Sync the MCP gateway’s server/tool inventory; fires mcp.drift_detected when a server’s tools change',
    request: { body: syncBody },
    response: { 200: mcpSyncResponse },
    async handler(ctx, deps) {
      const body = parseBody(syncBody, ctx.state.body);
      const { orgId } = ctx.state.principal;
      const now = Date.now();
      const drift = await retryingTransaction(deps.store.knex, async (trx) => {
        const changes: { server: string; added: string[]; removed: string[] }[] = [];
        for (const server of body.servers) {
          const tools = [...new Set(server.tools.map((t) => (typeof t === 'string' ? t : t.name)))].sort();
          const hash = sha256Hex(JSON.stringify(tools));
          const prior = await trx('mcp_gateway_inventory').where({ org_id: orgId, server: server.name }).first('tools_hash', 'tools');
          if (prior && prior.tools_hash === hash) continue;
          await trx('mcp_gateway_inventory').insert({ org_id: orgId, server: server.name, tools_hash: hash, tools: JSON.stringify(tools), updated_at: now }).onConflict(['org_id', 'server']).merge(['tools_hash', 'tools', 'updated_at']);
          if (!prior) continue; // first sight of a server is inventory, not drift
          const before = new Set<string>(JSON.parse(prior.tools));
          const after = new Set(tools);
          const change = { server: server.name, added: tools.filter((t) => !before.has(t)), removed: [...before].filter((t) => !after.has(t)) };
          changes.push(change);
          await trx('outbox').insert(
            outboxRow({
              orgId,
              type: 'mcp.drift_detected',
              severity: 'medium',
              sourceTable: 'mcp_gateway_inventory',
              sourceId: `${server.name}:${hash.slice(0, 16)}`,
              surface: sourceSurface(body.source),
              occurredAt: now,
              data: {
                host: { hostname: body.hostname ?? null, platform: null },
                evidence: { title: `MCP server ${server.name} changed its tools`, summary: `${change.added.length} tool(s) added, ${change.removed.length} removed.`, details: change },
              },
            }),
          );
        }
        return changes;
      });
      const { policy, version } = await deps.policies.get(orgId, now);
      ctx.body = { synced: body.servers.length, drift, policy: { policy_version: version, mcp: policy.mcp ?? null }, sync_interval_seconds: 30 };
    },
  }),
];
