// SQL of admin page sessions (page/sessions.ts holds the rules). Every query takes org_id except
// findLive: the session token is what tells which org a browser belongs to.
import type { Knex } from 'knex';

export interface PageSessionRecord {
  token_hash: string;
  org_id: string;
  key_id: string;
  csrf_secret: string;
  created_at: number;
  expires_at: number;
}

/** A live session with what the page needs of its key, org and the key's creator. */
export interface LivePageSessionRow {
  org_id: string;
  key_id: string;
  csrf_secret: string;
  expires_at: number;
  org_name: string;
  plan: string;
  role: string | null;
  email: string | null;
  created_by: string | null;
  display_prefix: string;
}

export interface PageSessionsRepo {
  /** Deletes the org's sessions that expired by `now`. */
  deleteExpired(orgId: string, now: number): Promise<void>;
  insert(session: PageSessionRecord): Promise<void>;
  /** The session with this token hash while unexpired and its admin key is not revoked. */
  findLive(tokenHash: string, now: number): Promise<LivePageSessionRow | undefined>;
  delete(orgId: string, tokenHash: string): Promise<void>;
}

export class KnexPageSessionsRepo implements PageSessionsRepo {
  constructor(private readonly db: Knex) {}

  async deleteExpired(orgId: string, now: number): Promise<void> {
    await this.db('admin_page_sessions').where('org_id', orgId).where('expires_at', '<=', now).delete();
  }

  async insert(session: PageSessionRecord): Promise<void> {
    await this.db('admin_page_sessions').insert(session);
  }

  async findLive(tokenHash: string, now: number): Promise<LivePageSessionRow | undefined> {
    const row = await this.db('admin_page_sessions as s')
      .join('api_keys as k', function () {
        this.on('k.id', '=', 's.key_id').andOn('k.org_id', '=', 's.org_id');
      })
      .join('orgs as o', 'o.id', 's.org_id')
      .leftJoin('users as u', function () {
        this.on('u.id', '=', 'k.created_by').andOn('u.org_id', '=', 'k.org_id');
      })
      .where('s.token_hash', tokenHash)
      .where('s.expires_at', '>', now)
      .whereNull('k.revoked_at')
      .where('k.kind', 'admin')
      .first('s.org_id', 's.key_id', 's.csrf_secret', 's.expires_at', 'o.name as org_name', 'o.plan', 'u.role', 'u.email', 'k.created_by', 'k.display_prefix');
    if (!row) return undefined;
    return { ...row, expires_at: Number(row.expires_at), role: row.role ?? null, email: row.email ?? null, created_by: row.created_by ?? null };
  }

  async delete(orgId: string, tokenHash: string): Promise<void> {
    await this.db('admin_page_sessions').where({ org_id: orgId, token_hash: tokenHash }).delete();
  }
}
