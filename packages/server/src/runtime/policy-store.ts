// The org's policy: stored as JSON in org_policies, versioned by orgs.policy_version, compiled
// once per version and cached. Every node checks the version at most once a second, so a
// change made through any node takes effect everywhere within about a second.
import { LRUCache } from 'lru-cache';
import { InvalidError } from '../errors.js';
import { applyPolicyPack, applyShieldPolicyPatch, compilePolicy, DEFAULT_SHIELD_POLICY, POLICY_PACK_TEMPLATES, validateShieldPolicyPatch, type CompiledPolicy } from '../policy/index.js';
import type { ShieldPolicy } from '../policy/types.js';
import { outboxRow } from '../outbox.js';
import { emailOfUser } from '../store/activity-log-repo.js';
import { insertOutboxRows } from '../store/outbox-repo.js';
import type { PolicyRepo, StoredPolicy } from '../store/policy-repo.js';
import { appendActivity, changedFields } from '../audit/activity-log.js';
import { policyHistory, type PolicyChange as PolicyHistoryEntry } from './policy-history.js';

const RECHECK_MS = 1000;
const MAX_ORGS = 10_000;

interface Cached {
  version: number;
  policy: ShieldPolicy;
  packSlug: string | null;
  compiled: CompiledPolicy;
  checkedAt: number;
}

export interface EffectivePolicy {
  version: number;
  policy: ShieldPolicy;
  packSlug: string | null;
  compiled: CompiledPolicy;
}

export class PolicyStore {
  private readonly cache = new LRUCache<string, Cached>({ max: MAX_ORGS });
  private readonly inflight = new Map<string, Promise<Cached>>();

  constructor(private readonly repo: PolicyRepo) {}

  async get(orgId: string, now = Date.now()): Promise<EffectivePolicy> {
    const hit = this.cache.get(orgId);
    if (hit && now - hit.checkedAt < RECHECK_MS) return hit;
    // One refresh per org at a time, however many requests arrive meanwhile.
    let pending = this.inflight.get(orgId);
    if (!pending) {
      pending = this.refresh(orgId, hit, now).finally(() => this.inflight.delete(orgId));
      this.inflight.set(orgId, pending);
    }
    return pending;
  }

  private async refresh(orgId: string, hit: Cached | undefined, now: number): Promise<Cached> {
    const version = await this.repo.version(orgId);
    if (hit && hit.version === version) {
      hit.checkedAt = now;
      return hit;
    }
    const { policy, packSlug } = effective(await this.repo.read(orgId));
    const fresh: Cached = { version, policy, packSlug, compiled: compilePolicy(policy, version), checkedAt: now };
    this.cache.set(orgId, fresh);
    return fresh;
  }

  /**
   * One policy edit, atomic: reads the org's CURRENT policy inside a transaction that holds the
   * org row's lock (the version bump is the transaction's first statement: an exclusive row lock
   * on MySQL, the write lock on SQLite, taken before anything is read), applies `mutate` to it,
   * writes the result, bumps the version and writes `policy.changed`, all in that transaction.
   * So concurrent edits on any number of server processes serialize on the org row and none is
   * lost (a read from the one-second cache would let two edits each overwrite the other's).
   * Answers with the version THIS edit produced, never a later one made meanwhile.
   */
  async edit(orgId: string, mutate: (current: { policy: ShieldPolicy; packSlug: string | null }) => { policy: ShieldPolicy; packSlug: string | null }, change: PolicyChange): Promise<SavedPolicy> {
    const now = Date.now();
    const saved = await this.repo.transaction(async (tx) => {
      const v = await this.repo.bumpVersion(tx, orgId);
      if (v === null) throw new Error(`Policy edit for an org that does not exist (${orgId}).`);
      const current = effective(await this.repo.readForUpdate(tx, orgId));
      const next = mutate(current);
      await this.repo.write(tx, orgId, JSON.stringify(next.policy), next.packSlug, now);
      const { keyId, userId } = change.actor;
      const email = await emailOfUser(tx, orgId, userId);
      await insertOutboxRows(tx, [
        outboxRow({
          orgId,
          type: 'policy.changed',
          severity: 'medium',
          sourceTable: 'org_policies',
          sourceId: `${orgId}:v${v}`,
          occurredAt: now,
          data: {
            actor: { email, type: email ? 'user' : 'api_key' },
            evidence: {
              title: 'Runtime policy changed',
              summary: change.summary,
              details: { ...change.details, policy_version: v, changed_by: { key_id: keyId, user_id: userId, email } },
            },
          },
        }),
      ]);
      // The activity log (issue #21): what changed, before and after, in this transaction.
      const diff = changedFields({ ...current.policy, pack_slug: current.packSlug }, { ...next.policy, pack_slug: next.packSlug });
      const skill = typeof change.details.skill === 'string' ? change.details.skill : null;
      await appendActivity(
        tx,
        orgId,
        { keyId, userId },
        skill ? 'skill.status' : change.details.pack ? 'policy.pack' : 'policy.update',
        skill ? { type: 'skill', id: skill } : { type: 'policy', id: `v${v}` },
        { ...diff.before, policy_version: v - 1 },
        { ...diff.after, policy_version: v },
      );
      return { version: v, policy: next.policy, packSlug: next.packSlug };
    });
    // This process sees its own edit at once; the others within RECHECK_MS (version check).
    this.cache.delete(orgId);
    return saved;
  }

