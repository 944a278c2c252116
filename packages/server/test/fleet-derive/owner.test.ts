import { test } from 'node:test';
import assert from 'node:assert/strict';
import { matchDirectoryUser, ownerEvidence, type DirectoryUser, type OwnerEvidence, type OwnerInputs } from '../../src/fleet/derive/index.js';

const DIRECTORY: DirectoryUser[] = [
  { email: 'jdoe@example.com', displayName: 'Jane Doe', department: 'Platform', jobTitle: 'Engineer' },
  { email: 'asmith@example.com', displayName: 'Alex Smith' },
  { email: 'sam@example.com', displayName: 'Sam Lee' },
  { email: 'sam.lee@example.com', displayName: 'Samuel Lee' },
];

// The spec's Owner column sources in precedence order, then the directory-matching rules.
const ROWS: Array<{ name: string; owner: OwnerInputs | undefined; want: OwnerEvidence }> = [
  {
    name: 'directory: hint matches an e-mail prefix; department and job title shown',
    owner: { sessionUserHint: 'jdoe', osUsername: 'jd', keyCreator: { email: 'admin@example.com' }, directoryUsers: DIRECTORY },
    want: { display: 'Jane Doe', source: 'directory', verified: true, department: 'Platform', jobTitle: 'Engineer', conflict: false },
  },
  {
    name: 'directory: hint matches the display name (separators and case folded)',
    owner: { sessionUserHint: 'alex.smith', directoryUsers: DIRECTORY },
    want: { display: 'Alex Smith', source: 'directory', verified: true, conflict: false },
  },
  {
    name: 'directory: an e-mail hint and a domain-prefixed hint match by prefix',
    owner: { sessionUserHint: 'CORP\\ASmith', directoryUsers: DIRECTORY },
    want: { display: 'Alex Smith', source: 'directory', verified: true, conflict: false },
  },
  {
    name: 'session hint: no directory connected',
    owner: { sessionUserHint: 'jdoe', osUsername: 'root', keyCreator: { email: 'admin@example.com' } },
    want: { display: 'jdoe', source: 'session_hint', verified: false, conflict: false },
  },
  {
    name: 'session hint: ambiguous directory match picks nobody and flags a conflict',
    owner: { sessionUserHint: 'sam lee', directoryUsers: [...DIRECTORY, { email: 'slee@example.com', displayName: 'Sam Lee' }] },
    want: { display: 'sam lee', source: 'session_hint', verified: false, conflict: true },
  },
  {
    name: 'OS username: no session hint (not matched against the directory)',
    owner: { osUsername: 'jdoe', keyCreator: { email: 'admin@example.com' }, directoryUsers: DIRECTORY },
    want: { display: 'jdoe', source: 'os_username', verified: false, conflict: false },
  },
  {
    name: 'key creator fallback: unverified, not the workstation user',
    owner: { sessionUserHint: '  ', keyCreator: { displayName: 'Fleet Admin', email: 'admin@example.com' } },
    want: { display: 'Fleet Admin', source: 'key_creator', verified: false, conflict: false },
  },
  {
    name: 'key creator without a display name shows the e-mail',
    owner: { keyCreator: { email: 'admin@example.com' } },
    want: { display: 'admin@example.com', source: 'key_creator', verified: false, conflict: false },
  },
  { name: 'no evidence', owner: undefined, want: { display: null, source: null, verified: false, conflict: false } },
];

for (const row of ROWS) {
  test(`ownerEvidence: ${row.name}`, () => {
    assert.deepEqual(ownerEvidence({ owner: row.owner }), row.want);
  });
}

test('matchDirectoryUser: e-mail prefix match, e-mail hint, and no false match on a partial prefix', () => {
  assert.equal(matchDirectoryUser('jdoe@laptop.local', DIRECTORY).user?.email, 'jdoe@example.com');
  assert.equal(matchDirectoryUser('sam', DIRECTORY).user?.email, 'sam@example.com');
  assert.equal(matchDirectoryUser('jdo', DIRECTORY).user, null);
  assert.deepEqual(matchDirectoryUser(null, DIRECTORY), { user: null, ambiguous: false });
});
