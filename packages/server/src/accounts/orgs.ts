// Org, user and API key verbs. Creating an org creates its owner and one key of each kind
// in one transaction; raw keys are returned once and never stored.
import type { Knex } from 'knex';
import { appendActivity, lockActivityLog, type ActivityActor } from '../audit/activity-log.js';
import { retryingTransaction } from '../store/retrying-transaction.js';
import { z } from 'zod';
import { newId } from '../ids.js';
import { InvalidError, ConflictError, NotFoundError } from '../errors.js';
import { generateApiKey, type KeyKind } from './api-keys.js';
import type { ApiKeyItem } from '@service/api';

export const PLANS = ['free', 'early_adopter', 'pro', 'team', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];
export const ROLES = ['owner', 'admin', 'member', 'developer'] as const;
export type Role = (typeof ROLES)[number];

export interface OrgRow {
  id: string;
  name: string;
  plan: Plan;
  policy_version: number;
  created_at: number;
}

export const createOrgInput = z.object({
  name: z.string().trim().min(1, 'name must not be empty').max(200),
  plan: z.enum(PLANS, { errorMap: () => ({ message: `plan must be one of ${PLANS.join(', ')}` }) }),
  ownerEmail: z.string().trim().email('owner email must be an e-mail address').max(320).optional(),
});

export interface CreatedOrg {
  org_id: string;
  admin_key: string;
  runtime_key: string;
}

export async function createOrg(knex: Knex, input: z.input<typeof createOrgInput>): Promise<CreatedOrg> {
  const parsed = createOrgInput.safeParse(input);
  if (!parsed.success) throw new InvalidError(parsed.error.issues.map((i) => i.message).join('; '));
  const { name, plan, ownerEmail } = parsed.data;
  const now = Date.now();
  const orgId = newId(now);
  const ownerId = newId(now);
  const admin = generateApiKey('admin');
  const runtime = generateApiKey('runtime');
  await knex.transaction(async (trx) => {
    await trx('orgs').insert({ id: orgId, name, plan, policy_version: 1, created_at: now });
    await trx('users').insert({ id: ownerId, org_id: orgId, email: ownerEmail ?? `owner@${orgId.toLowerCase()}.local`, role: 'owner', created_at: now });
    await trx('api_keys').insert([
      { id: newId(now), org_id: orgId, kind: 'admin', name: 'Initial admin key', key_hash: admin.hash, display_prefix: admin.displayPrefix, created_by: ownerId, created_at: now },
      { id: newId(now), org_id: orgId, kind: 'runtime', name: 'Initial runtime key', key_hash: runtime.hash, display_prefix: runtime.displayPrefix, created_by: ownerId, created_at: now },
    ]);
  });
  return { org_id: orgId, admin_key: admin.raw, runtime_key: runtime.raw };
}

