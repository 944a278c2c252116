// Org, user and API key verbs. Creating an org creates its owner and one key of each kind
// in one transaction; raw keys are returned once and never stored.
import type { Knex } from 'knex';
import { z } from 'zod';
import { newId } from '../ids.js';
import { BadRequestError, NotFoundError } from '../http/errors.js';
import { generateApiKey, type KeyKind } from './api-keys.js';

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
  if (!parsed.success) throw new BadRequestError(parsed.error.issues.map((i) => i.message).join('; '));
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

export interface KeyListItem {
  id: string;
  kind: KeyKind;
  name: string;
  prefix: string;
  created_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
}

const iso = (ms: unknown) => (ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString());

export async function createApiKey(
  knex: Knex,
  orgId: string,
  input: { kind: KeyKind; name?: string; createdBy: string | null },
): Promise<{ id: string; key: string; kind: KeyKind; prefix: string }> {
  const material = generateApiKey(input.kind);
  const now = Date.now();
  const id = newId(now);
  await knex('api_keys').insert({
    id,
    org_id: orgId,
    kind: input.kind,
    name: input.name?.trim() || `${input.kind} key`,
    key_hash: material.hash,
    display_prefix: material.displayPrefix,
    created_by: input.createdBy,
    created_at: now,
  });
  return { id, key: material.raw, kind: input.kind, prefix: material.displayPrefix };
}

export async function listApiKeys(knex: Knex, orgId: string): Promise<KeyListItem[]> {
  const rows = await knex('api_keys')
    .where({ org_id: orgId })
    .orderBy('created_at', 'asc')
    .select('id', 'kind', 'name', 'display_prefix', 'created_at', 'revoked_at', 'last_used_at');
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    name: r.name,
    prefix: r.display_prefix,
    created_at: iso(r.created_at)!,
    revoked_at: iso(r.revoked_at),
    last_used_at: iso(r.last_used_at),
  }));
}

/** Revokes a key of the caller's org; another org's key id is answered as not found. */
export async function revokeApiKey(knex: Knex, orgId: string, keyId: string): Promise<{ id: string; revoked_at: string }> {
  const now = Date.now();
  const n = await knex('api_keys').where({ org_id: orgId, id: keyId }).whereNull('revoked_at').update({ revoked_at: now });
  if (n === 0) {
    const exists = await knex('api_keys').where({ org_id: orgId, id: keyId }).first('revoked_at');
    if (!exists) throw new NotFoundError(`No API key with id ${keyId} in this organization.`);
    return { id: keyId, revoked_at: iso(exists.revoked_at)! };
  }
  return { id: keyId, revoked_at: iso(now)! };
}
