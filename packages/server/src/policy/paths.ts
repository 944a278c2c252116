// Path vocabulary shared by the rule families: where home is, which directories are the
// system, and how bad it is to delete a given target. Paths are normalised textually
// (no I/O): `~`, `$HOME`, `${HOME}`, Tcl's `$env(HOME)`, `/home/<user>`, `/Users/<user>`, `/root`,
// `%USERPROFILE%` and `C:\Users\<user>` all become `~`.
import type { Severity } from './types.js';

const HOME_PREFIX = /^(?:~[A-Za-z_][A-Za-z0-9_.-]*|~|\$HOME|\$\{HOME\}|\$(?:::)?env\(HOME\)|\$env:USERPROFILE|\$env:HOME|%USERPROFILE%|%HOMEPATH%|\/home\/[^/]+|\/Users\/[^/]+|\/root|\/var\/root|[A-Za-z]:\/Users\/[^/]+)(?=\/|$)/i;

const APPDATA_PREFIX = /^(?:%(local)?appdata%|\$env:(local)?appdata|\$\{env:(local)?appdata\})(?=\/|$)/i;

/** Normalises separators, home spellings, `.`/`..` segments and trailing slashes. */
// Anything that needs rewriting: home spellings, drives, backslashes, `.`/`..`, doubled or trailing slashes.
const NEEDS_NORMALIZING = /^(?:[~$%\s]|\.{1,2}(?:\/|$)|\/(?:home|Users|root|var\/root)(?:\/|$)|[A-Za-z]:|file:)|\\|\/\.{1,2}(?:\/|$)|\/\/|.\/$|\s$/;

// Paths repeat across calls (the same project, the same dotfiles); the function is pure, so a
// small memo is safe. Cleared when full to keep memory bounded.
const memo = new Map<string, string>();

export function normalizePath(raw: string): string {
  if (raw !== '' && !NEEDS_NORMALIZING.test(raw)) return raw;
  let hit = memo.get(raw);
  if (hit === undefined) {
    hit = normalizeSlow(raw);
    if (memo.size >= 4096) memo.clear();
    if (raw.length <= 512) memo.set(raw, hit);
  }
  return hit;
}

function normalizeSlow(raw: string): string {
  let p = raw.trim().replace(/\\/g, '/');
  if (p.startsWith('file://')) p = p.slice(7);
  // Windows names the profile's own folders by variables: %APPDATA% is ~/AppData/Roaming.
  if (p[0] === '%' || p[0] === '$') p = p.replace(APPDATA_PREFIX, (_m, a?: string, b?: string, c?: string) => (a || b || c ? '~/AppData/Local' : '~/AppData/Roaming'));
  p = p.replace(HOME_PREFIX, '~');
  p = p.replace(/^[A-Za-z]:(?=\/|$)/, '');
  if (p === '') return '/';
  const absolute = p.startsWith('/');
  const parts: string[] = [];
  for (const seg of p.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..' && absolute && parts.length === 0) continue; // `/..` is `/`
    if (seg === '..' && parts.length > 0 && parts[parts.length - 1] !== '..' && parts[parts.length - 1] !== '~') parts.pop();
    else parts.push(seg);
  }
  if (absolute) return '/' + parts.join('/');
  if (parts.length === 0) return '.';
  return parts.join('/');
}

/** Path segments of a normalised path (`~` counts as the first segment of home paths). */
// Directories that hold a project's tests and their fixtures.
const TEST_DIRS = new Set(['test', 'tests', '__tests__', 'spec', 'specs', 'fixtures', '__fixtures__', 'fixture', 'testdata', 'test-data', 'test_data', 'testing', 'mocks', '__mocks__', 'e2e']);
// Test files by name: test_x.py, x_test.go, x.test.ts, x.spec.js, x_spec.rb.
const TEST_FILE = /^test_[^/]+\.[a-z]+$|_test\.[a-z]+$|\.(?:test|spec)\.[a-z]+$|_spec\.rb$/;

/** True when one of a path's (lower-cased) segments is a test directory, or its name is a test file's. */
export function inTestTree(segs: readonly string[]): boolean {
  return segs.some((s) => TEST_DIRS.has(s)) || TEST_FILE.test(segs[segs.length - 1] ?? '');
}

