// MCP gateway endpoints (payloads designed here; the spec leaves them "not shown"; see
// docs/api.md): pre-execution decisions, observed activity, and inventory sync with drift.
import { z } from 'zod';
import { replyJson } from '../../http/reply.js';
import { defineRoute, RUNTIME_ACCESS } from '../../http/route.js';
import { parseBody } from '../../http/validate.js';
import { SEVERITIES, type Surface, type ToolCall } from '../../policy/types.js';
import { mcpActivityReport } from '../../runtime/events.js';
import { evaluateMcpCall } from '../../runtime/hook-call.js';
import { normalizeHookCall } from '../../runtime/surfaces.js';
import { surfaceFromQuery } from './surface-query.js';
import { MAX_EVENTS_PER_BATCH, reportedVerdict } from './shield.js';
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
    .array(mcpCall.extend({ verdict: reportedVerdict.default('allow'), severity: z.enum(SEVERITIES).default('info'), reason: z.string().max(2000).optional() }))
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
      const outcome = await evaluateMcpCall(deps, ctx.state.principal, mcpToolCall(body, ctx.req.headers));
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
      const reports = events.map((e) => mcpActivityReport(mcpToolCall(e, ctx.headers), e));
      ctx.body = await deps.events.ingest(ctx.state.principal, reports);
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
      const servers = body.servers.map((server) => ({ name: server.name, tools: server.tools.map((t) => (typeof t === 'string' ? t : t.name)) }));
      ctx.body = await deps.events.syncMcpInventory(ctx.state.principal.orgId, { servers, hostname: body.hostname ?? null, surface: sourceSurface(body.source) });
    },
  }),
];
