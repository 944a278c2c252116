// SQL of the runtime's recorded events outside the group-commit writer (runtime/*.ts holds the
// rules): a session's recent effects for chain judgement, the recent blocked/warned list, whether
// any webhook route listens for activity.observed, and the MCP gateway's inventory. Every query
// takes org_id. Event rows themselves are inserted by the group-commit writer (runtime/recorder.ts).
import { Repo, sqlOf, type Tx } from './repo.js';

export interface SessionEventRow {
  id: string;
  created_at: number;
  effects: string | null;
  verdict: string;
}

export interface RecentEventRow {
  created_at: number;
  verdict: string;
  pattern_name: string | null;
  tool_name: string;
  hostname: string | null;
  summary: string;
  detection_layer: string;
}

export class RuntimeEventsRepo extends Repo {
  /** The session's events since `since`, newest first (the (org_id, session_key, created_at) index). */
  async sessionEvents(orgId: string, session: string, since: number, limit: number): Promise<SessionEventRow[]> {
    const rows = await this.knex('shield_events')
      .where({ org_id: orgId, session_key: session })
      .where('created_at', '>=', since)
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(limit)
      .select('id', 'created_at', 'effects', 'verdict');
    return rows.map((r) => ({ ...r, created_at: Number(r.created_at) }));
  }

  /** The newest events that did not pass (deny or warn), newest first. */
  async recentFindings(orgId: string, filter: { hostname: string | null; limit: number }): Promise<RecentEventRow[]> {
    const q = this.knex('shield_events')
      .where({ org_id: orgId })
      .whereIn('verdict', ['deny', 'warn'])
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(filter.limit)
      .select('created_at', 'verdict', 'pattern_name', 'tool_name', 'hostname', 'summary', 'detection_layer');
    if (filter.hostname) q.andWhere({ hostname: filter.hostname });
    const rows = await q;
    return rows.map((r) => ({ ...r, created_at: Number(r.created_at) }));
  }

  /** The event selectors and minimum severities of the org's enabled webhook routes. */
  async enabledRouteSelectors(orgId: string): Promise<{ event_types: string; min_severity: string }[]> {
    return this.knex('webhook_routes as r')
      .join('webhook_destinations as d', 'd.id', 'r.destination_id')
      .where('r.org_id', orgId)
      .andWhere('d.org_id', orgId)
      .andWhere('d.enabled', true)
      .whereNull('d.deleted_at')
      .select('r.event_types', 'r.min_severity');
  }

  /** The MCP gateway's last synced tool list of a server (tools: JSON array, sorted). */
  async gatewayServer(tx: Tx, orgId: string, server: string): Promise<{ tools_hash: string; tools: string } | undefined> {
    return sqlOf(tx)('mcp_gateway_inventory').where({ org_id: orgId, server }).first('tools_hash', 'tools');
  }

  async saveGatewayServer(tx: Tx, orgId: string, server: string, toolsHash: string, toolsJson: string, now: number): Promise<void> {
    await sqlOf(tx)('mcp_gateway_inventory')
      .insert({ org_id: orgId, server, tools_hash: toolsHash, tools: toolsJson, updated_at: now })
      .onConflict(['org_id', 'server'])
      .merge(['tools_hash', 'tools', 'updated_at']);
  }
}