export function segments(path: string): string[] {
  // A loop rather than split + filter: this runs for every path-like argument of every command.
  const out: string[] = [];
  let from = 0;
  for (let i = path.indexOf('/'); i >= 0; i = path.indexOf('/', from)) {
    if (i > from) out.push(path.slice(from, i));
    from = i + 1;
  }
  if (from < path.length) out.push(path.slice(from));
  return out;
}

/** A path inside a scratch directory (`/tmp/x`, `/var/tmp/x`, `/dev/shm/x`): disposable by definition. */
export function isScratchPath(path: string): boolean {
  return SCRATCH.test(path);
}

const SCRATCH_ROOT = /^\/(?:tmp|var\/tmp|private\/tmp|private\/var\/tmp|dev\/shm)\/?$/i;
/**
 * A scratch directory itself (`/tmp`, `/var/tmp`, `/dev/shm`): a search in it that deletes what a
 * name or age filter picks (`find /tmp -name 'e2e-*' -mtime +1 -delete`) clears disposable files,
 * though deleting the whole directory is still judged as a system directory.
 */
export function isScratchRoot(path: string): boolean {
  return SCRATCH_ROOT.test(path);
}

// Directories a project keeps its throwaway files in: test runs and tools generate them there.
const PROJECT_SCRATCH_DIRS = new Set(['tmp', 'temp', '.tmp', 'scratch', '.scratch']);
const PROJECT_TEST_DIRS = new Set(['test', 'tests', 'spec', '__tests__', 'testdata', 'test-fixtures']);

/**
 * A file inside the project's own scratch or test directories (`./tmp/key.pem`, `tests/tmp/x`,
 * `test/fixture.key`), given as a normalised path relative to the working directory: files the
 * project's tooling made, whose clean-up is the project's business.
 */
export function isProjectScratchPath(path: string): boolean {
  if (/^(?:[/~$]|\.\.(?:\/|$))/.test(path)) return false;
  const segs = segments(path);
  if (segs.length < 2) return false;
  if (PROJECT_TEST_DIRS.has(segs[0].toLowerCase())) return true;
  for (let i = 0; i < segs.length - 1; i++) if (PROJECT_SCRATCH_DIRS.has(segs[i].toLowerCase())) return true;
  return false;
}

export function isHomePath(path: string): boolean {
  return path === '~' || path.startsWith('~/');
}

const SYSTEM_TOP = new Set([
  'bin', 'boot', 'dev', 'etc', 'lib', 'lib32', 'lib64', 'libx32', 'opt', 'proc', 'sbin', 'srv', 'sys', 'usr', 'var',
  'home', 'users', 'mnt', 'media', 'snap', 'tmp', 'private', 'system', 'library', 'applications', 'volumes', 'cores',
  'windows', 'program files', 'program files (x86)', 'programdata',
]);
// Configuration, programs, boot files and service data (databases, containers, web roots).
const SYSTEM_FILES = /^\/(?:etc|boot|bin|sbin|lib(?:32|64|x32)?|usr\/(?:bin|sbin|lib(?:32|64|exec)?|share|include)|var\/(?:lib|www|mail|spool|backups|opt|db)|srv|opt|System|Library)\/./;
const SCRATCH = /^\/(?:tmp|var\/tmp|private\/tmp|private\/var\/folders|var\/folders|dev\/shm|run\/user)\/./i;
const HOME_CACHES = new Set(['.cache', '.npm', '.yarn', '.pnpm-store', '.gradle', '.m2', '.bun', '.deno', '.nuget', 'go', '.cargo', '.rustup', '.nvm', '.pyenv', '.local', '.vscode-server', '.Trash']);
const HOME_PRECIOUS = new Set(['.ssh', '.gnupg', '.aws', '.kube', '.config', '.azure', '.docker', 'library', 'documents', 'desktop', 'downloads', 'pictures', 'music', 'movies', 'videos', 'projects', 'src', 'code', 'work', 'dev', 'git', 'repos', 'workspace', 'onedrive', 'dropbox']);

export interface TargetRisk {
  severity: Severity;
  label: string;
}

