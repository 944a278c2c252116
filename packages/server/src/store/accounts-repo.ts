// SQL of orgs, users and API keys (accounts/*.ts holds the rules). Every query takes org_id,
// except two that cannot know the org yet, both named for it: the first-start check whether the
// store has any org at all, and the key lookup by hash, which is how a request's org is found.
import type { Knex } from 'knex';
import type { Dialect } from './connection.js';
import type { Tx } from './repo.js';
import { emailOfUser } from './activity-log-repo.js';
import { retryingTransaction } from './retrying-transaction.js';

export type KeyKindValue = 'runtime' | 'admin';

export interface OrgRecord {
  id: string;
  name: string;
  plan: string;
  policy_version: number;
  created_at: number;
}

export interface UserRecord {
  id: string;
  org_id: string;
  email: string;
  role: string;
  created_at: number;
}

export interface ApiKeyRecord {
  id: string;
  org_id: string;
  kind: KeyKindValue;
  name: string;
  key_hash: string;
  display_prefix: string;
  created_by: string | null;
  created_at: number;
}

/** A key as the admin lists it: never its hash. */
export interface ApiKeyListRow {
  id: string;
  kind: KeyKindValue;
  name: string;
  display_prefix: string;
  created_at: number;
  revoked_at: number | null;
  last_used_at: number | null;
  created_by_email: string | null;
}

/** What authenticating a key needs: the key, its org and the role of the user who made it. */
export interface KeyAuthRow {
  id: string;
  kind: KeyKindValue;
  org_id: string;
  revoked_at: number | null;
  created_by: string | null;
  org_name: string;
  plan: string;
  role: string | null;
}

