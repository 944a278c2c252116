// The per-host counters behind the stat cards and filter badges, from the stored classification
// in one pass over the ws_fleet_list covering index (migration 005). Two query shapes give the
// same counters, one per store, because the stores are fast at different things (bench/fleet.ts
// at 100,000 hosts): SQLite evaluates one row of SUM(CASE …) columns in about a third of the time
// it needs to GROUP BY (it sorts to group); MariaDB groups in about half the time it needs for the
// ~35 CASE expressions. Tests run both stores, so both shapes are covered.
import type { Knex } from 'knex';
import { SURFACES } from '../policy/types.js';
import { ONLINE_WINDOW_MS } from './derive/index.js';
import { POSTURE_BITS, surfaceBit } from './classify.js';

export const RUNTIME = ['healthy', 'standby', 'degraded', 'missing', 'unknown'] as const;
export const RISK = ['Low', 'Medium', 'High'] as const;
type PostureNote = keyof typeof POSTURE_BITS;

export interface ClassCounters {
  total: number;
  online: number;
  unverified: number;
  mdm: number;
  action: number;
  shadow: number;
  missingHook: number;
  /** Hosts with at least one stored posture note. */
  notesAny: number;
  notes: Record<PostureNote, number>;
  runtime: Record<(typeof RUNTIME)[number], number>;
  risk: Record<(typeof RISK)[number], number>;
  surfaces: Record<string, number>;
}

function empty(): ClassCounters {
  return {
    total: 0,
    online: 0,
    unverified: 0,
    mdm: 0,
    action: 0,
    shadow: 0,
    missingHook: 0,
    notesAny: 0,
    notes: Object.fromEntries(Object.keys(POSTURE_BITS).map((k) => [k, 0])) as Record<PostureNote, number>,
    runtime: Object.fromEntries(RUNTIME.map((r) => [r, 0])) as ClassCounters['runtime'],
    risk: Object.fromEntries(RISK.map((r) => [r, 0])) as ClassCounters['risk'],
    surfaces: {},
  };
}

const sum = (cond: string) => `SUM(CASE WHEN ${cond} THEN 1 ELSE 0 END)`;

/** SQLite: one row of sums. */
async function bySums(knex: Knex, orgId: string, onlineSince: number): Promise<ClassCounters> {
  const cols: Array<[string, string]> = [
    ['total', 'COUNT(*)'],
    ['online', sum('last_seen_at > ?')],
    ['unverified', sum('owner_verified = 0')],
    ['mdm', sum('mdm_evidence <> 0')],
    ['action', sum('needs_action <> 0')],
    ['shadow', sum('shadow_ai <> 0')],
    ['missingHook', sum('missing_hook <> 0')],
    ['notesAny', sum('posture_mask <> 0')],
    ...Object.entries(POSTURE_BITS).map(([k, bit]): [string, string] => [`n_${k}`, sum(`(posture_mask & ${bit}) <> 0`)]),
    ...RUNTIME.map((r): [string, string] => [`rt_${r}`, sum(`runtime_health = '${r}'`)]),
    ...RISK.map((r): [string, string] => [`risk_${r}`, sum(`risk_level = '${r}'`)]),
    ...SURFACES.map((s, i): [string, string] => [`sf_${i}`, sum(`(surfaces_mask & ${surfaceBit(s)}) <> 0`)]),
  ];
  const row = (await knex('workstations')
    .where('org_id', orgId)
    .first(knex.raw(cols.map(([alias, expr]) => `${expr} AS ${alias}`).join(', '), [onlineSince]))) as Record<string, unknown>;
  const n = (k: string) => Number(row?.[k] ?? 0);
  const c = empty();
  for (const k of ['total', 'online', 'unverified', 'mdm', 'action', 'shadow', 'missingHook', 'notesAny'] as const) c[k] = n(k);
  for (const k of Object.keys(POSTURE_BITS) as PostureNote[]) c.notes[k] = n(`n_${k}`);
  for (const r of RUNTIME) c.runtime[r] = n(`rt_${r}`);
  for (const r of RISK) c.risk[r] = n(`risk_${r}`);
  SURFACES.forEach((s, i) => {
    if (n(`sf_${i}`) > 0) c.surfaces[s] = n(`sf_${i}`);
  });
  return c;
}

interface ClassGroup {
  runtime_health: string;
  risk_level: string;
  needs_action: number;
  owner_verified: number;
  mdm_evidence: number;
  shadow_ai: number;
  missing_hook: number;
  posture_mask: number;
  surfaces_mask: number;
  online: number;
  n: number;
}

/** MySQL: the distinct combinations of classification columns (a few hundred), summed here. */
async function byGroups(knex: Knex, orgId: string, onlineSince: number): Promise<ClassCounters> {
  const groupCols = ['runtime_health', 'risk_level', 'needs_action', 'owner_verified', 'mdm_evidence', 'shadow_ai', 'missing_hook', 'posture_mask', 'surfaces_mask'];
  const groups = (await knex('workstations')
    .where('org_id', orgId)
    .groupBy(...groupCols, 'online')
    .select(...groupCols, knex.raw('CASE WHEN last_seen_at > ? THEN 1 ELSE 0 END AS online', [onlineSince]), knex.raw('COUNT(*) AS n'))) as ClassGroup[];
  const c = empty();
  for (const g of groups) {
    const n = Number(g.n);
    const mask = Number(g.posture_mask);
    const surfaces = Number(g.surfaces_mask);
    c.total += n;
    if (Number(g.online)) c.online += n;
    if (!Number(g.owner_verified)) c.unverified += n;
    if (Number(g.mdm_evidence)) c.mdm += n;
    if (Number(g.needs_action)) c.action += n;
    if (Number(g.shadow_ai)) c.shadow += n;
    if (Number(g.missing_hook)) c.missingHook += n;
    if (mask !== 0) c.notesAny += n;
    for (const [k, bit] of Object.entries(POSTURE_BITS)) if (mask & bit) c.notes[k as PostureNote] += n;
    if (g.runtime_health in c.runtime) c.runtime[g.runtime_health as (typeof RUNTIME)[number]] += n;
    if (g.risk_level in c.risk) c.risk[g.risk_level as (typeof RISK)[number]] += n;
    for (const s of SURFACES) if (surfaces & surfaceBit(s)) c.surfaces[s] = (c.surfaces[s] ?? 0) + n;
  }
  return c;
}

export function classCounters(knex: Knex, orgId: string, now: number): Promise<ClassCounters> {
  const onlineSince = now - ONLINE_WINDOW_MS;
  return knex.client.config.client === 'mysql2' ? byGroups(knex, orgId, onlineSince) : bySums(knex, orgId, onlineSince);
}