  /** Changes baseline fields and skill lists (fields not sent are kept); InvalidError names every bad field. */
  patch(orgId: string, patch: unknown, actor: PolicyActor, via?: string): Promise<SavedPolicy> {
    if (patch === undefined) throw new InvalidError('A JSON request body is required.');
    const result = validateShieldPolicyPatch(patch);
    if (!result.ok) throw new InvalidError(`Invalid policy: ${result.errors.map((e) => `${e.path}: ${e.message}`).join('; ')}.`);
    const fields = Object.keys(result.value);
    return this.edit(orgId, (current) => ({ policy: applyShieldPolicyPatch(current.policy, result.value), packSlug: current.packSlug }), {
      summary: `Policy fields changed: ${fields.join(', ')}.`,
      actor,
      details: { changed_fields: fields, ...viaOf(via) },
    });
  }

  /** Allow, warn on or block a skill by name. */
  setSkillStatus(orgId: string, name: string, status: SkillStatus, actor: PolicyActor, via?: string): Promise<SavedPolicy> {
    return this.edit(orgId, (current) => ({ policy: withSkillStatus(current.policy, name, status), packSlug: current.packSlug }), {
      summary: `Skill /${name} set to ${status}.`,
      actor,
      details: { skill: name, status, ...viaOf(via) },
    });
  }

  /** Adopts a policy pack template (its shield, tools, MCP and network sections). */
  adoptPack(orgId: string, slug: string, actor: PolicyActor, via?: string): Promise<SavedPolicy> {
    if (!POLICY_PACK_TEMPLATES.some((t) => t.slug === slug)) {
      throw new InvalidError(`Unknown policy pack "${slug.slice(0, 60)}"; available: ${POLICY_PACK_TEMPLATES.map((t) => t.slug).join(', ')}.`);
    }
    return this.edit(orgId, (current) => ({ policy: applyPolicyPack(current.policy, slug), packSlug: slug }), { summary: `Policy pack ${slug} adopted.`, actor, details: { pack: slug, ...viaOf(via) } });
  }

  /** The org's policy changes, newest first (who, when, what). */
  history(orgId: string, limit?: number): Promise<PolicyHistoryEntry[]> {
    return policyHistory(this.repo, orgId, limit);
  }
}

/** The stored policy over the defaults (no row: the defaults). */
function effective(row: StoredPolicy | undefined): { policy: ShieldPolicy; packSlug: string | null } {
  return { policy: row ? { ...DEFAULT_SHIELD_POLICY, ...JSON.parse(row.policy) } : { ...DEFAULT_SHIELD_POLICY }, packSlug: row?.pack_slug ?? null };
}

const viaOf = (via: string | undefined) => (via ? { via } : {});

export type SkillStatus = 'allow' | 'warn' | 'block';

export function withSkillStatus(policy: ShieldPolicy, name: string, status: SkillStatus): ShieldPolicy {
  const blocked = policy.blocked_agent_skills.filter((s) => s !== name);
  const warn = policy.warn_only_agent_skills.filter((s) => s !== name);
  if (status === 'block') blocked.push(name);
  if (status === 'warn') warn.push(name);
  return { ...policy, blocked_agent_skills: blocked, warn_only_agent_skills: warn };
}

/** Who made a policy edit: the admin key and the user who created it (spec: Events, actor). */
export interface PolicyActor {
  keyId: string;
  /** The user who created the key (its email is looked up in the edit's transaction). */
  userId: string | null;
}

export interface PolicyChange {
  summary: string;
  actor: PolicyActor;
  details: Record<string, unknown>;
}

export interface SavedPolicy {
  version: number;
  policy: ShieldPolicy;
  packSlug: string | null;
}