const GLOB = /[*?[]/;
// `$VAR/rest` or `${VAR}/rest` with a plain reference (no `${VAR:?}`, `${VAR:-x}` forms).
const UNKNOWN_VAR_LED = /^\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?\/+(.+)$/;
// Variables the shell always sets, or that the parser expands itself (TMPDIR; one still written
// out was single-quoted, a literal directory name).
const ALWAYS_SET = new Set(['HOME', 'PWD', 'TMPDIR', 'TMP', 'TEMP']);
/**
 * A recursive delete outside the project and the scratch directories: irrecoverable and outside
 * the agent's workspace, so denied at balanced (both peers block it too).
 */
export const OUTSIDE_PROJECT: Severity = 'high';
// Top-level home folders that hold tools' data or scratch files rather than the user's work (lower-cased).
const REGENERATED_DIRS = new Set(['node_modules', 'target', 'dist', 'build', '.next', '.nuxt', '.svelte-kit', '.angular', '__pycache__', '.pytest_cache', '.mypy_cache', '.ruff_cache', '.tox', '.nox', '.venv', '.turbo', '.parcel-cache', 'coverage', '.gradle', '.dart_tool']);
const APPDATA_SCRATCH = /^(?:temp|tmp)$|cache/i;
const HOME_TOOL_DIRS = new Set(['library', 'go', 'snap', 'applications', 'miniconda3', 'anaconda3', 'miniforge3', 'sdk', 'flutter', 'tmp', 'temp']);

function labelFor(contents: boolean, what: string): string {
  return contents ? `everything in ${what}` : what;
}

/**
 * How bad a recursive delete (or overwrite) of `raw` would be. `cwd` lets an absolute path
 * that contains the working directory count as the project; `inSubdir` means an earlier
 * `cd` moved into a project subdirectory, so `.` and `*` no longer mean the project root.
 */
export function deletionRisk(raw: string, cwd?: string, inSubdir = false): TargetRisk | null {
  if (raw === '') return null;
  if (raw === '{}') return null; // find -exec placeholder: judged through the find start path
  // An unset variable in front of a slash turns `$DIR/` into `/`.
  if (/^\$\{?[A-Za-z_][A-Za-z0-9_]*\}?\/?\*?$/.test(raw) && !/^\$\{?HOME\}?/.test(raw) && raw.endsWith('/') || /^\$\{?[A-Za-z_][A-Za-z0-9_]*\}?\/\*$/.test(raw) && !/HOME/.test(raw)) {
    return { severity: 'medium', label: `"${raw}" (an empty variable would make this the filesystem root)` };
  }
  // More generally, a path led by a variable whose value is unknown (`$PREFIX/etc`,
  // `${BUILD_ROOT}/junk`) deletes `/etc` or `/junk` when the variable is empty or unset: judged
  // as that path, at most a warning since the variable is usually set. `${X:?}` aborts instead.
  const led = UNKNOWN_VAR_LED.exec(raw);
  if (led && !ALWAYS_SET.has(led[1])) {
    const empty = deletionRisk(`/${led[2]}`, cwd);
    if (empty) return { severity: 'medium', label: `"${raw}" (an empty $${led[1]} would make this ${empty.label})` };
  }
  let p = normalizePath(raw);
  // A session whose working directory is the home itself has no project: a relative path there
  // (`code/api`, `Documents`) names the user's own folder, judged as the `~/…` path it is.
  // (Globs keep their relative reading: `build-*` picks by name.)
  const fromHome = cwd !== undefined && !/^[/~$%]|^[A-Za-z]:/.test(p) && p !== '.' && p !== '..' && !p.startsWith('../') && !GLOB.test(p) && normalizePath(cwd) === '~';
  if (fromHome) p = `~/${p}`;
  let contents = false;
  // `dir/*`, `dir/.*`, `/u*`: the contents of (part of) the parent are as bad as the parent.
  const segs = segments(p);
  // A relative glob with a literal part (`build-*`, `dist[0-9]`) selects by name, not everything.
  if (segs.length > 0 && !/^[/~]/.test(p) && GLOB.test(segs[segs.length - 1]) && /[^*?.[\]]/.test(segs[segs.length - 1].replace(/\[[^\]]*\]/g, ''))) return null;
  // An absolute or home glob reaches everything below its literal prefix (`/*/*`, `~/*/src`),
  // so it is judged as the contents of that prefix; a relative glob only as its last segment.
  const firstGlob = /^[/~]/.test(p) ? segs.findIndex((s) => GLOB.test(s)) : GLOB.test(segs[segs.length - 1] ?? '') && !GLOB.test(segs.slice(0, -1).join('/')) ? segs.length - 1 : -1;
  if (firstGlob >= 0) {
    const prefix = segs.slice(0, firstGlob);
    p = p.startsWith('/') ? '/' + prefix.join('/') : prefix.join('/') || (p.startsWith('~') ? '~' : '.');
    contents = true;
    // The contents of a scratch directory (`/tmp/*`) are disposable by definition.
    if (SCRATCH.test(p + '/x') && prefix.length <= 2) return null;
  }
  if (GLOB.test(p)) return null;
  if (p === '/') return { severity: 'critical', label: labelFor(contents, 'the root filesystem') };
  if (p === '~') return { severity: 'critical', label: labelFor(contents, 'the home directory') };
  // `~/..` (what `dirname ~` prints) holds every user's home directory, this one included.
  if (p === '~/..' || p.startsWith('~/../')) return { severity: 'critical', label: labelFor(contents, p === '~/..' ? 'the directory holding the home directory' : `${p}, outside the home directory`) };
  if (p === '.' || p === '..' || /^(\.\.\/)+\.\.$/.test(p)) {
    if (inSubdir && p === '.') return null;
    if (p === '.' && contents) return { severity: 'high', label: 'everything in the working directory' };
    return { severity: 'critical', label: labelFor(contents, p === '.' ? 'the working directory' : 'a parent of the working directory') };
  }
  if (cwd) {
    const c = normalizePath(cwd);
    // `/home/u/src/app` is `~/src/app` once normalized: the project directory, or one holding it,
    // named by its path is judged the same under the home as elsewhere.
    if (c !== '/' && (p.startsWith('/') || p.startsWith('~/')) && (c === p || c.startsWith(p + '/')) && segments(p).length >= 2) {
      return { severity: c === p ? 'high' : 'critical', label: labelFor(contents, c === p ? 'the whole project directory' : `${p}, which contains the working directory`) };
    }
  }
  const s = segments(p);
  if (p.startsWith('~/')) {
    const first = s[1].toLowerCase();
    if (s.length === 2) {
      // ~/go is mostly caches and installed tools, but its src/ holds GOPATH checkouts.
      if (first === 'go') return { severity: 'medium', label: labelFor(contents, `${p}, the Go workspace, whose src/ holds GOPATH checkouts`) };
      if (HOME_CACHES.has(s[1]) || first.startsWith('.cache')) return null;
      // Named relative to the home: a build output or scratch folder is regenerated, another
      // plain folder is judged as any place outside the project (a single file there is not).
      if (fromHome && (REGENERATED_DIRS.has(s[1]) || first === 'tmp' || first === 'temp')) return null;
      if (fromHome && !HOME_PRECIOUS.has(first) && !first.startsWith('.')) return { severity: OUTSIDE_PROJECT, label: labelFor(contents, `${p} outside the project`) };
      return { severity: HOME_PRECIOUS.has(first) ? 'high' : cwd ? OUTSIDE_PROJECT : 'medium', label: labelFor(contents, p) };
    }
    if (['.ssh', '.gnupg', '.aws', '.kube', '.azure'].includes(first) || (first === 'library' && s[2]?.toLowerCase() === 'keychains')) {
      return { severity: 'high', label: labelFor(contents, p) };
    }
    const appData = appDataDepth(s);
    if (appData !== null) return { severity: 'high', label: labelFor(contents, appData === 0 ? `${p}, every application's settings and data` : `${p}, an application's settings and data`) };
    // The user's own folders (`~/src/other-repo`, `~/Documents/thesis`) outside the project are
    // another project or the user's data, as `/data/app` is. Dot directories, `~/Library` and
    // `~/go` hold tools' caches and installs, which are regenerated.
    // Windows keeps caches and scratch under AppData (`AppData/Local/Temp`, `npm-cache`, `pip/cache`),
    // as ~/.cache does: regenerated. Application data beside them stays judged below.
    if (first === 'appdata' && s.length > 3 && s.slice(2).some((seg) => APPDATA_SCRATCH.test(seg))) return null;
    // A build output or dependency tree of another checkout (`~/src/api/node_modules`, `…/target`)
    // is regenerated by the next install or build, wherever the checkout is.
    if (s.length >= 4 && REGENERATED_DIRS.has(s[s.length - 1])) return null;
    const home = cwd !== undefined && normalizePath(cwd) === '~';
    // GOPATH's src/ (`~/go/src/github.com/u/app`) holds checkouts: the user's work, as ~/src does.
    const goSource = first === 'go' && s[2] === 'src';
    if (cwd && !first.startsWith('.') && (goSource || !HOME_TOOL_DIRS.has(first)) && (home || !isUnder(p, normalizePath(cwd)))) {
      return { severity: OUTSIDE_PROJECT, label: labelFor(contents, `${p} outside the project`) };
    }
    return null;
  }
  if (p.startsWith('/')) {
    if (SCRATCH.test(p)) return null;
    if (!SYSTEM_TOP.has(s[0].toLowerCase())) {
      if (s.length === 1) return { severity: 'high', label: labelFor(contents, p) };
      // Only deletions pass the working directory; an overwrite elsewhere is judged by its content.
      if (!cwd || isUnder(p, normalizePath(cwd))) return null;
      if (s.length >= 3 && REGENERATED_DIRS.has(s[s.length - 1])) return null;
      return { severity: cwd ? OUTSIDE_PROJECT : 'medium', label: labelFor(contents, `${p} outside the project`) };
    }
    if (s.length === 1) return { severity: 'critical', label: labelFor(contents, `the system directory ${p}`) };
    // The system's own files and the data of its services are as bad at any depth:
    // /etc/passwd, /usr/bin/python3, /var/lib/postgresql/16/main.
    if (SYSTEM_FILES.test(p)) return { severity: 'high', label: labelFor(contents, `the system path ${p}`) };
    if (s.length === 2) return { severity: 'high', label: labelFor(contents, `the system directory ${p}`) };
    return { severity: cwd ? OUTSIDE_PROJECT : 'medium', label: labelFor(contents, `${p} outside the project`) };
  }
  if (p === '*') return inSubdir ? null : { severity: 'high', label: 'everything in the working directory' };
  return null;
}

