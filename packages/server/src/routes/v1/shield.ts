// Baseline policy read, collector event ingest, recent blocked/warned events, pack templates.
import { z } from 'zod';
import { BadRequestError } from '../../http/errors.js';
import { ADMIN_ACCESS, defineRoute, RUNTIME_ACCESS } from '../../http/route.js';
import { parseBody } from '../../http/validate.js';
import { POLICY_PACK_TEMPLATES } from '../../policy/index.js';
import { SEVERITIES } from '../../policy/types.js';
import { collectorReport } from '../../runtime/events.js';
import { identityText } from '../../fleet/identity.js';
import { accepted, baselinePolicy, policyPackTemplates, recentEvents as recentEventsResponse } from '@service/api';

export const MAX_EVENTS_PER_BATCH = 100;

/** Verdicts a collector may report; `block` is accepted as a synonym of deny. */
export const reportedVerdict = z.enum(['allow', 'warn', 'deny', 'block']).transform((v) => (v === 'block' ? 'deny' : v));
const shortText = (max: number) => z.string().max(max, `must be at most ${max} characters`);

const collectorEvent = z.object({
  hostname: identityText('hostname').min(1, 'must not be empty'),
  detection_layer: z.string().regex(/^[a-z0-9_.-]{1,32}$/, 'must be 1-32 characters of a-z, 0-9, _ . -'),
  verdict: reportedVerdict,
  severity: z.enum(SEVERITIES),
  security_level: z.enum(['strict', 'balanced', 'permissive', 'moderate']).optional(),
  input_hash: shortText(128).optional(),
  session_id: shortText(200).optional(),
  tool_name: shortText(200).min(1, 'must not be empty'),
  enforcement_reason: shortText(2000).optional(),
  context: z.record(z.unknown()).optional(),
  machine_id: identityText('machine_id').optional(),
});

const eventsBody = z.object({
  events: z
    .array(z.unknown(), { invalid_type_error: 'events must be an array' })
    .min(1, 'events must hold at least one event')
    .max(MAX_EVENTS_PER_BATCH, `at most ${MAX_EVENTS_PER_BATCH} events per batch; split larger batches`),
});

export const shieldRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/shield/policy',
    access: RUNTIME_ACCESS,
    summary: 'Effective baseline policy of the key’s organization (defaults when not customized)',
    response: { 200: baselinePolicy },
    async handler(ctx, deps) {
      const { policy } = await deps.policies.get(ctx.state.principal.orgId);
      ctx.body = {
        security_level: policy.security_level,
        custom_blacklist: policy.custom_blacklist,
        trusted_sources: policy.trusted_sources,
        entropy_threshold: policy.entropy_threshold,
        max_input_length: policy.max_input_length,
        auto_block: policy.auto_block,
      };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/v1/shield/events',
    access: RUNTIME_ACCESS,
    summary: 'Batch ingest of decisions already made by collectors (at most 100 per batch, all or nothing)',
    request: { body: z.object({ events: z.array(collectorEvent).min(1).max(MAX_EVENTS_PER_BATCH) }) },
    response: { 200: accepted },
    async handler(ctx, deps) {
      const { events } = parseBody(eventsBody, ctx.state.body);
      // Validate every item before storing any: a batch is all or nothing.
      const parsed = events.map((item, i) => {
        const r = collectorEvent.safeParse(item);
        if (!r.success) {
          const issue = r.error.issues[0];
          throw new BadRequestError(`events[${i}].${issue.path.join('.') || '(item)'}: ${issue.message}.`);
        }
        return r.data;
      });
      ctx.body = await deps.events.ingest(ctx.state.principal, parsed.map(collectorReport));
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/v1/claude-code/recent',
    access: ADMIN_ACCESS,
    summary: 'Most recent blocked or warned events, newest first (limit 1-50, default 10)',
    request: { query: z.object({ hostname: z.string().optional(), limit: z.coerce.number().int().min(1).max(50).optional() }) },
    response: { 200: recentEventsResponse },
    async handler(ctx, deps) {
      ctx.body = await deps.events.recent(ctx.state.principal.orgId, { hostname: ctx.query.hostname, limit: ctx.query.limit });
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/v1/policy-packs/templates',
    access: RUNTIME_ACCESS,
    summary: 'Built-in policy profile templates',
    response: { 200: policyPackTemplates },
    async handler(ctx) {
      ctx.body = {
        templates: POLICY_PACK_TEMPLATES.map((t) => ({
          slug: t.slug,
          name: t.name,
          description: t.description,
          shield_section: t.shield_section,
          tools_section: t.tools_section,
          mcp_section: t.mcp_section,
          network_section: t.network_section,
        })),
      };
    },
  }),
];