export async function countOrgs(knex: Knex): Promise<number> {
  const row = await knex('orgs').count<{ n: number }[]>({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

export async function getOrg(knex: Knex, orgId: string): Promise<OrgRow> {
  const org = await knex<OrgRow>('orgs').where({ id: orgId }).first();
  if (!org) throw new NotFoundError('Organization not found.');
  return { ...org, created_at: Number(org.created_at), policy_version: Number(org.policy_version) };
}

export async function setOrgPlan(knex: Knex, orgId: string, plan: Plan): Promise<void> {
  const n = await knex('orgs').where({ id: orgId }).update({ plan });
  if (n === 0) throw new NotFoundError('Organization not found.');
}

export type KeyListItem = ApiKeyItem;

const iso = (ms: unknown) => (ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString());

export async function createApiKey(
  knex: Knex,
  orgId: string,
  input: { kind: KeyKind; name?: string; createdBy: string | null; actor?: ActivityActor },
): Promise<{ id: string; key: string; kind: KeyKind; prefix: string }> {
  const material = generateApiKey(input.kind);
  const now = Date.now();
  const id = newId(now);
  const name = input.name?.trim() || `${input.kind} key`;
  await retryingTransaction(knex, async (trx) => {
    if (input.actor) await lockActivityLog(trx, orgId);
    await trx('api_keys').insert({
      id,
      org_id: orgId,
      kind: input.kind,
      name,
      key_hash: material.hash,
      display_prefix: material.displayPrefix,
      created_by: input.createdBy,
      created_at: now,
    });
    // An admin's key creation is an activity entry (never the key or its hash).
    if (input.actor) await appendActivity(trx, orgId, input.actor, 'key.create', { type: 'api_key', id }, null, { kind: input.kind, name, prefix: material.displayPrefix });
  });
  return { id, key: material.raw, kind: input.kind, prefix: material.displayPrefix };
}

export async function listApiKeys(knex: Knex, orgId: string): Promise<KeyListItem[]> {
  const rows = await knex('api_keys as k')
    .leftJoin('users as u', function () {
      this.on('u.id', '=', 'k.created_by').andOn('u.org_id', '=', 'k.org_id');
    })
    .where('k.org_id', orgId)
    .orderBy('k.created_at', 'asc')
    .select('k.id', 'k.kind', 'k.name', 'k.display_prefix', 'k.created_at', 'k.revoked_at', 'k.last_used_at', 'u.email as created_by_email');
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    name: r.name,
    prefix: r.display_prefix,
    created_at: iso(r.created_at)!,
    revoked_at: iso(r.revoked_at),
    last_used_at: iso(r.last_used_at),
    created_by: r.created_by_email ?? null,
  }));
}

/** Revokes a key of the caller's org; another org's key id is answered as not found. */
export async function revokeApiKey(knex: Knex, orgId: string, keyId: string, opts: { force?: boolean; actor?: ActivityActor } = {}): Promise<{ id: string; revoked_at: string }> {
  const now = Date.now();
  const { actor } = opts;
  // MySQL: lock the org's admin keys so two revokes cannot each leave the other as the last one.
  // SQLite serializes write transactions itself (and has no row locks).
  const mysql = String((knex.client as { config?: { client?: unknown } }).config?.client ?? '').includes('mysql');
  const locked = <T extends Knex.QueryBuilder>(q: T): T => (mysql ? (q.forUpdate() as T) : q);
  const n = await retryingTransaction(knex, async (trx): Promise<number> => {
    if (actor) await lockActivityLog(trx, orgId);
    const key = await locked(trx('api_keys').where({ org_id: orgId, id: keyId }).whereNull('revoked_at')).first('kind');
    if (key?.kind === 'admin' && !opts.force) {
      // Revoking the last admin key locks the organization out of its own admin API; the way
      // back then needs the store (service admin create-key). So it takes an explicit force.
      const others = await locked(trx('api_keys').where({ org_id: orgId, kind: 'admin' }).whereNull('revoked_at').whereNot({ id: keyId })).select('id');
      if (others.length === 0) {
        throw new ConflictError('This is the organization\'s last active admin key: revoking it would lock everyone out of the admin API. Create another admin key first (service keys create --kind admin), or revoke with --force (API: ?force=true).');
      }
    }
    const changed = Number(await trx('api_keys').where({ org_id: orgId, id: keyId }).whereNull('revoked_at').update({ revoked_at: now }));
    if (changed && actor) await appendActivity(trx, orgId, actor, 'key.revoke', { type: 'api_key', id: keyId }, { revoked_at: null }, { revoked_at: new Date(now).toISOString() });
    return changed;
  });
  if (n === 0) {
    const exists = await knex('api_keys').where({ org_id: orgId, id: keyId }).first('revoked_at');
    if (!exists) throw new NotFoundError(`No API key with id ${keyId} in this organization.`);
    return { id: keyId, revoked_at: iso(exists.revoked_at)! };
  }
  return { id: keyId, revoked_at: iso(now)! };
}
