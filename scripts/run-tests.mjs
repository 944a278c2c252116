#!/usr/bin/env node
// Runs the whole suite with node's test runner (TypeScript through tsx) and ends with the
// plain closing line `N passed, N failed`. The store is chosen by SERVICE_TEST_STORE
// (sqlite, the default, or mysql with SERVICE_TEST_MYSQL_URL). Extra arguments narrow the
// files: `npm test -- packages/server` runs only files whose path contains that text.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const filters = process.argv.slice(2);

function findTests(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) findTests(path, out);
    else if (name.endsWith('.test.ts')) out.push(relative(root, path));
  }
  return out;
}

// The real-agent suite downloads agents and runs minutes; it has its own script (npm run test:agents).
const includeAgents = process.env.SERVICE_TEST_AGENTS === '1';
let files = [...findTests(join(root, 'packages')), ...findTests(join(root, 'test'))]
  .filter((f) => includeAgents || !f.startsWith(join('test', 'agents')))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();
if (files.length === 0) {
  console.error('No test files matched.');
  console.log('0 passed, 1 failed');
  process.exit(1);
}

// Type-check and build first: end-to-end tests spawn the compiled CLI and server. The
// benchmarks are type-checked too (bench/tsconfig.json, nothing emitted): no test runs them.
const tsc = join(root, 'node_modules/typescript/bin/tsc');
for (const [what, tscArgs] of [['build', ['-b']], ['benchmarks type check', ['-p', 'bench']], ['hook bundle', null]]) {
  // The hook bundle (packages/cli/dist/hook.cjs) is what the Node hook commands run.
  const run = tscArgs ? spawnSync(process.execPath, [tsc, ...tscArgs], { cwd: root, stdio: 'inherit' }) : spawnSync(process.execPath, [join(root, 'scripts/build-hook.mjs')], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`The ${what} failed; fix the errors above before testing.`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

const args = ['--conditions=source', '--import', 'tsx', '--test', '--test-reporter=spec', `--test-concurrency=${process.env.SERVICE_TEST_CONCURRENCY ?? 2}`, ...files];
// The test servers check every answer against its route's schema and list the routes they
// answered (packages/server/test/support/harness.ts); the list is reported at the end.
const coverageDir = mkdtempSync(join(tmpdir(), 'svc-route-coverage-'));
const coverageFile = join(coverageDir, 'routes.txt');
const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NODE_ENV: 'test', SERVICE_ROUTE_COVERAGE_FILE: coverageFile } });
let tail = '';
child.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  tail = (tail + chunk.toString()).slice(-4000);
});
/** Which API routes the integration tests called, of all mounted ones (their answers were schema-checked). */
async function reportRouteCoverage() {
  const called = new Set(existsSync(coverageFile) ? readFileSync(coverageFile, 'utf8').split('\n').filter(Boolean) : []);
  rmSync(coverageDir, { recursive: true, force: true });
  if (called.size === 0) return;
  const { allRoutes } = await import('../packages/server/dist/routes/index.js');
  const all = allRoutes().map((r) => `${r.method} ${r.path}`);
  const missed = all.filter((r) => !called.has(r));
  console.log(`API routes called by the integration tests, answers checked against their schemas: ${all.length - missed.length} of ${all.length}`);
  if (missed.length) console.log(`Not called: ${missed.join(', ')}`);
}

child.on('close', async (code) => {
  await reportRouteCoverage();
  const count = (label) => Number((tail.match(new RegExp(`ℹ ${label} (\\d+)`)) ?? [])[1] ?? 0);
  const passed = count('pass');
  // A runner that died without a failing test (a crash, a syntax error) still counts as a failure.
  const failed = count('fail') + (code !== 0 && count('fail') === 0 ? 1 : 0);
  const skipped = count('skipped') + count('todo');
  // Skipped tests are said out loud: a suite that is green because half of it did not run is not green.
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  process.exit(code === 0 ? 0 : 1);
});
