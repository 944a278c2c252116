// GET /api/v1/claude-code/health: connectivity check and hook health of one surface for the
// key's org (spec: every field of the endpoint's table). Counts are capped so the check stays
// cheap on any fleet size; a `*_truncated` flag says the real number is above the cap.
import type { Knex } from 'knex';
import { ONLINE_WINDOW_MS } from './derive/index.js';
import type { HookHealthResponse } from '@service/api';

/** The values the spec allows for `source` (no `grok`: it has no hooks to check). */
export const HEALTH_SOURCES = ['claude-code', 'claude-chat', 'cowork', 'cursor', 'windsurf', 'copilot', 'codex', 'gemini', 'antigravity'] as const;
export type HealthSource = (typeof HEALTH_SOURCES)[number];

export const SOURCE_LABELS: Record<HealthSource, string> = {
  'claude-code': 'Claude Code',
  'claude-chat': 'Claude Desktop (MCP gateway)',
  cowork: 'Cowork',
  cursor: 'Cursor',
  windsurf: 'Windsurf',
  copilot: 'GitHub Copilot',
  codex: 'Codex CLI',
  gemini: 'Gemini CLI',
  antigravity: 'Antigravity',
};

/** Documented caps behind the *_truncated flags (docs/api-fleet.md). */
export const HEALTH_CAPS = { activeHosts: 1000, activeSessions: 1000, events24h: 10_000 } as const;
const DAY_MS = 24 * 60 * 60 * 1000;

export type HookHealth = HookHealthResponse;

/** COUNT(*) of at most cap + 1 rows: the count and whether it went over the cap. */
async function cappedCount(knex: Knex, inner: Knex.QueryBuilder, cap: number): Promise<{ n: number; truncated: boolean }> {
  const row = await knex.from(inner.select(knex.raw('1 as one')).limit(cap + 1).as('capped')).count<{ n: number }[]>({ n: '*' }).first();
  const n = Number(row?.n ?? 0);
  return { n: Math.min(n, cap), truncated: n > cap };
}

export async function hookHealth(knex: Knex, orgId: string, source: HealthSource, now = Date.now()): Promise<HookHealth> {
  const activeSince = now - ONLINE_WINDOW_MS;
  // A surface is connected through hook events; an MDM coverage record or a setup report
  // without an event yet (last_event_at 0) is not a hook reporting.
  const events = () => knex('workstation_surfaces as s').where({ 's.org_id': orgId, 's.surface': source }).whereNot('s.hook_type', 'mdm').where('s.last_event_at', '>', 0);
  const last = await events().join('workstations as w', 'w.id', 's.workstation_id').orderBy('s.last_event_at', 'desc').first('s.last_event_at as at', 'w.hostname');
  const [hosts, sessions, ev24] = await Promise.all([
    cappedCount(knex, events().where('s.last_event_at', '>=', activeSince), HEALTH_CAPS.activeHosts),
    cappedCount(knex, knex('sessions').where({ org_id: orgId, surface: source }).where('last_seen_at', '>=', activeSince).whereNull('ended_at'), HEALTH_CAPS.activeSessions),
    cappedCount(knex, knex('shield_events').where({ org_id: orgId, surface: source }).where('created_at', '>=', now - DAY_MS), HEALTH_CAPS.events24h),
  ]);
  const lastAt = last ? Number(last.at) : null;
  const active = hosts.n > 0;
  return {
    ok: true,
    source,
    source_label: SOURCE_LABELS[source],
    hooks_active: active,
    hooks_stale: lastAt !== null && !active,
    hooks_never_connected: lastAt === null,
    last_seen_at: lastAt === null ? null : new Date(lastAt).toISOString(),
    last_hostname: last?.hostname ?? null,
    active_hosts: hosts.n,
    active_hosts_truncated: hosts.truncated,
    active_sessions: sessions.n,
    active_sessions_truncated: sessions.truncated,
    events_24h: ev24.n,
    events_24h_truncated: ev24.truncated,
  };
}
