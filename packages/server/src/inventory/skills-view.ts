// The skills inventory across the fleet (spec: "The inventory view shows per skill: name, risk
// level, risk flags, host count, status (Active, Warn, Blocked) … and a detail panel with
// preview, host list, hash and first/last-seen timestamps"). One row per (host, name, source) is
// stored; this view aggregates by name. Paged by name (keyset) so a page reads only its names'
// rows through the (org_id, name, workstation_id) index.
import { riskLevelForScore } from '@service/scanner';
import { InvalidError, NotFoundError } from '../errors.js';
import type { ShieldPolicy } from '../policy/types.js';
import type { SkillSummary } from '@service/api';
import type { InventoryRepo } from '../store/inventory-repo.js';

export type SkillStatus = 'Active' | 'Warn' | 'Blocked';

/** Policy lists hold names as typed after the slash; compared without the slash, case-insensitively. */
export function skillStatus(policy: Pick<ShieldPolicy, 'blocked_agent_skills' | 'warn_only_agent_skills'>, name: string): SkillStatus {
  const norm = (s: string) => s.replace(/^\//, '').toLowerCase();
  const n = norm(name);
  if (policy.blocked_agent_skills.some((s) => norm(s) === n)) return 'Blocked';
  if (policy.warn_only_agent_skills.some((s) => norm(s) === n)) return 'Warn';
  return 'Active';
}

const iso = (ms: unknown) => (ms === null || ms === undefined || Number(ms) <= 0 ? null : new Date(Number(ms)).toISOString());

export function encodeNameCursor(key: string[]): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

export function decodeNameCursor(cursor: string, parts: number): string[] {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(v) && v.length === parts && v.every((x) => typeof x === 'string')) return v;
  } catch {
    // fall through
  }
  throw new InvalidError('Invalid cursor: pass the next_cursor value of the previous page unchanged.');
}

export type { SkillSummary };

/** Where the skill views read the org's policy (a skill's status comes from its lists). */
export interface SkillViewDeps {
  inventory: InventoryRepo;
  policies: { get(orgId: string): Promise<{ policy: ShieldPolicy }> };
}

export async function listSkills(deps: SkillViewDeps, orgId: string, page: { limit: number; cursor?: string; search?: string }) {
  const repo = deps.inventory;
  // The page's names first (an index-ordered DISTINCT that stops at limit + 1), then the
  // aggregates of those names only, from covering indexes (migration 005).
  const after = page.cursor ? decodeNameCursor(page.cursor, 1)[0] : undefined;
  const found = await repo.skillNames(orgId, { after, search: page.search, limit: page.limit + 1 });
  const more = found.length > page.limit;
  const names = more ? found.slice(0, page.limit) : found;
  if (names.length === 0) return { skills: [], next_cursor: null, limit: page.limit };
  const [{ groups, detail }, { policy }] = await Promise.all([repo.skillAggregates(orgId, names), deps.policies.get(orgId)]);
  const flags = new Map<string, Set<string>>();
  const sources = new Map<string, Set<string>>();
  for (const d of detail) {
    const f = flags.get(d.name) ?? new Set<string>();
    for (const x of d.risk_flags ? d.risk_flags.split(',') : []) f.add(x);
    flags.set(d.name, f);
    sources.set(d.name, (sources.get(d.name) ?? new Set<string>()).add(d.source));
  }
  const byName = new Map(groups.map((g) => [g.name as string, g]));
  const skills: SkillSummary[] = names.flatMap((name) => {
    const g = byName.get(name);
    if (!g) return [];
    const score = Number(g.score);
    return [
      {
        name,
        // The riskiest variant reported anywhere in the fleet.
        risk_score: score,
        risk_level: riskLevelForScore(score),
        risk_flags: [...(flags.get(name) ?? [])],
        host_count: Number(g.hosts),
        variants: Number(g.variants),
        sources: [...(sources.get(name) ?? [])].sort(),
        status: skillStatus(policy, name),
        first_seen_at: iso(g.first_seen),
        last_seen_at: iso(g.last_seen),
      },
    ];
  });
  return { skills, next_cursor: more ? encodeNameCursor([names[names.length - 1]]) : null, limit: page.limit };
}

const HOST_LIST_MAX = 500;

export async function skillDetail(deps: SkillViewDeps, orgId: string, name: string) {
  const [found, { policy }] = await Promise.all([deps.inventory.skillByName(orgId, name, HOST_LIST_MAX), deps.policies.get(orgId)]);
  if (!found) throw new NotFoundError(`No skill named "${name.slice(0, 200)}" is reported in this organization.`);
  const { variants, hosts, hostCount } = found;
  const maxScore = Math.max(...variants.map((v) => Number(v.risk_score)));
  return {
    name,
    status: skillStatus(policy, name),
    risk_score: maxScore,
    risk_level: riskLevelForScore(maxScore),
    host_count: hostCount,
    variants: variants.map((v) => ({
      hash: v.hash,
      preview: v.preview,
      risk_score: Number(v.risk_score),
      risk_level: v.risk_level,
      risk_flags: v.risk_flags ? String(v.risk_flags).split(',') : [],
      hosts: Number(v.hosts),
      first_seen_at: iso(v.first_seen),
      last_seen_at: iso(v.last_seen),
    })),
    hosts: hosts.map((h) => ({
      workstation_id: h.id,
      hostname: h.hostname,
      source: h.source,
      hash: h.hash,
      previous_hash: h.previous_hash,
      hash_changed_at: iso(h.hash_changed_at),
      first_seen_at: iso(h.first_seen_at),
      last_seen_at: iso(h.last_seen_at),
    })),
    hosts_truncated: hostCount > HOST_LIST_MAX,
  };
}
