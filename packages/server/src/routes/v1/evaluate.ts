// Hook-facing evaluation and audit (spec: POST /api/v1/evaluate, /audit, /claude-code/evaluate,
// /claude-code/audit). Evaluation answers 200 even when the verdict is deny: agent hook
// runtimes treat non-200 as hook failure (spec: Errors rule 1).
import type { AppContext } from '../../http/context.js';
import type { AppDeps } from '../../app-deps.js';
import { replyJson } from '../../http/reply.js';
import { defineRoute, RUNTIME_ACCESS, type HookRoute } from '../../http/route.js';
import { SURFACES, type Surface } from '../../policy/types.js';
import { handleHookCall } from '../../runtime/hook-call.js';
import { surfaceFromQuery } from './surface-query.js';
import { z } from 'zod';
import { auditAck, claudeHookAnswer, hookAnswer, hookPayload } from '@service/api';

/** The unified routes' `?tool=`: the surface whose payload and answer shape the call uses. */
export const toolQuery = z.object({ tool: z.enum(SURFACES) });

async function answer(ctx: AppContext, deps: AppDeps, surface: Surface, route: 'evaluate' | 'audit'): Promise<void> {
  const extra = ctx.state.bodyTruncated ? { body_truncated: true } : undefined;
  const outcome = await handleHookCall(deps, ctx.state.principal, surface, ctx.state.body, ctx.req.headers, route, extra);
  replyJson(ctx, outcome.body);
}

const hook = (kind: HookRoute['kind'], surface: (ctx: AppContext) => Surface): HookRoute => ({ kind, surface });
const fromQuery = (ctx: AppContext) => surfaceFromQuery(ctx.request.query.tool);
const claudeCode = (): Surface => 'claude-code';

export const evaluateRoutes = [
  defineRoute({
    method: 'POST',
    path: '/api/v1/evaluate',
    access: RUNTIME_ACCESS,
    summary: 'Unified policy evaluation for every surface (?tool=<surface>)',
    request: { query: toolQuery, body: hookPayload },
    response: { 200: hookAnswer },
    hook: hook('evaluate', fromQuery),
    handler: (ctx, deps) => answer(ctx, deps, surfaceFromQuery(ctx.request.query.tool), 'evaluate'),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/v1/audit',
    access: RUNTIME_ACCESS,
    summary: 'Unified post-tool audit ingestion (?tool=<surface>); never blocks; answers {}',
    request: { query: toolQuery, body: hookPayload },
    response: { 200: auditAck },
    hook: hook('audit', fromQuery),
    handler: (ctx, deps) => answer(ctx, deps, surfaceFromQuery(ctx.request.query.tool), 'audit'),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/v1/claude-code/evaluate',
    access: RUNTIME_ACCESS,
    summary: 'Claude Code UserPromptSubmit and PreToolUse evaluation',
    request: { body: hookPayload },
    response: { 200: claudeHookAnswer },
    hook: hook('evaluate', claudeCode),
    handler: (ctx, deps) => answer(ctx, deps, 'claude-code', 'evaluate'),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/v1/claude-code/audit',
    access: RUNTIME_ACCESS,
    summary: 'Claude Code PostToolUse audit; answers {}',
    request: { body: hookPayload },
    response: { 200: auditAck },
    hook: hook('audit', claudeCode),
    handler: (ctx, deps) => answer(ctx, deps, 'claude-code', 'audit'),
  }),
];
