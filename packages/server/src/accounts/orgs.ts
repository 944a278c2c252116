// Org, user and API key verbs. Creating an org creates its owner and one key of each kind
// in one transaction; raw keys are returned once and never stored.
import { z } from 'zod';
import { appendActivity, lockActivityLog, type ActivityActor } from '../audit/activity-log.js';
import type { AccountsRepo } from '../store/accounts-repo.js';
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

export async function createOrg(accounts: AccountsRepo, input: z.input<typeof createOrgInput>): Promise<CreatedOrg> {
  const parsed = createOrgInput.safeParse(input);
  if (!parsed.success) throw new InvalidError(parsed.error.issues.map((i) => i.message).join('; '));
  const { name, plan, ownerEmail } = parsed.data;
  const now = Date.now();
  const orgId = newId(now);
  const ownerId = newId(now);
  const admin = generateApiKey('admin');
  const runtime = generateApiKey('runtime');
  await accounts.insertOrg(
    { id: orgId, name, plan, policy_version: 1, created_at: now },
    { id: ownerId, org_id: orgId, email: ownerEmail ?? `owner@${orgId.toLowerCase()}.local`, role: 'owner', created_at: now },
    [
      { id: newId(now), org_id: orgId, kind: 'admin', name: 'Initial admin key', key_hash: admin.hash, display_prefix: admin.displayPrefix, created_by: ownerId, created_at: now },
      { id: newId(now), org_id: orgId, kind: 'runtime', name: 'Initial runtime key', key_hash: runtime.hash, display_prefix: runtime.displayPrefix, created_by: ownerId, created_at: now },
    ],
  );
  return { org_id: orgId, admin_key: admin.raw, runtime_key: runtime.raw };
}

/** Whether this is the store's first start: no org at all yet. */
export async function hasNoOrg(accounts: AccountsRepo): Promise<boolean> {
  return (await accounts.countOrgs()) === 0;
}

export async function getOrg(accounts: AccountsRepo, orgId: string): Promise<OrgRow> {
  const org = await accounts.findOrg(orgId);
  if (!org) throw new NotFoundError('Organization not found.');
  return { ...org, plan: org.plan as Plan };
}

export async function setOrgPlan(accounts: AccountsRepo, orgId: string, plan: Plan): Promise<void> {
  if (!(await accounts.setOrgPlan(orgId, plan))) throw new NotFoundError('Organization not found.');
}

export type KeyListItem = ApiKeyItem;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export async function createApiKey(
  accounts: AccountsRepo,
  orgId: string,
  input: { kind: KeyKind; name?: string; createdBy: string | null; actor?: ActivityActor },
): Promise<{ id: string; key: string; kind: KeyKind; prefix: string }> {
  const material = generateApiKey(input.kind);
  const now = Date.now();
  const id = newId(now);
  const name = input.name?.trim() || `${input.kind} key`;
  await accounts.transaction(async (repo, tx) => {
    if (input.actor) await lockActivityLog(tx, orgId);
    await repo.insertApiKey({
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
    if (input.actor) await appendActivity(tx, orgId, input.actor, 'key.create', { type: 'api_key', id }, null, { kind: input.kind, name, prefix: material.displayPrefix });
  });
  return { id, key: material.raw, kind: input.kind, prefix: material.displayPrefix };
}

export async function listApiKeys(accounts: AccountsRepo, orgId: string): Promise<KeyListItem[]> {
  const rows = await accounts.listApiKeys(orgId);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    name: r.name,
    prefix: r.display_prefix,
    created_at: iso(r.created_at)!,
    revoked_at: iso(r.revoked_at),
    last_used_at: iso(r.last_used_at),
    created_by: r.created_by_email,
  }));
}

/** Revokes a key of the caller's org; another org's key id is answered as not found. */
export async function revokeApiKey(accounts: AccountsRepo, orgId: string, keyId: string, opts: { force?: boolean; actor?: ActivityActor } = {}): Promise<{ id: string; revoked_at: string }> {
  const now = Date.now();
  const { actor } = opts;
  // The admin keys are read with their row locks, so two revokes cannot each leave the other as
  // the last one.
  const revoked = await accounts.transaction(async (repo, tx): Promise<boolean> => {
    if (actor) await lockActivityLog(tx, orgId);
    const kind = await repo.activeKeyKind(orgId, keyId, { lock: true });
    if (kind === 'admin' && !opts.force) {
      // Revoking the last admin key locks the organization out of its own admin API; the way
      // back then needs the store (service admin create-key). So it takes an explicit force.
      if ((await repo.countOtherActiveAdminKeys(orgId, keyId, { lock: true })) === 0) {
        throw new ConflictError('This is the organization\'s last active admin key: revoking it would lock everyone out of the admin API. Create another admin key first (service keys create --kind admin), or revoke with --force (API: ?force=true).');
      }
    }
    const changed = await repo.revokeApiKey(orgId, keyId, now);
    if (changed && actor) await appendActivity(tx, orgId, actor, 'key.revoke', { type: 'api_key', id: keyId }, { revoked_at: null }, { revoked_at: new Date(now).toISOString() });
    return changed;
  });
  if (!revoked) {
    const exists = await accounts.keyRevokedAt(orgId, keyId);
    if (!exists) throw new NotFoundError(`No API key with id ${keyId} in this organization.`);
    return { id: keyId, revoked_at: iso(exists.revoked_at)! };
  }
  return { id: keyId, revoked_at: iso(now)! };
}
