#!/usr/bin/env node
// npm run pack:workstation: builds the workstation package, one npm tarball that installs
// offline with no server dependency and no compiler (DESIGN.md "Operator contract"):
//   npm install -g --offline --prefix P FILE   →   P/bin/service, P/bin/service-mcp-gateway
// The tarball holds the two bins, the compiled CLI, scanner, surfaces and api (the API's
// schemas) packages, and their runtime dependencies (oclif, chalk, undici, zod and theirs) as
// bundled dependencies, copied from this checkout's node_modules: nothing is fetched at install time. The server package
// (Koa, Knex, mysql2, better-sqlite3) is not in it; `service server` and `service admin` say so.
// The OS-keychain binding (@napi-rs/keyring, optional) is left out: it ships per-platform
// binaries; the CLI falls back to the 0600 key files. Prints the tarball's path as the last line.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const outDir = join(root, 'dist-workstation');
const readJson = (p) => JSON.parse(readFileSync(p, 'utf8'));

// 1. Build (tsc and the hook bundle); the test suite, which has just built, skips it.
const build = process.env.SERVICE_PACK_SKIP_BUILD === '1' ? { status: 0 } : spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], shell: process.platform === 'win32' });
if (build.status !== 0) {
  console.error('The build failed; fix it before packing.');
  process.exit(1);
}

const stage = mkdtempSync(join(tmpdir(), 'service-workstation-'));
const pkgDir = join(stage, 'package');
const nm = join(pkgDir, 'node_modules');
mkdirSync(join(pkgDir, 'bin'), { recursive: true });
for (const bin of ['service', 'service-mcp-gateway']) cpSync(join(root, 'bin', bin), join(pkgDir, 'bin', bin));

// 2. Our packages: package.json and dist only (no sources, tests or build info).
const ours = { '@service/cli': 'packages/cli', '@service/scanner': 'packages/scanner', '@service/surfaces': 'packages/surfaces', '@service/api': 'packages/api' };
for (const [name, dir] of Object.entries(ours)) {
  const target = join(nm, name);
  mkdirSync(target, { recursive: true });
  const manifest = readJson(join(root, dir, 'package.json'));
  delete manifest.optionalDependencies; // the keychain binding: see the header
  delete manifest.devDependencies;
  writeFileSync(join(target, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  cpSync(join(root, dir, 'dist'), join(target, 'dist'), { recursive: true, filter: (src) => !src.endsWith('.tsbuildinfo') && !src.endsWith('.map') });
}

// 3. Their runtime dependencies, resolved the way Node resolves them (nested first, then up).
function resolveDir(name, fromDir) {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === dirname(dir) || dir === dirname(root)) return null;
  }
}
const external = new Map(); // name -> source dir (hoisted to the package's node_modules)
const queue = Object.values(ours).map((dir) => ({ deps: readJson(join(root, dir, 'package.json')).dependencies ?? {}, from: join(root, dir) }));
while (queue.length) {
  const { deps, from } = queue.shift();
  for (const name of Object.keys(deps)) {
    if (name in ours || external.has(name)) continue;
    const dir = resolveDir(name, from);
    if (!dir) throw new Error(`${name} (needed by ${from}) is not installed; run npm ci first.`);
    external.set(name, dir);
    queue.push({ deps: readJson(join(dir, 'package.json')).dependencies ?? {}, from: dir });
  }
}
for (const [name, dir] of external) cpSync(dir, join(nm, name), { recursive: true, dereference: true });

// 4. The package manifest: every bundled package is a dependency and bundled, so npm installs
//    them from the tarball and asks no registry.
const rootManifest = readJson(join(root, 'package.json'));
const bundled = [...Object.keys(ours), ...external.keys()].sort();
const manifest = {
  name: 'service-workstation',
  version: rootManifest.version,
  description: 'Workstation package of the agent fleet service: service (install-hooks, doctor, posture, hook, admin commands) and service-mcp-gateway (scan-inventory). No server dependency.',
  license: rootManifest.license,
  type: 'module',
  engines: rootManifest.engines,
  bin: { service: 'bin/service', 'service-mcp-gateway': 'bin/service-mcp-gateway' },
  dependencies: Object.fromEntries(bundled.map((name) => [name, readJson(join(nm, name, 'package.json')).version])),
  bundleDependencies: bundled,
};
writeFileSync(join(pkgDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);

// 5. Pack.
mkdirSync(outDir, { recursive: true });
const out = execFileSync('npm', ['pack', '--silent', '--pack-destination', outDir], { cwd: pkgDir, encoding: 'utf8', shell: process.platform === 'win32' }).trim().split('\n').pop();
rmSync(stage, { recursive: true, force: true });
console.log(join(outDir, out));
