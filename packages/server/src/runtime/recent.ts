// GET /api/v1/claude-code/recent: the newest events that did not pass (deny or warn).
// `limit` never errors (spec: Errors rule 2): below 1 or not a number → 10; above 50 → 50.
import type { RuntimeEventsRepo } from '../store/runtime-events-repo.js';

export const RECENT_DEFAULT_LIMIT = 10;
export const RECENT_MAX_LIMIT = 50;

export function recentLimit(raw: unknown): number {
  const v = Array.isArray(raw) ? raw[0] : raw;
  if (typeof v !== 'string' || !/^\s*-?\d+\s*$/.test(v)) return RECENT_DEFAULT_LIMIT;
  const n = Number(v);
  if (n < 1) return RECENT_DEFAULT_LIMIT;
  return Math.min(n, RECENT_MAX_LIMIT);
}

export async function recentEvents(repo: Pick<RuntimeEventsRepo, 'recentFindings'>, orgId: string, query: { hostname?: unknown; limit?: unknown }) {
  const limit = recentLimit(query.limit);
  const hostname = typeof query.hostname === 'string' && query.hostname.trim() !== '' ? query.hostname.trim() : null;
  const rows = await repo.recentFindings(orgId, { hostname, limit: limit + 1 });
  const page = rows.slice(0, limit);
  return {
    events: page.map((r) => ({
      created_at: new Date(r.created_at).toISOString(),
      verdict: r.verdict,
      pattern_name: r.pattern_name ?? r.detection_layer,
      tool_name: r.tool_name,
      hostname: r.hostname ?? '',
      summary: r.summary,
    })),
    total: page.length,
    has_more: rows.length > limit,
    total_is_exact: false,
  };
}
