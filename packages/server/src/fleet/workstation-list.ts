// The fleet list (spec: Workstation, fleet list columns and filters) with keyset pagination.
//
// Order: most recently seen first (last_seen_at DESC, id DESC). The cursor is the last row's
// (last_seen_at, id), opaque to clients. A host seen again while someone pages moves to the
// front: it may be missed on later pages of that walk, never shown twice on one page.
// Filters read the stored classification (fleet/classify.ts) through the ws_fleet_list and
// per-filter indexes (migration 005), so a first page costs an index range scan until it has
// its rows, whatever the fleet size.
import type { Knex } from 'knex';
import { InvalidError } from '../errors.js';
import type { Plan } from '../accounts/orgs.js';
import { ONLINE_WINDOW_MS } from './derive/index.js';
import { surfaceBit } from './classify.js';
import { EVIDENCE_COLUMNS, loadSurfaces, type WorkstationRow } from './evidence-store.js';
import { WORKSTATION_LIMITS } from './plan-limits.js';
import { listItem, rowEvidence, sessionStats, type FleetListItem } from './row-view.js';
import type { FleetPage } from '@service/api';

export interface FleetFilters {
  surface?: string;
  status?: 'online' | 'offline';
  risk?: 'Low' | 'Medium' | 'High';
  runtime?: 'standby' | 'degraded' | 'missing' | 'unknown' | 'healthy';
  search?: string;
  shadowAi?: boolean;
  missingHook?: boolean;
  /** Owner evidence: verified, or not (the Unverified hosts card). */
  ownerVerified?: boolean;
  /** Management: hosts with signed MDM evidence, or without (the MDM evidence card). */
  mdmEvidence?: boolean;
}

export const DEFAULT_PAGE = 50;
export const MAX_PAGE = 200;

export function encodeCursor(lastSeenAt: number, id: string): string {
  return Buffer.from(JSON.stringify([lastSeenAt, id]), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): { lastSeenAt: number; id: string } {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(v) && v.length === 2 && Number.isSafeInteger(v[0]) && typeof v[1] === 'string' && /^[0-9A-Z]{26}$/.test(v[1])) return { lastSeenAt: v[0], id: v[1] };
  } catch {
    // fall through
  }
  throw new InvalidError('Invalid cursor: pass the next_cursor value of the previous page unchanged.');
}

/**
 * LIKE pattern for a substring search, wildcards of the input escaped with `!` (a backslash
 * means different things in MySQL and SQLite string literals; `!` means the same in both).
 */
function likePattern(search: string): string {
  return `%${search.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/** Applies the filters to a query over `workstations` of one org. */
export function applyFilters(q: Knex.QueryBuilder, f: FleetFilters, now: number): Knex.QueryBuilder {
  if (f.surface) q.whereRaw('(surfaces_mask & ?) <> 0', [surfaceBit(f.surface)]);
  if (f.status === 'online') q.where('last_seen_at', '>', now - ONLINE_WINDOW_MS);
  if (f.status === 'offline') q.where('last_seen_at', '<=', now - ONLINE_WINDOW_MS);
  if (f.risk) q.where('risk_level', f.risk);
  if (f.runtime) q.where('runtime_health', f.runtime);
  if (f.shadowAi !== undefined) q.where('shadow_ai', f.shadowAi ? 1 : 0);
  if (f.missingHook !== undefined) q.where('missing_hook', f.missingHook ? 1 : 0);
  if (f.ownerVerified !== undefined) q.where('owner_verified', f.ownerVerified ? 1 : 0);
  if (f.mdmEvidence !== undefined) q.where('mdm_evidence', f.mdmEvidence ? 1 : 0);
  if (f.search) {
    const p = likePattern(f.search);
    q.where((w) => w.whereRaw("hostname LIKE ? ESCAPE '!'", [p]).orWhereRaw("display_name LIKE ? ESCAPE '!'", [p]));
  }
  return q;
}

/**
 * Hosts registered after the first `limit` of the org carry the over-plan-limit marker once a
 * plan is lowered below the fleet size (spec: "Existing workstations over a reduced limit stay
 * visible … and continue to check in"). Returns the first such id, or null.
 */
export async function firstOverLimitId(knex: Knex, orgId: string, plan: Plan): Promise<string | null> {
  const limit = WORKSTATION_LIMITS[plan];
  if (!Number.isFinite(limit)) return null;
  const row = await knex('workstations').where({ org_id: orgId }).orderBy('id', 'asc').offset(limit).first('id');
  return row?.id ?? null;
}

export type { FleetPage };

export async function listWorkstations(knex: Knex, org: { id: string; plan: Plan }, filters: FleetFilters, page: { limit: number; cursor?: string }, now = Date.now()): Promise<FleetPage> {
  // Two steps. First the page's keys, from index columns only: the planner can answer it with
  // an index-only scan in list order that stops at limit + 1 matches. Then the page's rows by
  // primary key. Asking for the wide rows in one query lets MySQL pick a plan that reads a row
  // for every index entry it tests, which costs seconds on a filter with few matches.
  const q = knex('workstations').where('org_id', org.id);
  applyFilters(q, filters, now);
  if (page.cursor) {
    const c = decodeCursor(page.cursor);
    q.where('last_seen_at', '<=', c.lastSeenAt).andWhere((w) => w.where('last_seen_at', '<', c.lastSeenAt).orWhere('id', '<', c.id));
  }
  const keys: { id: string; last_seen_at: number }[] = await q
    .orderBy([
      { column: 'last_seen_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(page.limit + 1)
    .select('id', 'last_seen_at');
  const more = keys.length > page.limit;
  const ids = (more ? keys.slice(0, page.limit) : keys).map((k) => k.id);
  const fetched: (WorkstationRow & { baseline_status: string })[] = ids.length
    ? await knex('workstations').where('org_id', org.id).whereIn('id', ids).select(...EVIDENCE_COLUMNS, 'baseline_status')
    : [];
  const byId = new Map(fetched.map((r) => [r.id as string, r]));
  const pageRows = ids.map((id) => byId.get(id)).filter((r): r is WorkstationRow & { baseline_status: string } => r !== undefined);
  const [surfaces, stats, overFrom] = await Promise.all([loadSurfaces(knex, ids), sessionStats(knex, ids, now), firstOverLimitId(knex, org.id, org.plan)]);
  const items = pageRows.map((row) => {
    const ev = rowEvidence(row, surfaces.get(row.id) ?? [], stats.get(row.id), undefined, now, overFrom !== null && row.id >= overFrom);
    return listItem(row, ev, stats.get(row.id), now);
  });
  const last = more ? keys[page.limit - 1] : undefined;
  return { workstations: items, next_cursor: last ? encodeCursor(Number(last.last_seen_at), last.id) : null, limit: page.limit };
}