export interface AccountsRepo {
  /** Runs `work` in one transaction, retried whole when MySQL picks it as a deadlock victim. */
  transaction<T>(work: (repo: AccountsRepo, tx: Tx) => Promise<T>): Promise<T>;
  /** The org, its owner and its first keys, in one transaction. */
  insertOrg(org: OrgRecord, owner: UserRecord, keys: ApiKeyRecord[]): Promise<void>;
  /** Whether the store holds any org (first start); the one read across orgs besides keyForHash. */
  countOrgs(): Promise<number>;
  findOrg(orgId: string): Promise<OrgRecord | undefined>;
  /** False when there is no such org. */
  setOrgPlan(orgId: string, plan: string): Promise<boolean>;
  userEmail(orgId: string, userId: string | null): Promise<string | null>;
  insertApiKey(key: ApiKeyRecord): Promise<void>;
  listApiKeys(orgId: string): Promise<ApiKeyListRow[]>;
  /**
   * The kind of the org's key while it is not revoked. `lock` takes the row's lock until the
   * transaction ends (MySQL; SQLite's single writer needs none).
   */
  activeKeyKind(orgId: string, keyId: string, options?: { lock?: boolean }): Promise<KeyKindValue | undefined>;
  /** How many of the org's admin keys besides `exceptKeyId` are not revoked (`lock` as above). */
  countOtherActiveAdminKeys(orgId: string, exceptKeyId: string, options?: { lock?: boolean }): Promise<number>;
  /** Sets revoked_at while the key is not revoked yet; true when this call revoked it. */
  revokeApiKey(orgId: string, keyId: string, at: number): Promise<boolean>;
  /** The org's key whatever its state (undefined: no such key in this org). */
  keyRevokedAt(orgId: string, keyId: string): Promise<{ revoked_at: number | null } | undefined>;
  /** Authentication: the key with this hash, whichever org it belongs to. */
  keyForHash(hash: string): Promise<KeyAuthRow | undefined>;
  /** Moves last_used_at forward to `at` (never back). */
  recordKeyUse(orgId: string, keyId: string, at: number): Promise<void>;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export class KnexAccountsRepo implements AccountsRepo {
  constructor(
    private readonly db: Knex,
    private readonly dialect: Dialect,
  ) {}

  transaction<T>(work: (repo: AccountsRepo, tx: Tx) => Promise<T>): Promise<T> {
    return retryingTransaction(this.db, (trx) => work(new KnexAccountsRepo(trx, this.dialect), trx));
  }

  async insertOrg(org: OrgRecord, owner: UserRecord, keys: ApiKeyRecord[]): Promise<void> {
    await this.db.transaction(async (trx) => {
      await trx('orgs').insert(org);
      await trx('users').insert(owner);
      await trx('api_keys').insert(keys);
    });
  }

  async countOrgs(): Promise<number> {
    const row = await this.db('orgs').count<{ n: number }[]>({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }

  async findOrg(orgId: string): Promise<OrgRecord | undefined> {
    const org = await this.db('orgs').where({ id: orgId }).first('id', 'name', 'plan', 'policy_version', 'created_at');
    return org ? { ...org, created_at: Number(org.created_at), policy_version: Number(org.policy_version) } : undefined;
  }

  async setOrgPlan(orgId: string, plan: string): Promise<boolean> {
    return (await this.db('orgs').where({ id: orgId }).update({ plan })) > 0;
  }

  userEmail(orgId: string, userId: string | null): Promise<string | null> {
    return emailOfUser(this.db, orgId, userId);
  }

  async insertApiKey(key: ApiKeyRecord): Promise<void> {
    await this.db('api_keys').insert(key);
  }

  async listApiKeys(orgId: string): Promise<ApiKeyListRow[]> {
    const rows = await this.db('api_keys as k')
      .leftJoin('users as u', function () {
        this.on('u.id', '=', 'k.created_by').andOn('u.org_id', '=', 'k.org_id');
      })
      .where('k.org_id', orgId)
      .orderBy('k.created_at', 'asc')
      .select('k.id', 'k.kind', 'k.name', 'k.display_prefix', 'k.created_at', 'k.revoked_at', 'k.last_used_at', 'u.email as created_by_email');
    return rows.map((r) => ({ ...r, created_at: Number(r.created_at), revoked_at: num(r.revoked_at), last_used_at: num(r.last_used_at), created_by_email: r.created_by_email ?? null }));
  }

  private locked<T extends Knex.QueryBuilder>(q: T, lock: boolean | undefined): T {
    return lock && this.dialect === 'mysql' ? (q.forUpdate() as T) : q;
  }

  async activeKeyKind(orgId: string, keyId: string, options: { lock?: boolean } = {}): Promise<KeyKindValue | undefined> {
    const key = await this.locked(this.db('api_keys').where({ org_id: orgId, id: keyId }).whereNull('revoked_at'), options.lock).first('kind');
    return key?.kind;
  }

  async countOtherActiveAdminKeys(orgId: string, exceptKeyId: string, options: { lock?: boolean } = {}): Promise<number> {
    // Selected rather than counted: FOR UPDATE locks the rows it returns.
    const rows = await this.locked(this.db('api_keys').where({ org_id: orgId, kind: 'admin' }).whereNull('revoked_at').whereNot({ id: exceptKeyId }), options.lock).select('id');
    return rows.length;
  }

  async revokeApiKey(orgId: string, keyId: string, at: number): Promise<boolean> {
    return Number(await this.db('api_keys').where({ org_id: orgId, id: keyId }).whereNull('revoked_at').update({ revoked_at: at })) > 0;
  }

  async keyRevokedAt(orgId: string, keyId: string): Promise<{ revoked_at: number | null } | undefined> {
    const row = await this.db('api_keys').where({ org_id: orgId, id: keyId }).first('revoked_at');
    return row ? { revoked_at: num(row.revoked_at) } : undefined;
  }

  async keyForHash(hash: string): Promise<KeyAuthRow | undefined> {
    const row = await this.db('api_keys as k')
      .join('orgs as o', 'o.id', 'k.org_id')
      .leftJoin('users as u', function () {
        this.on('u.id', '=', 'k.created_by').andOn('u.org_id', '=', 'k.org_id');
      })
      .where('k.key_hash', hash)
      .first('k.id', 'k.kind', 'k.org_id', 'k.revoked_at', 'k.created_by', 'o.name as org_name', 'o.plan', 'u.role');
    if (!row) return undefined;
    return { ...row, revoked_at: num(row.revoked_at), created_by: row.created_by ?? null, role: row.role ?? null };
  }

  async recordKeyUse(orgId: string, keyId: string, at: number): Promise<void> {
    await this.db('api_keys')
      .where({ org_id: orgId, id: keyId })
      .andWhere((q) => q.whereNull('last_used_at').orWhere('last_used_at', '<', at))
      .update({ last_used_at: at });
  }
}
