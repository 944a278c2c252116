// Issue #16, step 2: property tests over whole classes of misses, one block per class. Each
// generates the members of a class (targets, spellings, wrappers) rather than listing examples.
// Bounded: fixed seeds and numRuns, so failures reproduce and the file stays fast.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { decide, shell } from './helpers.js';

const verdict = (cmd: string) => decide(shell(cmd)).verdict;
const name = fc.stringMatching(/^[a-z][a-z0-9_-]{0,9}$/);

test('deleting system files or service data is denied at any depth, recursive or not', () => {
  const root = fc.constantFrom('/etc', '/var/lib', '/var/www', '/usr/bin', '/usr/lib', '/boot', '/srv', '/opt', '/sbin');
  fc.assert(
    fc.property(root, fc.array(name, { minLength: 1, maxLength: 4 }), fc.constantFrom('rm -rf', 'rm -r', 'sudo rm -rf', 'rm -f', 'unlink', 'shred -u', 'find {} -delete'), (r, parts, tool) => {
      const path = `${r}/${parts.join('/')}`;
      const cmd = tool.includes('{}') ? tool.replace('{}', path) : `${tool} ${path}`;
      const d = decide(shell(cmd));
      assert.equal(d.verdict, 'deny', `${cmd} → ${d.verdict} ${d.reason}`);
    }),
    { numRuns: 300, seed: 1601 },
  );
});
