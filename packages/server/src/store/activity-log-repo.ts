// SQL of the activity log (audit/activity-log.ts holds the rules). Every query takes org_id.
import type { Knex } from 'knex';
import { Repo, sqlOf, type Tx } from './repo.js';

export interface ActivityRow {
  org_id: string;
  seq: number;
  id: string;
  at: number;
  actor_key_id: string | null;
  actor_email: string | null;
  action: string;
  target_type: string;
  target_id: string;
  before: string | null;
  after: string | null;
  prev_hash: string;
  hash: string;
}

const COLUMNS = ['org_id', 'seq', 'id', 'at', 'actor_key_id', 'actor_email', 'action', 'target_type', 'target_id', 'before', 'after', 'prev_hash', 'hash'];

function typed(row: Record<string, unknown>): ActivityRow {
  return { ...(row as unknown as ActivityRow), seq: Number(row.seq), at: Number(row.at) };
}

/**
 * Claims the org's next seq: the UPDATE takes the org row's exclusive lock (MySQL) or the write
 * lock (SQLite) until the transaction ends, so appends of one org serialize on any number of
 * server processes. Answers the claimed seq and the previous entry's hash.
 */
export async function claimNextSeq(tx: Tx, orgId: string): Promise<{ seq: number; prevHash: string | null }> {
  const trx = sqlOf(tx);
  const n = await trx('orgs').where({ id: orgId }).increment('activity_seq', 1);
  if (!n) throw new Error(`Activity entry for an org that does not exist (${orgId}).`);
  const org = await trx('orgs').where({ id: orgId }).first('activity_seq');
  const seq = Number(org.activity_seq);
  const prev = await trx('activity_log').where({ org_id: orgId, seq: seq - 1 }).first('hash');
  return { seq, prevHash: prev?.hash ?? null };
}

/**
 * Takes the org row's exclusive lock up front (MySQL; SQLite's one connection already serializes).
 * A transaction that inserts a row referencing the org first holds a shared lock on the org row
 * (the foreign key check), and two such transactions that both then append would each wait for
 * the other to drop its shared lock: a deadlock. Locking first avoids it.
 */
export async function lockOrgRow(tx: Tx, orgId: string): Promise<void> {
  const trx = sqlOf(tx);
  if (!/mysql/.test(String(trx.client.config.client))) return;
  await trx('orgs').where({ id: orgId }).forUpdate().first('id');
}

export async function insertActivity(tx: Tx, row: ActivityRow): Promise<void> {
  await sqlOf(tx)('activity_log').insert(row);
}

/** The email of the user who created the acting key, read in the change's transaction. */
/** The user's email, inside a transaction or on the pool (both are query builders to Knex). */
export async function emailOfUser(db: Tx | Knex, orgId: string, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const user = await sqlOf(db as Tx)('users').where({ org_id: orgId, id: userId }).first('email');
  return user?.email ?? null;
}

export class ActivityLogRepo extends Repo {
  /** Entries from `since` (epoch ms), oldest first, at most `limit`. */
  async list(orgId: string, options: { since?: number; afterSeq?: number; limit: number }): Promise<ActivityRow[]> {
    let q = this.knex('activity_log').where({ org_id: orgId });
    if (options.since !== undefined) q = q.where('at', '>=', options.since);
    if (options.afterSeq !== undefined) q = q.where('seq', '>', options.afterSeq);
    const rows = await q.orderBy('seq', 'asc').limit(options.limit).select(COLUMNS);
    return rows.map(typed);
  }

  async headSeq(orgId: string): Promise<number> {
    const org = await this.knex('orgs').where({ id: orgId }).first('activity_seq');
    return Number(org?.activity_seq ?? 0);
  }
}
