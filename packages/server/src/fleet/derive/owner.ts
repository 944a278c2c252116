// Owner evidence (spec: Workstation, Owner column and Identity enrichment).
import { present, type DirectoryUser, type WorkstationEvidence } from './evidence.js';

export type OwnerSource = 'directory' | 'session_hint' | 'os_username' | 'key_creator';

export interface OwnerEvidence {
  display: string | null;
  source: OwnerSource | null;
  /** Only a directory match is reliable; hints and usernames are self-reported, the key creator is not the user. */
  verified: boolean;
  department?: string;
  jobTitle?: string;
  /** The hint matched more than one directory user, so none was chosen (an identity issue). */
  conflict: boolean;
}

// "CORP\jdoe" → "jdoe": Windows account hints carry a domain prefix the directory does not.
function stripDomain(hint: string): string {
  const i = hint.lastIndexOf('\\');
  return i >= 0 ? hint.slice(i + 1) : hint;
}

// "Jane.Doe", "jane_doe", "Jane  Doe" all compare equal; separators in usernames stand for spaces.
function fold(s: string): string {
  return s.toLowerCase().replace(/[\s._-]+/g, ' ').trim();
}

function emailPrefix(email: string): string {
  const at = email.indexOf('@');
  return at >= 0 ? email.slice(0, at) : email;
}

export interface DirectoryMatch {
  user: DirectoryUser | null;
  ambiguous: boolean;
}

/**
 * Matches a session user hint against directory users by e-mail prefix and display name (spec:
 * Identity enrichment). A hint that is itself an e-mail address is compared by its prefix as well.
 * More than one distinct user matching is ambiguous: we pick nobody rather than guess a person.
 */
export function matchDirectoryUser(hint: string | null | undefined, users: readonly DirectoryUser[] = []): DirectoryMatch {
  const raw = present(hint);
  if (raw === null) return { user: null, ambiguous: false };
  const h = fold(emailPrefix(stripDomain(raw)));
  if (h === '') return { user: null, ambiguous: false };
  const found = new Map<string, DirectoryUser>();
  for (const u of users) {
    const email = present(u.email);
    const name = present(u.displayName);
    const byPrefix = email !== null && fold(emailPrefix(email)) === h;
    const byName = name !== null && fold(name) === h;
    if (byPrefix || byName) found.set((email ?? name ?? '').toLowerCase(), u);
  }
  if (found.size === 1) return { user: [...found.values()][0], ambiguous: false };
  return { user: null, ambiguous: found.size > 1 };
}

/**
 * Precedence: directory match of the session hint → session user hint → OS username → key creator.
 * The key creator is a last resort and unverified: for fleet keys it is whoever made the key, not
 * the person at the workstation (spec: Owner column).
 */
export function ownerEvidence(ev: WorkstationEvidence): OwnerEvidence {
  const o = ev.owner ?? {};
  const hint = present(o.sessionUserHint);
  const match = matchDirectoryUser(hint, o.directoryUsers);
  const conflict = match.ambiguous;
  if (match.user !== null) {
    const u = match.user;
    const result: OwnerEvidence = {
      display: present(u.displayName) ?? present(u.email),
      source: 'directory',
      verified: true,
      conflict,
    };
    const department = present(u.department);
    const jobTitle = present(u.jobTitle);
    if (department !== null) result.department = department;
    if (jobTitle !== null) result.jobTitle = jobTitle;
    return result;
  }
  if (hint !== null) return { display: hint, source: 'session_hint', verified: false, conflict };
  const os = present(o.osUsername);
  if (os !== null) return { display: os, source: 'os_username', verified: false, conflict };
  const creator = present(o.keyCreator?.displayName) ?? present(o.keyCreator?.email);
  if (creator !== null) return { display: creator, source: 'key_creator', verified: false, conflict };
  return { display: null, source: null, verified: false, conflict };
}

/** No person evidence about the workstation user: nothing at all, or only the key creator. */
export function ownerUnknown(ev: WorkstationEvidence): boolean {
  const source = ownerEvidence(ev).source;
  return source === null || source === 'key_creator';
}
