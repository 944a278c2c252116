// The fleet list (spec: Workstation, fleet list columns and filters) with keyset pagination.
//
// Order: most recently seen first (last_seen_at DESC, id DESC). The cursor is the last row's
// (last_seen_at, id), opaque to clients. A host seen again while someone pages moves to the
// front: it may be missed on later pages of that walk, never shown twice on one page.
// Filters read the stored classification (fleet/classify.ts) through the ws_fleet_list and
// per-filter indexes (migration 005), so a first page costs an index range scan until it has
// its rows, whatever the fleet size.
import { InvalidError } from '../errors.js';
import type { Plan } from '../accounts/orgs.js';
import { ONLINE_WINDOW_MS } from './derive/index.js';
import { surfaceBit } from './classify.js';
import type { FleetReadRepo, WorkstationListQuery } from '../store/fleet-read-repo.js';
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

/** The filters as conditions on the stored classification. */
export function listQuery(f: FleetFilters, now: number): Omit<WorkstationListQuery, 'limit' | 'after'> {
  const onlineSince = now - ONLINE_WINDOW_MS;
  return {
    surfaceBit: f.surface ? surfaceBit(f.surface) : undefined,
    seen: f.status === 'online' ? { after: onlineSince } : f.status === 'offline' ? { notAfter: onlineSince } : undefined,
    riskLevel: f.risk,
    runtimeHealth: f.runtime,
    shadowAi: f.shadowAi,
    missingHook: f.missingHook,
    ownerVerified: f.ownerVerified,
    mdmEvidence: f.mdmEvidence,
    search: f.search,
  };
}

/**
 * Hosts registered after the first `limit` of the org carry the over-plan-limit marker once a
 * plan is lowered below the fleet size (spec: "Existing workstations over a reduced limit stay
 * visible … and continue to check in"). Returns the first such id, or null.
 */
export async function firstOverLimitId(reads: FleetReadRepo, orgId: string, plan: Plan): Promise<string | null> {
  const limit = WORKSTATION_LIMITS[plan];
  if (!Number.isFinite(limit)) return null;
  return reads.firstIdAfter(orgId, limit);
}

export type { FleetPage };

export async function listWorkstations(reads: FleetReadRepo, org: { id: string; plan: Plan }, filters: FleetFilters, page: { limit: number; cursor?: string }, now = Date.now()): Promise<FleetPage> {
  const after = page.cursor ? decodeCursor(page.cursor) : undefined;
  const { rows: pageRows, lastKey } = await reads.listPage(org.id, { ...listQuery(filters, now), after, limit: page.limit });
  const ids = pageRows.map((r) => r.id as string);
  const [surfaces, stats, overFrom] = await Promise.all([reads.surfacesOf(org.id, ids), sessionStats(reads, org.id, ids, now), firstOverLimitId(reads, org.id, org.plan)]);
  const items = pageRows.map((row) => {
    const ev = rowEvidence(row, surfaces.get(row.id) ?? [], stats.get(row.id), undefined, now, overFrom !== null && row.id >= overFrom);
    return listItem(row, ev, stats.get(row.id), now);
  });
  return { workstations: items, next_cursor: lastKey ? encodeCursor(lastKey.lastSeenAt, lastKey.id) : null, limit: page.limit };
}

/**
 * Every host matching the filters, page by page in list order, until the last page or until at
 * least `maxRows` are collected (the fleet export: a bigger fleet is exported filter by filter).
 */
export async function exportWorkstations(reads: FleetReadRepo, org: { id: string; plan: Plan }, filters: FleetFilters, maxRows: number, now = Date.now()): Promise<FleetListItem[]> {
  const rows: FleetListItem[] = [];
  let cursor: string | undefined;
  do {
    const page = await listWorkstations(reads, org, filters, { limit: MAX_PAGE, cursor }, now);
    rows.push(...page.workstations);
    cursor = page.next_cursor ?? undefined;
  } while (cursor && rows.length < maxRows);
  return rows;
}