// Where applications keep their settings, profiles and data (a browser's logins, an editor's
// settings, a mail client's store): `~/.config`, `~/.local/share`, `~/Library/Application Support`.
const APP_DATA_ROOTS: readonly (readonly string[])[] = [['.config'], ['.local', 'share'], ['library', 'application support'], ['library', 'preferences'], ['library', 'containers'], ['library', 'group containers'], ['library', 'mail'], ['library', 'messages'], ['appdata', 'roaming'], ['appdata', 'local']];
// Entries there that tools regenerate: virtualenvs, package stores, the trash, caches.
const APP_DATA_REGENERATED = /^(?:virtualenvs|pipx|pnpm|trash|recently-used\.xbel|cache|caches|temp|tmp|yarn|npm-cache|pip|jupyter|crashpad|crashreporter|diagnosticreports|\.?[a-z0-9_-]*cache[a-z0-9_-]*)$/;

/** 0 when `segs` (`~`, …) is an app-data root, 1 when it is one application's directory there, else null. */
function appDataDepth(segs: readonly string[]): 0 | 1 | null {
  const lower = segs.map((x) => x.toLowerCase());
  for (const root of APP_DATA_ROOTS) {
    if (!root.every((r, i) => lower[i + 1] === r)) continue;
    const depth = lower.length - 1 - root.length; // 0: the root itself; 1: one application's directory
    if (depth === 0) return 0;
    // (A file with an extension right there, `~/.config/starship.toml`, is one setting, not an application's data.)
    if (depth === 1 && !APP_DATA_REGENERATED.test(lower[lower.length - 1]) && !/\.[a-z0-9]{1,8}$/.test(lower[lower.length - 1])) return 1;
    return null;
  }
  return null;
}

/** True when `path` is `dir` or inside it (both normalised). */
export function isUnder(path: string, dir: string): boolean {
  if (dir === '/') return path.startsWith('/');
  return path === dir || path.startsWith(dir.endsWith('/') ? dir : dir + '/');
}
