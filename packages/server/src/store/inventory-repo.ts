// SQL of the inventory (inventory/*.ts holds the rules): a host's skills, MCP servers and
// plugins, the counts behind the inventory caps, and the fleet-wide aggregates of the inventory
// views. Every query takes the org id; the per-host ones also take the workstation id.
import type { Knex } from 'knex';

export type InventoryKind = 'skills' | 'mcp_servers' | 'plugins';

/** Rows per multi-row statement: well inside both stores' bound-parameter limits. */
const CHUNK = 200;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * LIKE pattern for a substring search, wildcards of the input escaped with `!` (a backslash
 * means different things in MySQL and SQLite string literals; `!` means the same in both).
 */
export function likePattern(search: string): string {
  return `%${search.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

function whereContains(q: Knex.QueryBuilder, column: string, text: string | undefined): void {
  if (text) q.whereRaw(`${column} LIKE ? ESCAPE '!'`, [likePattern(text)]);
}

export interface SkillRow {
  workstation_id: string;
  org_id: string;
  name: string;
  source: string;
  preview: string;
  hash: string;
  previous_hash: string | null;
  risk_score: number;
  risk_level: string;
  risk_flags: string;
  first_seen_at: number;
  last_seen_at: number;
  hash_changed_at: number | null;
}

export interface McpServerRow {
  workstation_id: string;
  org_id: string;
  name: string;
  type: string;
  command: string | null;
  source: string;
  platform: string;
  first_seen_at: number;
  last_seen_at: number;
}

export interface PluginRow {
  workstation_id: string;
  org_id: string;
  full_name: string;
  version: string | null;
  platform: string;
  source: string | null;
  first_seen_at: number;
  last_seen_at: number;
}

/**
 * The org condition of a query that finds its rows by workstation id. The `+` keeps SQLite from
 * choosing the org's index over the workstation's (it would read every row of the org); the
 * rows are found by the host's key, and the condition only refuses another org's host.
 */
export function ofOrg<Q extends Knex.QueryBuilder>(q: Q, orgId: string): Q {
  return q.whereRaw('+org_id = ?', [orgId]) as Q;
}

export type InventoryItemRef = { component: 'skill' | 'mcp_server' | 'plugin'; name: string; source?: string | null; platform?: string | null };

export class InventoryRepo {
  constructor(private readonly db: Knex | Knex.Transaction) {}

  /** Rows of `kind` on one host, or in the whole org. */
  async countRows(kind: InventoryKind, orgId: string, workstationId?: string): Promise<number> {
    const q = workstationId === undefined ? this.db(kind).where({ org_id: orgId }) : ofOrg(this.db(kind).where({ workstation_id: workstationId }), orgId);
    const row = await q.count<{ n: number }[]>({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }

  // ---- a host's report (inside the report's transaction) ----

  async skillHashes(orgId: string, workstationId: string): Promise<{ name: string; source: string; hash: string }[]> {
    return ofOrg(this.db('skills').where({ workstation_id: workstationId }), orgId).select('name', 'source', 'hash');
  }

  async updateSkill(orgId: string, workstationId: string, key: { name: string; source: string }, changes: Partial<SkillRow>): Promise<void> {
    await ofOrg(this.db('skills').where({ workstation_id: workstationId, name: key.name, source: key.source }), orgId).update(changes);
  }

  /**
   * MySQL compares names under the column's collation (case- and accent-insensitive by default):
   * `Deploy` or `déploy` is new to a caller comparing strings, yet the same key as a stored
   * `deploy` there. Such a row merges into the stored one instead of failing the report.
   */
  async insertSkills(rows: SkillRow[]): Promise<void> {
    const merged = ['preview', 'hash', 'risk_score', 'risk_level', 'risk_flags', 'last_seen_at'];
    for (const part of chunks(rows)) await this.db('skills').insert(part).onConflict(['workstation_id', 'name', 'source']).merge(merged);
  }

  /** Refreshes last_seen_at of the named skills of one source; returns how many were named. */
  async touchSkills(orgId: string, workstationId: string, source: string, names: string[], now: number): Promise<number> {
    for (const part of chunks(names)) {
      await ofOrg(this.db('skills').where({ workstation_id: workstationId, source }).whereIn('name', part), orgId).update({ last_seen_at: now });
    }
    return names.length;
  }

  async mcpServerKeys(orgId: string, workstationId: string): Promise<{ platform: string; source: string; name: string }[]> {
    return ofOrg(this.db('mcp_servers').where({ workstation_id: workstationId }), orgId).select('platform', 'source', 'name');
  }

  async upsertMcpServers(rows: McpServerRow[]): Promise<void> {
    for (const part of chunks(rows)) await this.db('mcp_servers').insert(part).onConflict(['workstation_id', 'platform', 'source', 'name']).merge(['type', 'command', 'last_seen_at']);
  }

  async pluginKeys(orgId: string, workstationId: string): Promise<{ platform: string; full_name: string }[]> {
    return ofOrg(this.db('plugins').where({ workstation_id: workstationId }), orgId).select('platform', 'full_name');
  }

  async upsertPlugins(rows: PluginRow[]): Promise<void> {
    for (const part of chunks(rows)) await this.db('plugins').insert(part).onConflict(['workstation_id', 'platform', 'full_name']).merge(['version', 'source', 'last_seen_at']);
  }

  /** Removes one item (an uninstall event); an absent source or platform matches any. Returns rows removed. */
  async removeItem(orgId: string, workstationId: string, item: InventoryItemRef): Promise<number> {
    const host = { workstation_id: workstationId };
    if (item.component === 'skill') {
      const q = ofOrg(this.db('skills').where({ ...host, name: item.name }), orgId);
      if (item.source) q.where({ source: item.source });
      return q.delete();
    }
    if (item.component === 'mcp_server') {
      const q = ofOrg(this.db('mcp_servers').where({ ...host, name: item.name }), orgId);
      if (item.source) q.where({ source: item.source });
      if (item.platform) q.where({ platform: item.platform });
      return q.delete();
    }
    const q = ofOrg(this.db('plugins').where({ ...host, full_name: item.name }), orgId);
    if (item.platform) q.where({ platform: item.platform });
    return q.delete();
  }

  // ---- one host's inventory (host detail) ----

  async hostInventory(orgId: string, workstationId: string, max: number) {
    const host = (table: InventoryKind) => ofOrg(this.db(table).where({ workstation_id: workstationId }), orgId);
    const [skills, mcpServers, plugins] = await Promise.all([
      host('skills').orderBy('name').limit(max).select('name', 'source', 'hash', 'previous_hash', 'risk_score', 'risk_level', 'risk_flags', 'first_seen_at', 'last_seen_at', 'hash_changed_at'),
      host('mcp_servers').orderBy('name').limit(max).select('name', 'type', 'command', 'source', 'platform', 'first_seen_at', 'last_seen_at'),
      host('plugins').orderBy('full_name').limit(max).select('full_name', 'version', 'platform', 'source', 'first_seen_at', 'last_seen_at'),
    ]);
    return { skills: skills as Record<string, any>[], mcpServers: mcpServers as Record<string, any>[], plugins: plugins as Record<string, any>[] };
  }

  // ---- fleet-wide views ----

  /** Up to `limit` distinct skill names after `after`, in name order (an index-ordered DISTINCT). */
  async skillNames(orgId: string, page: { after?: string; search?: string; limit: number }): Promise<string[]> {
    const q = this.db('skills').where('org_id', orgId);
    if (page.after !== undefined) q.where('name', '>', page.after);
    whereContains(q, 'name', page.search);
    return (await q.distinct('name').orderBy('name', 'asc').limit(page.limit)).map((r: { name: string }) => r.name);
  }

  /** Per name: hosts, variants, top score, first and last seen; and its (source, risk_flags) pairs. */
  async skillAggregates(orgId: string, names: string[]) {
    const db = this.db;
    const [groups, detail] = await Promise.all([
      db('skills')
        .where('org_id', orgId)
        .whereIn('name', names)
        .groupBy('name')
        .select('name', db.raw('COUNT(DISTINCT workstation_id) AS hosts'), db.raw('COUNT(DISTINCT hash) AS variants'), db.raw('MAX(risk_score) AS score'), db.raw('MIN(first_seen_at) AS first_seen'), db.raw('MAX(last_seen_at) AS last_seen')),
      db('skills').where('org_id', orgId).whereIn('name', names).groupBy('name', 'source', 'risk_flags').select('name', 'source', 'risk_flags'),
    ]);
    return { groups: groups as Record<string, any>[], detail: detail as { name: string; risk_flags: string; source: string }[] };
  }

  /** One skill name: its variants, the hosts reporting it (newest first, at most hostMax), and the host count. */
  async skillByName(orgId: string, name: string, hostMax: number) {
    const db = this.db;
    const variants: Record<string, any>[] = await db('skills')
      .where({ org_id: orgId, name })
      .groupBy('hash', 'preview', 'risk_score', 'risk_level', 'risk_flags')
      .select('hash', 'preview', 'risk_score', 'risk_level', 'risk_flags', db.raw('COUNT(*) AS hosts'), db.raw('MIN(first_seen_at) AS first_seen'), db.raw('MAX(last_seen_at) AS last_seen'));
    if (variants.length === 0) return null;
    const [hosts, countRow] = await Promise.all([
      db('skills as s')
        .join('workstations as w', function () {
          this.on('w.id', '=', 's.workstation_id').andOn('w.org_id', '=', 's.org_id');
        })
        .where({ 's.org_id': orgId, 's.name': name })
        .orderBy('s.last_seen_at', 'desc')
        .limit(hostMax)
        .select('w.id', 'w.hostname', 's.source', 's.hash', 's.previous_hash', 's.hash_changed_at', 's.first_seen_at', 's.last_seen_at'),
      db('skills').where({ org_id: orgId, name }).countDistinct<{ n: number }[]>({ n: 'workstation_id' }).first(),
    ]);
    return { variants, hosts: hosts as Record<string, any>[], hostCount: Number(countRow?.n ?? 0) };
  }

  /** MCP configurations (name, platform, type, source, command) with host counts, from a covering index. */
  async mcpServerGroups(orgId: string, search?: string): Promise<Record<string, any>[]> {
    const q = this.db('mcp_servers').where('org_id', orgId);
    whereContains(q, 'name', search);
    return q
      .groupBy('name', 'platform', 'type', 'source', 'command')
      .select('name', 'platform', 'type', 'source', 'command', this.db.raw('COUNT(*) AS hosts'), this.db.raw('MIN(first_seen_at) AS first_seen'), this.db.raw('MAX(last_seen_at) AS last_seen'));
  }

  /** Plugins per (full_name, platform, version, source) with host counts. */
  async pluginGroups(orgId: string, search?: string): Promise<Record<string, any>[]> {
    const q = this.db('plugins').where('org_id', orgId);
    whereContains(q, 'full_name', search);
    return q
      .groupBy('full_name', 'platform', 'version', 'source')
      .select('full_name', 'platform', 'version', 'source', this.db.raw('COUNT(*) AS hosts'), this.db.raw('MIN(first_seen_at) AS first_seen'), this.db.raw('MAX(last_seen_at) AS last_seen'));
  }
}
