// The org's policy: stored as JSON in org_policies, versioned by orgs.policy_version, compiled
// once per version and cached. Every node checks the version at most once a second, so a
// change made through any node takes effect everywhere within about a second.
import { LRUCache } from 'lru-cache';
import type { Knex } from 'knex';
import { compilePolicy, DEFAULT_SHIELD_POLICY, type CompiledPolicy } from '../policy/index.js';
import type { ShieldPolicy } from '../policy/types.js';
import { outboxRow } from '../notifications/outbox.js';
import type { Dialect } from '../store/index.js';
import { retryingTransaction } from '../store/retrying-transaction.js';
import { appendActivity, changedFields } from '../audit/activity-log.js';

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

  constructor(
    private readonly knex: Knex,
    private readonly dialect: Dialect,
  ) {}

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
    const org = await this.knex('orgs').where({ id: orgId }).first('policy_version');
    const version = Number(org?.policy_version ?? 1);
    if (hit && hit.version === version) {
      hit.checkedAt = now;
      return hit;
    }
    const row = await this.knex('org_policies').where({ org_id: orgId }).first('policy', 'pack_slug');
    const policy: ShieldPolicy = row ? { ...DEFAULT_SHIELD_POLICY, ...JSON.parse(row.policy) } : { ...DEFAULT_SHIELD_POLICY };
    const fresh: Cached = { version, policy, packSlug: row?.pack_slug ?? null, compiled: compilePolicy(policy, version), checkedAt: now };
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
    const saved = await retryingTransaction(this.knex, async (trx) => {
      const bumped = await trx('orgs').where({ id: orgId }).increment('policy_version', 1);
      if (!bumped) throw new Error(`Policy edit for an org that does not exist (${orgId}).`);
      const org = await trx('orgs').where({ id: orgId }).first('policy_version');
      let read = trx('org_policies').where({ org_id: orgId });
      if (this.dialect === 'mysql') read = read.forUpdate(); // a locking read sees the latest commit
      const row = await read.first('policy', 'pack_slug');
      const current = { policy: row ? { ...DEFAULT_SHIELD_POLICY, ...JSON.parse(row.policy) } : { ...DEFAULT_SHIELD_POLICY }, packSlug: row?.pack_slug ?? null };
      const next = mutate(current);
      const v = Number(org.policy_version);
      await trx('org_policies')
        .insert({ org_id: orgId, policy: JSON.stringify(next.policy), pack_slug: next.packSlug, updated_at: now })
        .onConflict('org_id')
        .merge(['policy', 'pack_slug', 'updated_at']);
      const { keyId, userId } = change.actor;
      const user = userId ? await trx('users').where({ org_id: orgId, id: userId }).first('email') : undefined;
      const email: string | null = user?.email ?? null;
      await trx('outbox').insert(
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
      );
      // The activity log (issue #21): what changed, before and after, in this transaction.
      const diff = changedFields({ ...current.policy, pack_slug: current.packSlug }, { ...next.policy, pack_slug: next.packSlug });
      const skill = typeof change.details.skill === 'string' ? change.details.skill : null;
      await appendActivity(
        trx,
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
