// GET /api/v1/claude-code/health: connectivity check and hook health of one surface for the
// key's org (spec: every field of the endpoint's table). Counts are capped so the check stays
// cheap on any fleet size; a `*_truncated` flag says the real number is above the cap.
import type { FleetReadRepo } from '../store/fleet-read-repo.js';
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

/** A count of at most cap + 1 rows: the count shown and whether it went over the cap. */
const capped = (n: number, cap: number) => ({ n: Math.min(n, cap), truncated: n > cap });

export async function hookHealth(reads: FleetReadRepo, orgId: string, source: HealthSource, now = Date.now()): Promise<HookHealth> {
  const counts = await reads.hookHealth(orgId, source, { active: now - ONLINE_WINDOW_MS, day: now - DAY_MS }, HEALTH_CAPS);
  const last = counts.last;
  const hosts = capped(counts.hosts, HEALTH_CAPS.activeHosts);
  const sessions = capped(counts.sessions, HEALTH_CAPS.activeSessions);
  const ev24 = capped(counts.events24h, HEALTH_CAPS.events24h);
  const lastAt = last ? last.at : null;
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
