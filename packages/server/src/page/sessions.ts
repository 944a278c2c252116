// Admin page sessions: opened by signing in with an admin key, ended by logout, by expiry, or
// by revoking the key that opened them. The browser holds a random token; the store holds its
// SHA-256, so a copy of the table cannot be replayed as cookies. Each session has its own CSRF
// secret, which every state-changing form sends back as a hidden field.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { KeyPrincipal } from '../accounts/key-cache.js';
import type { Plan, Role } from '../accounts/orgs.js';
import { ForbiddenError } from '../errors.js';
import { sha256Hex } from '../sha256.js';
import type { PageSessionsRepo } from '../store/page-sessions-repo.js';

/** Sessions last eight hours from sign-in, then the admin signs in again. */
export const SESSION_TTL_MS = 8 * 60 * 60 * 1000;

export interface PageSession {
  orgId: string;
  orgName: string;
  plan: Plan;
  keyId: string;
  role: Role | null;
  createdBy: string | null;
  csrf: string;
  expiresAt: number;
  /** Who acts, for change history: the key creator's e-mail, else the key's display prefix. */
  actor: string;
}

export const randomToken = (): string => randomBytes(32).toString('base64url');

/** Constant-time comparison of two tokens (false when either is missing). */
export function tokensMatch(expected: string | undefined, given: string | undefined): boolean {
  if (!expected || !given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Opens a session for an admin key's principal; returns the raw token for the cookie. */
export async function openPageSession(sessions: PageSessionsRepo, principal: KeyPrincipal, now = Date.now()): Promise<{ token: string; expiresAt: number }> {
  if (principal.kind !== 'admin') throw new ForbiddenError('Only admin keys open admin page sessions.');
  const token = randomToken();
  const expiresAt = now + SESSION_TTL_MS;
  // Expired sessions of this org are swept here, so the table does not grow without bound.
  await sessions.deleteExpired(principal.orgId, now);
  await sessions.insert({ token_hash: sha256Hex(token), org_id: principal.orgId, key_id: principal.keyId, csrf_secret: randomToken(), created_at: now, expires_at: expiresAt });
  return { token, expiresAt };
}

/** The live session a token names: not expired, and its admin key not revoked. */
export async function findPageSession(sessions: PageSessionsRepo, token: string, now = Date.now()): Promise<PageSession | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const row = await sessions.findLive(sha256Hex(token), now);
  if (!row) return null;
  return {
    orgId: row.org_id,
    orgName: row.org_name,
    plan: row.plan as Plan,
    keyId: row.key_id,
    role: row.role as Role | null,
    createdBy: row.created_by,
    csrf: row.csrf_secret,
    expiresAt: row.expires_at,
    actor: row.email ?? `admin key ${row.display_prefix}…`,
  };
}

export async function endPageSession(sessions: PageSessionsRepo, orgId: string, token: string): Promise<void> {
  await sessions.delete(orgId, sha256Hex(token));
}

/** The principal a session acts as, for the domain verbs the admin API also calls. */
export function sessionPrincipal(s: PageSession): KeyPrincipal {
  return { keyId: s.keyId, kind: 'admin', orgId: s.orgId, orgName: s.orgName, plan: s.plan, role: s.role, createdBy: s.createdBy };
}
