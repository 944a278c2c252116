// Properties for the Windows guard-rail spellings and for hand-written production writes: the
// verdict follows the effect (which file, which host), not the spelling. Bounded: fixed seeds and numRuns.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { decide, shell } from './helpers.js';

const show = (cmd: string): string => {
  const d = decide(shell(cmd));
  return `${cmd} → ${d.verdict} ${d.patternName}: ${d.reason}`;
};

const HOMES = ['$env:USERPROFILE', '%USERPROFILE%', 'C:\\Users\\dana', '~'];
const SEPS = ['\\', '/'];
const GUARD_FILES = [['.claude', 'settings.json'], ['.cursor', 'hooks.json'], ['.codex', 'hooks.json'], ['.windsurf', 'hooks.json']];
const PROJECT_FILES = [['notes', 'settings.txt'], ['src', 'hooks.ts'], ['docs', 'index.json']];
const REMOVERS: Array<(p: string) => string> = [
  (p) => `Remove-Item -Force "${p}"`,
  (p) => `Remove-Item -LiteralPath "${p}"`,
  (p) => `ri "${p}" -Force`,
  (p) => `del /q /f "${p}"`,
  (p) => `Set-Content -Path "${p}" -Value '{}'`,
  (p) => `Clear-Content "${p}"`,
];

test('removing or emptying an agent guard-rail file in any Windows spelling is denied', () => {
  fc.assert(
    fc.property(fc.constantFrom(...REMOVERS), fc.constantFrom(...HOMES), fc.constantFrom(...SEPS), fc.constantFrom(...GUARD_FILES), (op, home, sep, [dir, file]) => {
      const cmd = op([home, dir, file].join(sep));
      const d = decide(shell(cmd));
      assert.equal(d.verdict, 'deny', show(cmd));
      assert.match(d.patternName ?? '', /^guard_rail_change\./, show(cmd));
    }),
    { numRuns: 150, seed: 1724 },
  );
});

test('the same removers on ordinary project files are allowed', () => {
  fc.assert(
    fc.property(fc.constantFrom(...REMOVERS), fc.constantFrom(...SEPS), fc.constantFrom(...PROJECT_FILES), (op, sep, [dir, file]) => {
      const cmd = op(['.', dir, file].join(sep));
      assert.equal(decide(shell(cmd)).verdict, 'allow', show(cmd));
    }),
    { numRuns: 60, seed: 1725 },
  );
});

const CLIENTS: Array<(host: string, sql: string) => string> = [
  (h, s) => `psql -h ${h} -U app -d shop -c "${s}"`,
  (h, s) => `mysql -h ${h} -u app -e "${s}" shop`,
  (h, s) => `mysql --host=${h} -u app --execute "${s}" shop`,
];
const WRITES = ["UPDATE orders SET status='void' WHERE id = 7", 'ALTER TABLE orders ADD COLUMN notes text', 'INSERT INTO flags (name) VALUES (1)'];
const PROD_HOSTS = ['db.prod.internal', 'mysql-prod.acme.io', 'pg-production.eu-west-1.rds.amazonaws.com'];
const OTHER_HOSTS = ['db.staging.internal', 'localhost', '127.0.0.1', 'pg-dev.acme.io'];

test('a hand-written write on a production host warns; the same on staging or local is allowed', () => {
  fc.assert(
    fc.property(fc.constantFrom(...CLIENTS), fc.constantFrom(...WRITES), fc.constantFrom(...PROD_HOSTS), fc.constantFrom(...OTHER_HOSTS), (client, sql, prod, other) => {
      const hot = client(prod, sql);
      const d = decide(shell(hot));
      assert.equal(d.verdict, 'warn', show(hot));
      assert.equal(d.patternName, 'cloud_destructive.production_write', show(hot));
      assert.equal(decide(shell(client(other, sql))).verdict, 'allow', show(client(other, sql)));
      assert.equal(decide(shell(client(prod, 'SELECT count(*) FROM orders'))).verdict, 'allow', show(client(prod, 'SELECT 1')));
    }),
    { numRuns: 100, seed: 1726 },
  );
});
