// The org's policy: stored as JSON in org_policies, versioned by orgs.policy_version, compiled
// once per version and cached. Every node checks the version at most once a second, so a
// change made through any node takes effect everywhere within about a second.
import type { Knex } from 'knex';
import { compilePolicy, DEFAULT_SHIELD_POLICY, type CompiledPolicy } from '../policy/index.js';
import type { ShieldPolicy } from '../policy/types.js';
import { outboxRow } from '../notifications/outbox.js';

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
  private readonly cache = new Map<string, Cached>();
  private readonly inflight = new Map<string, Promise<Cached>>();

  constructor(private readonly knex: Knex) {}

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
    if (!this.cache.has(orgId) && this.cache.size >= MAX_ORGS) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(orgId, fresh);
    return fresh;
  }

  /**
   * Replaces the org's policy, bumps its version and writes `policy.changed` in one
   * transaction. `change` describes what changed, for the event.
   */
  async save(orgId: string, policy: ShieldPolicy, packSlug: string | null, change: { summary: string; actor: string | null; details: Record<string, unknown> }): Promise<EffectivePolicy> {
    const now = Date.now();
    const version = await this.knex.transaction(async (trx) => {
      await trx('orgs').where({ id: orgId }).increment('policy_version', 1);
      const org = await trx('orgs').where({ id: orgId }).first('policy_version');
      const row = { org_id: orgId, policy: JSON.stringify(policy), pack_slug: packSlug, updated_at: now };
      await trx('org_policies').insert(row).onConflict('org_id').merge(['policy', 'pack_slug', 'updated_at']);
      const v = Number(org.policy_version);
      await trx('outbox').insert(
        outboxRow({
          orgId,
          type: 'policy.changed',
          severity: 'medium',
          sourceTable: 'org_policies',
          sourceId: `${orgId}:v${v}`,
          occurredAt: now,
          data: { actor: { email: change.actor, type: 'user' }, evidence: { title: 'Runtime policy changed', summary: change.summary, details: { ...change.details, policy_version: v } } },
        }),
      );
      return v;
    });
    this.cache.delete(orgId);
    return this.get(orgId, now);
  }
}
