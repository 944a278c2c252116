// SQL of the org's runtime policy (runtime/policy-store.ts holds the rules): the stored policy
// JSON, its version on the org row, and the history read back from policy.changed events.
import { Repo, sqlOf, type Tx } from './repo.js';

export interface StoredPolicy {
  /** The policy as stored (JSON text; the domain merges it over the defaults). */
  policy: string;
  pack_slug: string | null;
}

export class PolicyRepo extends Repo {
  async version(orgId: string): Promise<number> {
    const org = await this.knex('orgs').where({ id: orgId }).first('policy_version');
    return Number(org?.policy_version ?? 1);
  }

  async read(orgId: string): Promise<StoredPolicy | undefined> {
    return this.knex('org_policies').where({ org_id: orgId }).first('policy', 'pack_slug');
  }

  /**
   * Bumps the org's policy version as the transaction's first statement, which takes the org
   * row's exclusive lock (MySQL) or the write lock (SQLite) before anything is read; answers the
   * new version, or null when the org does not exist.
   */
  async bumpVersion(tx: Tx, orgId: string): Promise<number | null> {
    const trx = sqlOf(tx);
    const bumped = await trx('orgs').where({ id: orgId }).increment('policy_version', 1);
    if (!bumped) return null;
    const org = await trx('orgs').where({ id: orgId }).first('policy_version');
    return Number(org.policy_version);
  }

  /** The stored policy, read with a locking read on MySQL (it sees the latest commit). */
  async readForUpdate(tx: Tx, orgId: string): Promise<StoredPolicy | undefined> {
    return this.locking(sqlOf(tx)('org_policies').where({ org_id: orgId })).first('policy', 'pack_slug');
  }

  async write(tx: Tx, orgId: string, policyJson: string, packSlug: string | null, now: number): Promise<void> {
    await sqlOf(tx)('org_policies').insert({ org_id: orgId, policy: policyJson, pack_slug: packSlug, updated_at: now }).onConflict('org_id').merge(['policy', 'pack_slug', 'updated_at']);
  }

  /** The org's policy.changed events, newest first (their data is the outbox JSON). */
  async changeEvents(orgId: string, limit: number): Promise<{ data: string; occurred_at: number }[]> {
    const rows: { data: string; occurred_at: unknown }[] = await this.knex('outbox')
      .where({ org_id: orgId, event_type: 'policy.changed' })
      .orderBy('occurred_at', 'desc')
      .limit(limit)
      .select('data', 'occurred_at');
    return rows.map((r) => ({ data: r.data, occurred_at: Number(r.occurred_at) }));
  }
}
