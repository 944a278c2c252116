// MCP server and plugin inventories across the fleet (spec: "MCP server inventory entry": name,
// type, command, source, platform, and hosts / first seen / last seen aggregated in the view;
// "Plugin inventory entry").
//
// One MCP row per configuration (name, platform, source, type, command): a host has at most one
// row per (platform, source, name), so COUNT(*) of a configuration is its exact host count, with
// no COUNT(DISTINCT), which MySQL answers slowly. One plugin row per (full_name, platform) with
// its versions: a host has one row per (platform, full_name), so the sum over versions is exact.
// The GROUP BY reads only a covering index (migration 005); distinct configurations are few
// (hundreds in a large fleet), so the page is cut from the grouped result.
import type { InventoryRepo } from '../store/inventory-repo.js';
import { decodeNameCursor, encodeNameCursor } from './skills-view.js';

const iso = (ms: unknown) => (ms === null || ms === undefined || Number(ms) <= 0 ? null : new Date(Number(ms)).toISOString());

interface Page {
  limit: number;
  cursor?: string;
  search?: string;
}

/** Rows sorted by key, the ones after the cursor's key, cut to the page. */
function cut<T>(rows: T[], key: (r: T) => string[], page: Page, parts: number): { shown: T[]; next: string | null } {
  const cmp = (a: string[], b: string[]) => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
    return 0;
  };
  rows.sort((a, b) => cmp(key(a), key(b)));
  const after = page.cursor ? decodeNameCursor(page.cursor, parts) : null;
  const rest = after ? rows.filter((r) => cmp(key(r), after) > 0) : rows;
  const shown = rest.slice(0, page.limit);
  return { shown, next: rest.length > page.limit ? encodeNameCursor(key(shown[shown.length - 1])) : null };
}

export async function listMcpServers(repo: InventoryRepo, orgId: string, page: Page) {
  const groups = await repo.mcpServerGroups(orgId, page.search);
  const { shown, next } = cut(groups, (g) => [g.name, g.platform, g.source, g.type, g.command ?? ''], page, 5);
  return {
    mcp_servers: shown.map((g) => ({
      name: g.name,
      type: g.type,
      command: g.command ?? null,
      source: g.source,
      platform: g.platform,
      hosts: Number(g.hosts),
      first_seen_at: iso(g.first_seen),
      last_seen_at: iso(g.last_seen),
    })),
    next_cursor: next,
    limit: page.limit,
  };
}

export async function listPlugins(repo: InventoryRepo, orgId: string, page: Page) {
  const groups = await repo.pluginGroups(orgId, page.search);
  const merged = new Map<string, { full_name: string; platform: string; versions: Map<string, number>; sources: Set<string>; hosts: number; first: number; last: number }>();
  for (const g of groups) {
    const k = `${g.full_name}\u0000${g.platform}`;
    const m = merged.get(k) ?? { full_name: g.full_name, platform: g.platform, versions: new Map(), sources: new Set(), hosts: 0, first: Number.MAX_SAFE_INTEGER, last: 0 };
    const n = Number(g.hosts);
    m.hosts += n;
    if (g.version) m.versions.set(g.version, (m.versions.get(g.version) ?? 0) + n);
    if (g.source) m.sources.add(g.source);
    m.first = Math.min(m.first, Number(g.first_seen));
    m.last = Math.max(m.last, Number(g.last_seen));
    merged.set(k, m);
  }
  const { shown, next } = cut([...merged.values()], (m) => [m.full_name, m.platform], page, 2);
  return {
    plugins: shown.map((m) => ({
      full_name: m.full_name,
      platform: m.platform,
      hosts: m.hosts,
      versions: [...m.versions].map(([version, hosts]) => ({ version, hosts })).sort((a, b) => b.hosts - a.hosts),
      sources: [...m.sources].sort(),
      first_seen_at: iso(m.first),
      last_seen_at: iso(m.last),
    })),
    next_cursor: next,
    limit: page.limit,
  };
}
