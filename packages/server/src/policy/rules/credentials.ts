// credential_access: reading private keys, cloud credentials, keychains, browser cookie
// stores, /etc/shadow and .env files, through read tools, MCP file tools, or any shell
// command that reads them (cat, cp, tar, base64, grep, redirects …). Programs that use a key
// without printing it (ssh -i, ssh-add, chmod) are left alone.
import { normalizePath } from '../paths.js';
import type { SimpleCommand } from '../shell/types.js';
import type { RuleContext } from './context.js';
import { severityRank } from '../findings.js';
import { appDataFile, credentialRisk, credentialRiskOfPattern, credentialRoot, isEnvTemplate, isSecretSearch, pathLike, type CredentialRisk } from './credential-paths.js';
import { shellInvocation } from '../shell/shell-args.js';
import { clusterValue, hasShort, literalOutput, optionValue, positionals, SHELLS } from './facts.js';
import { inspectSecretStoreCommand } from './secret-stores.js';
import { findSecrets } from './secrets.js';
import { isLocalHost } from './facts.js';

const CATEGORY = 'credential_access';
// Programs that take key paths without exposing the contents.
const KEY_USERS = new Set([
  'ssh', 'ssh-add', 'ssh-keygen', 'ssh-copy-id', 'chmod', 'chown', 'chgrp', 'ls', 'stat', 'file', 'test', '[', '[[', 'touch',
  'mkdir', 'rm', 'unlink', 'shred', 'which', 'export', 'source', '.', 'echo', 'printf', 'git', 'cd', 'pushd', 'popd', 'realpath', 'dirname', 'basename',
  'setfacl', 'getfacl', 'code', 'vim', 'vi', 'nano', 'emacs', 'docker', 'aws', 'gcloud', 'az', 'kubectl', 'helm', 'terraform', 'mv',
]);
const OUTPUT_OPTIONS = new Set(['-o', '--output', '-out', '-keyout', '--out', '-O', '--output-document']);
const SECRET_VAR = /\$\{?[A-Za-z0-9_]*(?:SECRET|TOKEN|PASSWORD|PASSWD|API_?KEY|PRIVATE_KEY|ACCESS_KEY|CREDENTIALS?)[A-Za-z0-9_]*\}?/i;
const SECRET_WORDS = /token|secret|passw|pwd|api_?key|apikey|credential|private|aws_|auth|(?:^|[^a-z])pass(?:[^a-z]|$)/i;

export function emitCredentialRead(ctx: RuleContext, risk: CredentialRisk, path: string, how: string): void {
  ctx.emit({
    patternName: `${CATEGORY}.${risk.kind}`,
    severity: risk.severity,
    category: CATEGORY,
    layer: 'builtin',
    reason: `${how} ${risk.label}; credentials must not be loaded into an agent's context.`,
    paths: [path],
  });
}

/**
 * A search for passwords or keys across a directory that holds the credential stores (`Grep
 * password ~/.config`, `rg -i token ~`): it reads every store there. The risk, or null; a search
 * in the project, or for a file's name, is not one.
 */
export function credentialSearchRisk(root: string, pattern: string): CredentialRisk | null {
  // The pattern first: it is one regex, the root a path normalised and looked up.
  if (!isSecretSearch(pattern)) return null;
  const label = credentialRoot(root);
  const shown = pattern.length > 60 ? `${pattern.slice(0, 60)}…` : pattern;
  if (label) return { severity: 'high', label: `the files that mention "${shown}" anywhere under ${label}`, kind: 'credential_search' };
  // One application's settings or state file searched for secrets prints the tokens it stores.
  const file = appDataFile(root);
  return file ? { severity: 'high', label: `the lines that mention "${shown}" in ${file}, an application's stored settings`, kind: 'credential_search' } : null;
}

/** Read tools (Read, view_file, read_file, MCP read tools, Grep paths). */
export function inspectRead(path: string, ctx: RuleContext, how = 'Reads'): void {
  // Read tools take globs too (Gemini read_many_files, MCP read tools): `~/.ssh/*` reads the keys.
  const risk = credentialRiskOfPattern(path) ?? (CLIMB.test(path) ? credentialRisk(resolveRelative(path, undefined, ctx.cwd)) : null);
  if (risk) emitCredentialRead(ctx, risk, path, how);
}

/** The most severe credential file a command reads, if any (also used by exfiltration). */
// Commands whose arguments name files without reading them into the output (or are data):
// `echo .env`, `ls ~/.ssh`, `chmod 600 .env`, `touch .env`. Any other program that is handed a
// credential file is taken to read it: cat, xxd, od, strings, base64, dd if=, tar, zip. Copy tools
// (cp, install, ditto, rsync, scp) read only their sources; tee only writes (copySources, teeTargets).
const KEYCHAIN_MANAGEMENT: ReadonlySet<string> = new Set(['unlock-keychain', 'lock-keychain', 'create-keychain', 'delete-keychain', 'default-keychain', 'list-keychains', 'login-keychain', 'set-keychain-settings', 'show-keychain-info', 'import', 'set-key-partition-list', 'find-identity', 'find-certificate', 'verify-cert', 'add-trusted-cert']);
const NOT_READERS = new Set(['echo', 'printf', 'touch', 'mkdir', 'ls', 'get-childitem', 'gci', 'dir', 'stat', 'chmod', 'chown', 'chgrp', 'rm', 'rmdir', 'unlink', 'test', '[', '[[', 'which', 'type', 'export', 'mv', 'ln', 'basename', 'dirname', 'realpath', 'readlink', 'find', 'fd', 'locate', 'du', 'wc', 'git', 'code', 'vim', 'vi', 'nano', 'emacs', 'open', 'shred', 'trash', 'setfacl', 'getfacl', 'lsattr', 'chattr', 'xattr', 'dotenv', 'direnv', 'docker', 'ssh-keygen', 'ssh-add', 'ssh', 'sftp',
  // PowerShell and cmd.exe: existence, path and permission checks (`Test-Path`, `Get-Acl`, `icacls`) show no content.
  'test-path', 'resolve-path', 'rvpa', 'split-path', 'get-acl', 'set-acl', 'icacls', 'cacls', 'attrib']);
/**
 * Whether `cmd` names files without reading them. `type` is bash's builtin that says what a
 * command name is, but cmd.exe's file printer: given a Windows path (`C:\\…`, `%USERPROFILE%\\…`,
 * any backslash) it is the latter.
 */
function notReader(cmd: SimpleCommand): boolean {
  // macOS `security` verbs that manage or unlock a keychain file without printing what it holds
  // (the CI signing setup: create-keychain, unlock-keychain, set-key-partition-list, import).
  if (cmd.name === 'security') return KEYCHAIN_MANAGEMENT.has(cmd.args[0] ?? '');
  if (!NOT_READERS.has(cmd.name)) return false;
  return cmd.name !== 'type' || !cmd.args.some((a) => /\\|%[A-Za-z_]+%|^[A-Za-z]:/.test(a));
}

// Readers whose output a later search can filter, and PowerShell's searcher of named files.
const APP_FILE_READERS: ReadonlySet<string> = new Set(['cat', 'get-content', 'gc', 'type', 'head', 'tail', 'less', 'more', 'strings', 'jq', 'select-string', 'sls']);
// Searchers: the first operand is the pattern (unless -e/-f/--regexp give it), the rest are files.
const SEARCHERS = new Set(['grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack', 'zgrep', 'git-grep']);
const SEARCH_VALUE_OPTS = new Set(['-e', '-f', '--regexp', '--file', '-m', '--max-count', '-A', '-B', '-C', '--context', '--after-context', '--before-context', '-g', '--glob', '-t', '--type', '-T', '--type-not', '--include', '--exclude', '--exclude-dir', '--color', '--colour', '-d', '-D', '--label', '-M', '--max-columns', '-j', '--threads']);

function searchFiles(args: readonly string[]): string[] {
  const files: string[] = [];
  let patternGiven = false;
  let seenPattern = false;
  let optionsDone = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (!optionsDone && a === '--') {
      optionsDone = true;
      continue;
    }
    if (!optionsDone && a.startsWith('-') && a.length > 1) {
      if (a === '-e' || a === '--regexp' || a.startsWith('--regexp=') || a === '-f' || a === '--file' || /^-[a-zA-Z]*e$/.test(a)) patternGiven = true;
      if (SEARCH_VALUE_OPTS.has(a) || /^-[a-zA-Z]*[ef]$/.test(a)) i++;
      continue;
    }
    if (!patternGiven && !seenPattern) {
      seenPattern = true;
      continue;
    }
    files.push(a);
  }
  return files;
}

/** A searcher's pattern: the value of -e/--regexp, or the first operand. */
function searchPattern(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--') return args[i + 1];
    if (a === '-e' || a === '--regexp') return args[i + 1];
    if (a.startsWith('--regexp=')) return a.slice(9);
    if (a.startsWith('-') && a.length > 1) {
      if (/^-[a-zA-Z]*e$/.test(a)) return args[i + 1];
      if (SEARCH_VALUE_OPTS.has(a) || /^-[a-zA-Z]*f$/.test(a)) i++;
      continue;
    }
    return a;
  }
  return undefined;
}

const STDIN_SECRET_OPTION = /^--(?:password-stdin|with-token|token-stdin|secret-stdin)$/;

const READ_ASSIGN = /^(?:if|file|path|src|input|infile|in)=/i;

// Copy tools read their sources and write their destination: `cp .env.example .env` reads a
// template, `cp .env /tmp/x` reads the secrets. Options that take a value, per tool, so a value
// is not taken for a source (`install -m 600`, `scp -i KEY` uses the key without printing it).
const COPY_VALUE_OPTIONS: ReadonlyMap<string, ReadonlySet<string>> = new Map(Object.entries({
  cp: new Set(['-t', '--target-directory', '-S', '--suffix']),
  install: new Set(['-t', '--target-directory', '-m', '--mode', '-o', '--owner', '-g', '--group', '-S', '--suffix', '--strip-program']),
  ditto: new Set(['--arch', '--bom']),
  rsync: new Set(['-e', '--rsh', '--exclude', '--include', '--filter', '-f', '--files-from', '--exclude-from', '--include-from', '--log-file', '--backup-dir', '--partial-dir', '--temp-dir', '-T', '--compare-dest', '--copy-dest', '--link-dest', '--chmod', '--chown', '--usermap', '--groupmap', '--timeout', '--port', '--password-file', '--bwlimit', '--max-size', '--min-size', '--suffix']),
  scp: new Set(['-i', '-P', '-o', '-F', '-c', '-l', '-S', '-J', '-D', '-X']),
}));

/** A copy tool's operands, option values left out (`rsync --exclude .env ./ host:` copies ./). */
export function copyOperands(cmd: SimpleCommand): string[] | undefined {
  const values = COPY_VALUE_OPTIONS.get(cmd.name);
  return values ? positionals(cmd.args, values) : undefined;
}

/** For a copy tool, the files it reads (every operand but the destination); undefined for other programs. */
export function copySources(cmd: SimpleCommand): string[] | undefined {
  const pos = copyOperands(cmd);
  if (!pos) return undefined;
  // `-t DIR` / `--target-directory=DIR` names the destination up front: every operand is a source.
  const targetFirst = cmd.args.some((a, i) => ((a === '-t' || a === '--target-directory') && i + 1 < cmd.args.length) || a.startsWith('--target-directory=')) && (cmd.name === 'cp' || cmd.name === 'install');
  // `install -d DIR…` only creates directories.
  if (cmd.name === 'install' && cmd.args.some((a) => a === '-d' || a === '--directory')) return [];
  return targetFirst ? pos : pos.slice(0, -1);
}

/** `tee FILE…` writes its operands and reads only its input. */
function teeTargets(cmd: SimpleCommand): string[] | undefined {
  return cmd.name === 'tee' ? positionals(cmd.args) : undefined;
}

/** A relative path that starts by climbing out of the working directory (`../x`, `./../x`). */
const CLIMB = /^(?:\.\/)*\.\.(?:\/|$)/;
const BARE_NAME = /^(?:\.|[\w][\w.-]{0,127})$/;
// The path after the last of two or more `..` segments.
const TRAVERSAL_TAIL = /(?:^|\/)\.\.\/(?:.*\/)?\.\.\/((?:etc|root|var|private)\/(?!.*\.\.\/).+)$/;
/** A relative path with a `..` anywhere (`./public/../../../etc/shadow` climbs out too). */
const CLIMBS = /(?:^|\/)\.\.(?:\/|$)/;

/**
 * A relative path as seen from the call's working directory and where earlier `cd`s moved:
 * `cat ../../.config/gh/hosts.yml` from /home/u/x/y reads ~/.config/gh/hosts.yml. Other paths
 * are returned as written (a path inside the project is judged by its name).
 */
export function resolveRelative(p: string, shift: string | undefined, cwd: string | undefined): string {
  if (/^[/~$%]|^[A-Za-z]:/.test(p) || (shift === undefined && !CLIMBS.test(p))) return p;
  // A directory given as a home spelling (`cd "$HOME/.config/gcloud"`, `cd ~user/.ssh`) is absolute, as a drive is.
  if (shift !== undefined && /^[$%]/.test(shift)) shift = normalizePath(shift);
  const base = shift !== undefined && /^[/~]|^[A-Za-z]:/.test(shift) ? shift : cwd ? (shift !== undefined ? `${cwd}/${shift}` : cwd) : undefined;
  if (base === undefined) return p;
  // `..` is resolved here, before the home prefix is folded into `~` (which `..` cannot climb out of).
  const out: string[] = [];
  for (const seg of `${base}/${p}`.split('/')) {
    if (seg === '..' && out.length > 1 && out[out.length - 1] !== '~') out.pop();
    else if (seg !== '.' && (seg !== '' || out.length === 0)) out.push(seg);
  }
  return out.join('/') || '/';
}

/**
 * Whether a working directory reached by `cd` holds credentials by name: a credential directory
 * itself or one inside it, a home configuration directory (`~/.config`, where `gh`, `hub`, `gcloud`
 * live), or a browser profile. Memoised per shift: a line has few.
 */
const shiftMemo = new Map<string, boolean>();
function shiftHoldsSecrets(shift: string, cwd: string | undefined): boolean {
  const key = `${cwd ?? ''}\0${shift}`;
  const hit = shiftMemo.get(key);
  if (hit !== undefined) return hit;
  const dir = normalizePath(resolveRelative(shift, undefined, cwd)).toLowerCase();
  const found = dir === '~' || dir === '~/.config' || dir === '~/library/application support' || credentialRisk(dir) !== null || credentialRisk(`${dir}/x`) !== null || BROWSER_PROFILE.test(dir);
  if (shiftMemo.size >= 256) shiftMemo.clear();
  shiftMemo.set(key, found);
  return found;
}
// A browser's profile directory (where `Login Data`, `Cookies`, `logins.json` are).
const BROWSER_PROFILE = /(?:google\/chrome|google-chrome|chromium|bravesoftware|microsoft edge|microsoft-edge|microsoft\/edge\/user data|vivaldi|opera software|firefox|librewolf|mozilla|library\/cookies)/;

/** The riskier of `best` and the credential file `p` (the earlier one on a tie); `judge` reads globs when asked. */
function riskier(best: { risk: CredentialRisk; path: string } | null, p: string, cmd?: SimpleCommand, cwd?: string, judge: (p: string) => CredentialRisk | null = credentialRisk): { risk: CredentialRisk; path: string } | null {
  let risk = judge(p);
  if (!risk && cmd && (cmd.cwdShift !== undefined || CLIMBS.test(p))) {
    const resolved = resolveRelative(p, cmd.cwdShift, cwd);
    if (resolved !== p) risk = credentialRisk(resolved);
    // A traversal aimed at a system file (`./public/../../../../etc/shadow`) is judged as that file
    // even when it climbs fewer levels than the directory is deep: the count depends on where the
    // command runs, which the writer of the path did not know either.
    const tail = risk ? undefined : TRAVERSAL_TAIL.exec(p);
    if (tail) risk = credentialRisk(`/${tail[1]}`);
  }
  return risk && (!best || severityRank(risk.severity) > severityRank(best.risk.severity)) ? { risk, path: p } : best;
}

// Stream editors run in place (`sed -i`, `perl -pi -e`, `ruby -pi -e`) write their output back
// into each file: the file's text never reaches the agent's context unless the script writes to
// the terminal itself (`/dev/stdout`, STDERR, warn/die/say, `$stderr`).
const IN_PLACE_EDITORS = new Set(['sed', 'gsed', 'perl', 'ruby']);
const IN_PLACE_FLAG = /^-[a-zA-Z0-9]*i|^--in-place/;
const TERMINAL_OUTPUT = /\/dev\/(?:std|tty|fd)|\bSTD(?:OUT|ERR)\b|\$std(?:out|err)|\b(?:warn|die|say|printf?\s+STDERR|system|exec)\b|`/;

/** True for an in-place stream edit that prints nothing of the files it rewrites. */
function silentInPlaceEdit(cmd: SimpleCommand): boolean {
  if (!IN_PLACE_EDITORS.has(cmd.name) || !cmd.args.some((a) => IN_PLACE_FLAG.test(a))) return false;
  return !cmd.args.some((a) => TERMINAL_OUTPUT.test(a));
}

const TARS: ReadonlySet<string> = new Set(['tar', 'bsdtar', 'gtar']);
// tar options whose value is the next word (other than -C, read below).
const TAR_VALUES: ReadonlySet<string> = new Set(['-f', '--file', '-T', '--files-from', '-X', '--exclude-from', '--exclude', '-b', '--blocking-factor', '-H', '--format', '-N', '--newer', '--owner', '--group', '--mode', '--transform', '-I', '--use-compress-program', '-K', '--starting-file', '-L', '--tape-length', '-V', '--label']);

/**
 * The operands tar reads from the directory a `-C DIR` before them moves to: `tar czf k.tgz -C ~
 * .ssh` archives `~/.ssh`. (The first word may be a bundle without a dash, `czf`, whose `f` takes
 * the next word.)
 */
/** tar unpacking (`-x`, `xzf`, `--extract`, `--get`): its operands are members to write, not files read. */
function tarExtracts(args: readonly string[]): boolean {
  return args.some((a, i) => a === '--extract' || a === '--get' || (/^-[A-Za-z]+$/.test(a) && a.includes('x')) || (i === 0 && /^[A-Za-z]+$/.test(a) && a.includes('x')));
}

function tarDirOperands(args: readonly string[]): string[] {
  const out: string[] = [];
  let dir: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '-C' || a === '--directory') dir = args[++i];
    else if (a.startsWith('--directory=')) dir = a.slice(12);
    else if (/^-C./.test(a)) dir = a.slice(2);
    else if (a.startsWith('-') || (i === 0 && /^[A-Za-z]+$/.test(a) && /[cxtruAd]/.test(a))) {
      // A bundle ending in a value option (`-czf F`, `czf F`) or a value option alone takes the next word.
      if (TAR_VALUES.has(a) || (!a.startsWith('--') && /[fTXbHNILKV]$/.test(a) && a.length > 1)) i++;
    } else if (dir !== undefined && !/^[/~$]/.test(a)) out.push(`${dir.replace(/\/+$/, '')}/${a.replace(/^\.\//, '')}`);
  }
  return out;
}

export function credentialReadBy(cmd: SimpleCommand, cwd?: string): { risk: CredentialRisk; path: string } | null {
  // A PowerShell assignment of one word (`$d = "$env:USERPROFILE\.aws"`) names a path and reads nothing.
  if (cmd.argv.length <= 3 && cmd.argv.length > 0 && cmd.argv[0].text.charCodeAt(0) === 36 && (cmd.argv.length === 1 ? cmd.argv[0].text.includes('=') : cmd.argv[1].text.charCodeAt(0) === 61)) return null;
  // Candidates are judged as they are found (arguments, then redirections), without a list.
  let best: { risk: CredentialRisk; path: string } | null = null;
  // An environment file edited in place (`sed -i 's/localhost/db/' .env.docker`) is changed, not read;
  // key and cloud-credential files edited so are still reported (that rewrites stored credentials).
  const inPlace = silentInPlaceEdit(cmd);
  // git subcommands that print (or store) a file's content: `git diff --no-index /dev/null ~/.git-credentials`,
  // `git hash-object -w ~/.ssh/id_rsa` (then `git cat-file -p`), `git log -p -- .env`.
  const git = cmd.name === 'git' && (/^(?:show|cat-file|archive|diff|blame|grep|hash-object)$/.test(cmd.args[0] ?? '') || (cmd.args[0] === 'log' && cmd.args.some((a) => a === '-p' || a === '--patch')));
  // Copy tools read only their sources; tee reads only its input.
  const copied = copySources(cmd);
  const args = SEARCHERS.has(cmd.name) ? searchFiles(cmd.args) : copied ?? (teeTargets(cmd) ? [] : cmd.args);
  // Unquoted globs expand to the files they match (`cat ~/.ss?/id_*`): judged by what they can match.
  const globs = cmd.argv.length > 1 && cmd.args.some((a) => a.includes('*') || a.includes('?') || a.includes('[')) ? new Set(cmd.argv.filter((w) => !w.quoted).map((w) => w.text)) : undefined;
  if (copied || (!KEY_USERS.has(cmd.name) && !notReader(cmd)) || git) {
    // After a `cd` into a credential directory or a browser profile, a bare file name is a file
    // there: `cd ~/.aws && cat credentials`, `cd …/Chrome/Default && sqlite3 'Login Data' …`.
    const shiftedIntoSecrets = cmd.cwdShift !== undefined && shiftHoldsSecrets(cmd.cwdShift, cwd);
    for (let i = 0; i < args.length; i++) {
      // A file being written, not read (args[-1] is a slow named-property read; every output option starts with `-`).
      if (i > 0 && args[i - 1].charCodeAt(0) === 45 && OUTPUT_OPTIONS.has(args[i - 1])) continue;
      const a = args[i];
      // A file:// URL reads the local file (`curl file:///home/u/.ssh/id_rsa`).
      if (a.charCodeAt(0) === 102 /* f */ && a.startsWith('file://')) {
        best = riskier(best, fileUrlPath(a), cmd, cwd);
        continue;
      }
      // `@file`, `x=@file`, `if=file`, git's `rev:path`; the `=` is looked for once (this runs for every argument).
      let v = a;
      if (a.charCodeAt(0) === 64 /* @ */) v = a.slice(1);
      else {
        const eq = a.indexOf('=');
        const at = eq < 0 ? -1 : a.indexOf('=@', eq);
        if (at >= 0) v = a.slice(at + 2);
        else if (eq > 0 && READ_ASSIGN.test(a)) v = a.slice(eq + 1);
        else if (git && /^[^:]*:/.test(a)) v = a.slice(a.indexOf(':') + 1);
      }
      if (inPlace && credentialRisk(v)?.kind === 'env_file') continue;
      // After a `cd`, a bare name or `.` is a file of that directory (`cd ~/.config/gcloud && cat
      // credentials.db`, `cd ~/.ssh && tar cf - .`); in a credential directory or a browser profile
      // any name is (`cd …/Chrome/Default && sqlite3 'Login Data' …`).
      if (pathLike(v) || (cmd.cwdShift !== undefined && (BARE_NAME.test(v) || (shiftedIntoSecrets && v.charCodeAt(0) !== 45 && v !== '')))) best = riskier(best, v, cmd, cwd, globs?.has(v) ? credentialRiskOfPattern : credentialRisk);
    }
  }
  if (cmd.name === 'git') for (const p of gitReadPaths(cmd.args)) best = riskier(best, p);
  if (TARS.has(cmd.name) && cmd.args.some((a) => a === '-C' || a.startsWith('--directory') || /^-C./.test(a)) && !tarExtracts(cmd.args)) for (const p of tarDirOperands(cmd.args)) best = riskier(best, p, cmd, cwd);
  if (SEARCHERS.has(cmd.name) && !best) {
    const pattern = searchPattern(cmd.args);
    if (pattern !== undefined) for (const a of args) {
      const risk = credentialSearchRisk(a, pattern);
      if (risk) { best = { risk, path: a }; break; }
    }
  }
  // An application's settings file printed into a search for secrets (`cat ~/.config/X/settings.json
  // | grep -i token`, `Get-Content $env:APPDATA\X\storage.json | Select-String token`,
  // `Select-String -Path F -Pattern password`): the matching lines are its stored tokens.
  if (!best && APP_FILE_READERS.has(cmd.name)) {
    const pattern = cmd.name === 'select-string' || cmd.name === 'sls' ? optionValue(args, ['-Pattern', '-pattern']) : secretSearch(cmd);
    const files = cmd.name === 'select-string' || cmd.name === 'sls' ? [optionValue(args, ['-Path', '-path', '-LiteralPath', '-literalpath']) ?? ''] : positionals(args);
    if (pattern !== undefined) for (const f of files) {
      const risk = credentialSearchRisk(f, pattern);
      if (risk) { best = { risk, path: f }; break; }
    }
  }
  if (copied || (!KEY_USERS.has(cmd.name) && !notReader(cmd))) best = fedPaths(cmd, best, cwd);
  // `<` and `<>` open the file for reading; `<&` with a file name (not a descriptor) too.
  for (const r of cmd.redirects) if (r.op === '<' || r.op === '<>' || (r.op === '<&' && !/^(?:\d+-?|-)$/.test(r.target.text))) best = riskier(best, r.target.text, cmd, cwd);
  return best;
}

/** The local path a file:// URL names (`file:///x`, `file://localhost/x`), percent-escapes decoded. */
function fileUrlPath(url: string): string {
  let p = url.slice(7);
  if (p.startsWith('localhost/')) p = p.slice(9);
  try {
    return decodeURIComponent(p.split(/[?#]/)[0]);
  } catch {
    return p;
  }
}

// Programs whose output is a list of paths: in `cat $(ls -d ~/.ssh/* | grep -v .pub)` the reader
// is handed what they list (a filter such as grep only narrows it).
const LISTERS = new Set(['ls', 'find', 'fd', 'echo', 'printf', 'realpath', 'readlink', 'compgen']);

/**
 * Paths a reader gets from elsewhere than its own words: files found by the `find` it runs
 * under (`find ~/.aws -type f -exec cat {} +`), a substitution that lists a credential directory
 * (`cat $(ls -d ~/.ssh/*)`), or the literal input xargs puts in place of its replace string
 * (`echo ~/.ssh/id_rsa | xargs -I{} curl -F file=@{} …`).
 */
function fedPaths(cmd: SimpleCommand, best: { risk: CredentialRisk; path: string } | null, cwd: string | undefined): { risk: CredentialRisk; path: string } | null {
  const find = cmd.origin === 'find-exec' ? cmd.parent : undefined;
  if (find?.name === 'find' && cmd.args.some((a) => a.includes('{}'))) best = searchedFiles(find, best, cmd, cwd);
  // A reader handed the paths a search prints (`find ~ -name '*.pfx' | xargs tar czf x`,
  // `… | zip -@ x`, `Get-ChildItem $HOME -Recurse -Include *.kdbx,id_rsa | Compress-Archive …`).
  if (cmd.stage > 0 && readsListedPaths(cmd)) {
    for (const up of listingStage(cmd)) {
      if (SEARCH_LISTERS.has(up.name)) best = searchedFiles(up, best, up, cwd);
      // locate prints every indexed path holding its pattern: `locate id_rsa | xargs cat`.
      else if (LOCATORS.has(up.name)) for (const p of positionals(up.args)) best = riskier(best, p, up, cwd, credentialRisk);
      // `echo ~/.aws/credentials | xargs cat`: the words of a literal output are the paths read
      // (xargs splits them at blanks and line breaks; a replace string is handled below).
      else if (cmd.replaceString === undefined) {
        const text = literalOutput(up);
        if (text !== undefined) for (const w of text.split(/\s+/, 64)) if (pathLike(w)) best = riskier(best, w, cmd, cwd);
      }
    }
  }
  for (const w of cmd.argv) {
    if (w.subs.length === 0) continue;
    for (const sub of w.subs) for (const c of sub.commands) {
      if (!LISTERS.has(c.name)) continue;
      for (const a of c.args) if (pathLike(a)) best = riskier(best, a, c, cwd, credentialRiskOfPattern);
    }
  }
  const rs = cmd.replaceString;
  if (rs !== undefined && stdinInputs(cmd) && cmd.stage > 0 && cmd.args.some((a) => a.includes(rs))) {
    for (const up of cmd.pipeline.stages[cmd.stage - 1] ?? []) {
      const text = literalOutput(up);
      if (text === undefined) continue;
      for (const line of text.split('\n').slice(0, 32)) {
        const input = line.trim();
        if (!input) continue;
        for (const a of cmd.args) {
          if (!a.includes(rs)) continue;
          const filled = a.split(rs).join(input);
          const at = filled.indexOf('@');
          const v = at >= 0 ? filled.slice(at + 1) : filled.includes('=') && READ_ASSIGN.test(filled) ? filled.slice(filled.indexOf('=') + 1) : filled;
          if (pathLike(v)) best = riskier(best, v, cmd, cwd);
        }
      }
    }
  }
  return best;
}

// Programs that print the paths they find: their start paths and name tests say which files.
const SEARCH_LISTERS: ReadonlySet<string> = new Set(['find', 'fd', 'fdfind', 'get-childitem', 'gci', 'dir', 'ls', 'get-item', 'gi']);
// Programs that print indexed paths holding a pattern.
const LOCATORS: ReadonlySet<string> = new Set(['locate', 'plocate', 'mlocate', 'slocate']);
// PowerShell cmdlets that read the items piped to them (a file object is read, not its name printed).
const PS_ITEM_READERS: ReadonlySet<string> = new Set(['get-content', 'gc', 'copy-item', 'cpi', 'copy', 'compress-archive', 'select-string', 'sls', 'get-filehash']);
// Options whose value is a name test: find's, fd's glob, PowerShell's -Include/-Filter (comma lists).
const NAME_TESTS: ReadonlySet<string> = new Set(['-name', '-iname', '-path', '-ipath', '-wholename', '-iwholename', '-g', '--glob', '-include', '-filter']);

/** xargs, or parallel without `:::` inputs: both put the lines of stdin into the command's arguments. */
function stdinInputs(cmd: SimpleCommand): boolean {
  return cmd.wrappers.includes('xargs') || (cmd.wrappers.includes('parallel') && cmd.dynamicArgs);
}

// Stages that pass on some of the lines they read, unchanged: a listing filtered by them still
// hands the reader paths it listed (`ls ~/.ssh/id_* | grep -v pub | sort | xargs cat`).
const LINE_FILTERS: ReadonlySet<string> = new Set(['grep', 'egrep', 'fgrep', 'rg', 'sort', 'uniq', 'head', 'tail', 'shuf', 'cat', 'tee']);

/**
 * The stage whose listing reaches `cmd`'s stdin: the one before it, or the one before a run of
 * line filters. A grep that keeps only public-key lines (`grep '\.pub$'`) hands on none of the
 * secret files, so the listing stops there.
 */
function listingStage(cmd: SimpleCommand): readonly SimpleCommand[] {
  const stages = cmd.pipeline.stages;
  let k = cmd.stage - 1;
  while (k > 0 && stages[k].length === 1 && LINE_FILTERS.has(stages[k][0].name)) {
    const f = stages[k][0];
    const inverted = f.args.some((a) => /^-[a-zA-Z]*v[a-zA-Z]*$/.test(a) || a === '--invert-match');
    // (`cat FILE` prints the file, not what it was piped.)
    if (f.name === 'cat' && f.args.some((a) => !a.startsWith('-'))) return [];
    if (!inverted && /grep$|^rg$/.test(f.name) && f.args.some((a) => !a.startsWith('-') && /pub/i.test(a))) return [];
    k--;
  }
  return stages[k] ?? [];
}

/** Whether `cmd` reads the files whose paths come in on stdin: xargs, `zip -@`, `tar -T -`, `cpio -o`, PowerShell readers of piped items. */
function readsListedPaths(cmd: SimpleCommand): boolean {
  if (stdinInputs(cmd) || PS_ITEM_READERS.has(cmd.name) || cmd.name === 'cpio') return true;
  if (cmd.name === 'zip') return cmd.args.includes('-@');
  if (cmd.name === 'tar' || cmd.name === 'bsdtar' || cmd.name === 'gtar') {
    const list = optionValue(cmd.args, ['-T', '--files-from']) ?? cmd.args.find((a) => a.startsWith('--files-from='))?.slice(13);
    return list === '-' || list === '/dev/stdin';
  }
  return false;
}

/**
 * The files a search lists, as credential candidates: its start paths (`find ~/.aws`, `gci ~/.ssh`)
 * and, when it tests names (`-name id_rsa`, `-iname '*.pfx'`, `-Include *.kdbx,*.pfx`), the files
 * of those names under each start path: `find ~/.ssh -name '*.pub'` lists public keys only. A name
 * is judged as written (`*.pfx` is a keystore, `*.pem` says nothing); inside a credential
 * directory the glob is tried against the files there (`find ~/.aws -name 'cred*'`).
 */
function searchedFiles(lister: SimpleCommand, best: { risk: CredentialRisk; path: string } | null, at: SimpleCommand, cwd: string | undefined): { risk: CredentialRisk; path: string } | null {
  const args = lister.args;
  const ps = lister.name !== 'find' && lister.name !== 'fd' && lister.name !== 'fdfind' && lister.name !== 'ls';
  const roots: string[] = [];
  const names: string[] = [];
  let rootsDone = false;
  const fdPattern = lister.name === 'fd' || lister.name === 'fdfind' ? args.findIndex((x) => !x.startsWith('-')) : -1;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const flag = ps ? a.toLowerCase() : a;
    if (NAME_TESTS.has(flag) && i + 1 < args.length) {
      // `! -name '*.pub'` lists every file but those: it does not narrow the search to them.
      if (!ps && i > 0 && (args[i - 1] === '!' || args[i - 1] === '-not')) {
        i++;
        continue;
      }
      for (const n of ps ? args[++i].split(',') : [args[++i]]) if (n.trim() && !n.includes('/')) names.push(n.trim());
      continue;
    }
    if (lister.name === 'find' && (a.startsWith('-') || a === '(' || a === '!')) rootsDone = true;
    if (ps && (flag === '-path' || flag === '-literalpath') && i + 1 < args.length) roots.push(args[++i]);
    else if (!rootsDone && !a.startsWith('-') && i !== fdPattern && pathLike(a)) roots.push(a);
  }
  if (roots.length === 0) roots.push('.');
  for (const root of roots) {
    if (names.length === 0) {
      // Start paths are globbed by the shell (`find ~/.ss?`, `ls ~/.ssh/id_*`); a project-relative
      // listing's glob (`ls *.json`) is judged as written, not by the secret files it might match.
      if (root !== '.') best = riskier(best, root, at, cwd, lister.name === 'find' || /^[~/$]/.test(root) ? credentialRiskOfPattern : credentialRisk);
      continue;
    }
    const inSecrets = credentialRisk(root) !== null;
    // A name glob that only widens a credential's name (`id_rsa*`, `*.key`) finds those files
    // wherever it searches: judged as the name with the wildcard dropped or filled. (`*.pem`
    // still says nothing: certificates are .pem files too.)
    const widened = (p: string): CredentialRisk | null => {
      const base = p.slice(p.lastIndexOf('/') + 1);
      if (!/[*?]/.test(base) || !/[A-Za-z0-9]/.test(base.replace(/[*?]/g, ''))) return null;
      for (const q of [p.replace(/[*?]/g, ''), p.replace(/[*?]/g, 'x')]) {
        const r = credentialRisk(q);
        if (r) return { ...r, label: r.label.includes(q) ? r.label.split(q).join(p) : `${r.label} (files named ${base})` };
      }
      return null;
    };
    const judge = (p: string): CredentialRisk | null => credentialRisk(p) ?? (inSecrets ? credentialRiskOfPattern(p) : null) ?? widened(p);
    for (const name of names) best = riskier(best, root === '.' ? name : `${root.replace(/[\\/]+$/, '')}/${name}`, at, cwd, judge);
  }
  return best;
}

const GIT_GLOBAL_VALUE_OPTIONS: ReadonlySet<string> = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--exec-path']);

/**
 * Files git plumbing reads from outside the repository and prints or stores: `hash-object
 * [-w] FILE` (the blob then prints with `cat-file -p`), `diff --no-index A B` (prints both),
 * `grep --no-index`, `blame --contents FILE`.
 */
function gitReadPaths(args: readonly string[]): string[] {
  const pos = positionals(args, GIT_GLOBAL_VALUE_OPTIONS);
  const sub = pos[0];
  const rest = args.slice(args.indexOf(sub ?? '') + 1);
  switch (sub) {
    case 'hash-object':
      return positionals(rest, new Set(['-t', '--path']));
    case 'diff':
      return rest.includes('--no-index') ? positionals(rest) : [];
    case 'grep':
      return rest.includes('--no-index') ? searchFiles(rest.filter((a) => a !== '--no-index')) : [];
    case 'blame': {
      const at = rest.indexOf('--contents');
      return at >= 0 && rest[at + 1] ? [rest[at + 1]] : [];
    }
    default:
      return [];
  }
}

// Programs whose output is new random key material (`openssl rand -hex 32`, `openssl genpkey`, `head -c 32 /dev/urandom`).
const KEY_GENERATORS = /^(?:openssl\s+(?:rand|genrsa|genpkey|ecparam)|head\s.*\/dev\/u?random|dd\s.*if=\/dev\/u?random|pwgen|uuidgen|age-keygen|wg\s+genkey|step\s+crypto)/;

/**
 * `openssl rand -hex 32 > .secrets/dev.key`: a new key generated into a file of the project (a
 * relative path that does not climb out). Creating a development key destroys nothing; keys in the
 * home directory or elsewhere (`> ~/.ssh/id_ed25519`) stay judged as overwrites.
 */
function freshKeyInProject(cmd: SimpleCommand, target: string): boolean {
  if (target.startsWith('/') || target.startsWith('~') || target.startsWith('$') || CLIMB.test(target)) return false;
  return KEY_GENERATORS.test([cmd.name, ...cmd.args].join(' '));
}

// A search pattern that asks for secrets by name.
const SECRET_PATTERN = /passw|\bpass\b|pass\||\|pass|token|secret|api_?key|apikey|key=|credential|auth/i;

const SECRET_SEARCHERS: ReadonlySet<string> = new Set([...SEARCHERS, 'select-string', 'sls', 'findstr']);

/** The pattern `c` searches for, when it is a search for secrets by name. */
// A JSON or YAML query that selects a secret-named field (`.password`, `.attributes.db_password`,
// `["client_secret"]`, `.. | .token?`): of a file that may hold secrets, it prints exactly those.
const JSON_QUERY_TOOLS: ReadonlySet<string> = new Set(['jq', 'gojq', 'jaq', 'yq', 'dasel', 'fx']);
const SECRET_KEY_STEP = /(?:\.|\[\s?["'])\w{0,40}(?:password|passwd|secret|token|private_?key|api_?key|access_?key|credentials?)\b/i;

const DASEL_VALUE_OPTIONS: ReadonlySet<string> = new Set(['-f', '--file', '-r', '--read', '-w', '--write', '-o', '--out', '-s', '--selector']);

function searchesForSecrets(c: SimpleCommand): string | undefined {
  if (JSON_QUERY_TOOLS.has(c.name)) {
    const filter = c.name === 'dasel' ? optionValue(c.args, ['-s', '--selector']) ?? positionals(c.args, DASEL_VALUE_OPTIONS)[0] : c.args.find((a) => !a.startsWith('-') || a.startsWith('.'));
    return filter !== undefined && SECRET_KEY_STEP.test(filter) && !/\b(?:del|has|delpaths)\s{0,3}\(|\|\s{0,3}(?:length|type|keys)\b/.test(filter) ? filter.slice(0, 60) : undefined;
  }
  if (!SECRET_SEARCHERS.has(c.name)) return undefined;
  const pattern = optionValue(c.args, ['-e', '--regexp', '-Pattern', '-pattern']) ?? c.args.find((a) => !a.startsWith('-') && !a.startsWith('/'));
  return pattern && SECRET_PATTERN.test(pattern) ? pattern.slice(0, 60) : undefined;
}

/** The pattern of a search for secrets that is `cmd` itself or reads its output, if any. */
function secretSearch(cmd: SimpleCommand): string | undefined {
  const own = searchesForSecrets(cmd);
  if (own !== undefined) return own;
  const stages = cmd.pipeline.stages;
  for (let i = cmd.stage + 1; i < stages.length; i++) for (const c of stages[i]) {
    const p = searchesForSecrets(c);
    if (p !== undefined) return p;
  }
  return undefined;
}

function harvestedByShell(cmd: SimpleCommand, ctx: RuleContext, search: string): void {
  for (const u of cmd.pipeline.stages[cmd.stage - 1] ?? []) {
    if (!SHELLS.has(u.name)) continue;
    const inv = shellInvocation(u.args, u.name);
    const src = inv.noexec || inv.command === undefined ? undefined : u.args[inv.command];
    if (src === undefined || src.length > 4096) continue;
    for (const f of ctx.inspectNested(src)) {
      if (f.category === CATEGORY && f.severity === 'medium' && f.paths?.length) {
        ctx.emit({ ...f, severity: 'high', reason: `${f.reason.replace(/;.*$/, '')}, and the output is searched for secrets (${search}); credentials must not be loaded into an agent's context.` });
        return;
      }
    }
  }
}

// Text that comes from the project's env template (`cat .env.example | sed … > .env.ci`) sets a
// file up, as `cp .env.example .env` does; it does not destroy secrets nobody has seen.
// (Looked for only once an env or key file is written: most redirections write logs.)
// Module functions, not closures in inspectCredentialCommand: that runs for every command, and
// a closure was allocated (and, under tsx's keepNames, named) each time though rarely called.
function fromEnvTemplate(cmd: SimpleCommand): boolean {
  return [cmd, ...cmd.pipeline.stages.slice(0, cmd.stage).flat()].some((c) => c.args.some(isEnvTemplate));
}

// Text written in the call that only sets local development endpoints (`printf 'DATABASE_URL=
// postgres://postgres:postgres@localhost:5432/app\n' > .env.local`) sets the file up, as a template does.
function seedsLocalSettings(cmd: SimpleCommand): boolean {
  return localSettingsOnly(literalOutput(cmd) ?? literalOutput(cmd.pipeline.stages[cmd.stage - 1]?.[0] ?? cmd) ?? cmd.redirects.find((r) => r.op === '<<<')?.target.text);
}

const ENV_NAME_CUTTERS: ReadonlySet<string> = new Set(['cut', 'awk', 'gawk', 'mawk', 'nawk', 'sed', 'gsed']);
const GREPS: ReadonlySet<string> = new Set(['grep', 'egrep', 'fgrep', 'rg']);
/** An awk program that prints the first field and nothing else. */
const PRINT_FIRST_FIELD = /^\s*\{\s*print\s+\$1\s*;?\s*\}\s*$/;
/** A sed script that deletes from the first `=` to the end of the line. */
const STRIP_VALUE = /^s([/|#])\\?=\.\*\$?\1\1g?$/;
/** A grep pattern anchored at the line start that cannot reach past the `=`: a name, perhaps with its `=`. */
const NAME_PATTERN = /^\^(?:\[[A-Za-z0-9_:-]+\]|[A-Za-z0-9_])+[*+]?=?$/;

/**
 * A command that prints only the variable names of the env-style lines it reads: `cut -d= -f1`,
 * `awk -F= '{print $1}'`, or a sed script that deletes from the `=` on (not in place).
 */
function printsNamesOnly(cmd: SimpleCommand): boolean {
  if (!ENV_NAME_CUTTERS.has(cmd.name)) return false;
  const a = cmd.args;
  if (cmd.name === 'cut') {
    const delim = optionValue(a, ['-d', '--delimiter']) ?? a.find((x) => /^-d.|^--delimiter=/.test(x))?.replace(/^-d|^--delimiter=/, '');
    const fields = optionValue(a, ['-f', '--fields']) ?? a.find((x) => /^-f.|^--fields=/.test(x))?.replace(/^-f|^--fields=/, '');
    return delim === '=' && fields === '1';
  }
  if (cmd.name.endsWith('awk')) {
    const sep = optionValue(a, ['-F']) ?? a.find((x) => /^-F./.test(x))?.slice(2);
    return sep === '=' && a.some((x) => PRINT_FIRST_FIELD.test(x));
  }
  const scripts = a.filter((x) => !x.startsWith('-'));
  return !a.some((x) => /^-[a-zA-Z]*i|^--in-place/.test(x)) && scripts.length >= 1 && STRIP_VALUE.test(scripts[0]);
}

/**
 * A view of an env file that shows none of its values: only the variable names (`cut -d= -f1 .env`,
 * `grep -E '^[A-Z_]+=' .env | cut -d= -f1`), a count (`grep -c`), or whether a line is there
 * (`grep -q '^DATABASE_URL=' .env`). Agents check which variables are set this way every day.
 */
function showsNamesOnly(cmd: SimpleCommand): boolean {
  if (printsNamesOnly(cmd)) return true;
  if (GREPS.has(cmd.name)) {
    const a = cmd.args;
    if (a.some((x) => /^-[a-zA-Z]*[cqlL][a-zA-Z]*$/.test(x) || x === '--count' || x === '--quiet' || x === '--silent' || x === '--files-with-matches')) return true;
    if (a.some((x) => /^-[a-zA-Z]*o[a-zA-Z]*$/.test(x) || x === '--only-matching') && a.some((x) => NAME_PATTERN.test(x))) return true;
  }
  // Its output goes only into a stage that keeps the names.
  const next = cmd.pipeline.stages[cmd.stage + 1];
  return next?.length === 1 && printsNamesOnly(next[0]) && !cmd.redirects.some((r) => /^[0-9]*>/.test(r.op));
}

export function inspectCredentialCommand(cmd: SimpleCommand, ctx: RuleContext): void {
  inspectSecretStoreCommand(cmd, ctx);
  const read = credentialReadBy(cmd, ctx.cwd);
  // A search for secrets fed by a shell whose script reads such a file (`sh -c 'for f in ~/.*_history;
  // do cat $f; done' | grep -iE 'pass|token'`): the script's reads are the harvest.
  const search = cmd.stage > 0 && SECRET_SEARCHERS.has(cmd.name) && !ctx.speculative ? searchesForSecrets(cmd) : undefined;
  if (search !== undefined) harvestedByShell(cmd, ctx, search);
  if (read && !(read.risk.kind === 'env_file' && showsNamesOnly(cmd))) {
    // A file that only may hold secrets (shell history, a client config) searched for them
    // (`cat ~/.bash_history | grep -iE 'pass|token'`, `grep -i password ~/.zsh_history`) is a harvest.
    const harvest = read.risk.severity === 'medium' ? secretSearch(cmd) : undefined;
    const risk = harvest ? { ...read.risk, severity: 'high' as const, label: `${read.risk.label}, searched for secrets (${harvest})` } : read.risk;
    // (A redirection of a loop or group, `while read l; do …; done < FILE`, has no program name.)
    emitCredentialRead(ctx, risk, read.path, cmd.name === '' ? 'The shell reads' : `\`${cmd.name === 'git' ? `git ${positionals(cmd.args, GIT_GLOBAL_VALUE_OPTIONS)[0] ?? ''}`.trim() : cmd.name}\` reads`);
  }
  for (const r of cmd.redirects) {
    // `>& file` (not a descriptor) is `&> file`; `<>` opens for writing too.
    const toFile = r.op === '>&' && !/^(?:\d+-?|-)$/.test(r.target.text);
    if (r.op !== '>' && r.op !== '>|' && r.op !== '>>' && r.op !== '&>' && r.op !== '&>>' && r.op !== '<>' && !toFile) continue;
    const risk = credentialRisk(r.target.text);
    if (risk && (risk.kind === 'env_file' || risk.kind === 'key_file') && !fromEnvTemplate(cmd) && !(risk.kind === 'key_file' && freshKeyInProject(cmd, r.target.text)) && !(risk.kind === 'env_file' && seedsLocalSettings(cmd))) {
      const append = r.op === '>>' || r.op === '&>>' || r.op === '<>';
      ctx.emit({ patternName: `${CATEGORY}.credential_file_overwrite`, severity: append ? 'medium' : 'high', category: CATEGORY, layer: 'builtin', reason: `${append ? 'Appends to' : 'Overwrites'} ${risk.label}${append ? '' : ', destroying the secrets it holds'}.`, paths: [r.target.text] });
    }
  }
  // `tee` writes its operands as `>` does (`-a` appends as `>>`).
  const append = hasShort(cmd.args, 'a') || cmd.args.includes('--append');
  for (const t of teeTargets(cmd) ?? []) {
    const risk = credentialRisk(t);
    if (risk && (risk.kind === 'env_file' || risk.kind === 'key_file') && !fromEnvTemplate(cmd) && !(risk.kind === 'env_file' && seedsLocalSettings(cmd))) {
      ctx.emit({ patternName: `${CATEGORY}.credential_file_overwrite`, severity: append ? 'medium' : 'high', category: CATEGORY, layer: 'builtin', reason: `tee ${append ? 'appends to' : 'overwrites'} ${risk.label}${append ? '' : ', destroying the secrets it holds'}.`, paths: [t] });
    }
  }
  const args = cmd.args;
  // `set -a; source .env; set +a; env`, `dotenv -- printenv`: the environment printed after an env
  // file was loaded into it holds that file's secrets.
  if (cmd.envLoaded !== undefined && printsWholeEnvironment(cmd)) {
    secretStore(ctx, 'high', 'env_file', `\`${cmd.name}\` prints the environment after ${cmd.envLoaded} was loaded into it, so the file's secrets reach the agent's context.`);
    return;
  }
  // A credential helper run by hand (`git-credential-osxkeychain get`, `docker-credential-desktop get`).
  if (cmd.name.includes('-credential-')) {
    const printer = tokenPrinter(cmd);
    if (printer?.shown) shownCredential(cmd, ctx, printer.shown);
    return;
  }
  if (EXEC_HOSTS.has(cmd.name)) {
    const copied = containerCopySource(args);
    const risk = copied ? credentialRisk(copied.path) : null;
    if (risk) emitCredentialRead(ctx, risk, copied!.path, `\`${cmd.name} cp\` copies out of ${copied!.from}`);
  }
  switch (cmd.name) {
    case 'vim':
    case 'vi':
    case 'nvim':
    case 'ex':
    case 'view':
      return scriptedEditorRead(cmd, ctx);
    case 'duckdb':
    case 'sqlite3':
    case 'sqlite':
    case 'clickhouse-local':
    case 'clickhouse':
    case 'datasette':
      return sqlFileReads(cmd, ctx);
    case 'jq':
    case 'gojq':
    case 'jaq':
    case 'yq':
    case 'gron':
    case 'dasel':
    case 'fx':
      return secretFieldRead(cmd, ctx);
    case 'getent': {
      // `getent shadow [user]` prints the password hashes from /etc/shadow through NSS, as `cat` would.
      const db = positionals(args)[0];
      if (db === 'shadow' || db === 'gshadow') emitCredentialRead(ctx, credentialRisk(`/etc/${db}`)!, `/etc/${db}`, '`getent` reads');
      return;
    }
    case 'unshadow':
      // John the Ripper's merger of /etc/passwd and /etc/shadow into a crackable list.
      emitCredentialRead(ctx, credentialRisk('/etc/shadow')!, '/etc/shadow', '`unshadow` reads');
      return;
    case 'security': {
      const sub = args[0] ?? '';
      if (sub === 'dump-keychain') return secretStore(ctx, 'critical', 'keychain_dump', 'Dumps the macOS keychain.');
      if (/^find-(?:generic|internet)-password$/.test(sub) && (hasShort(args, 'w') || hasShort(args, 'g'))) {
        return secretStore(ctx, 'high', 'keychain_password', 'Prints a password from the macOS keychain.');
      }
      return;
    }
    case 'ssh-keygen': {
      // -y derives the public half and -p rewrites the passphrase: both open the private key itself.
      const key = optionValue(args, ['-f']) ?? clusterValue(args, 'f');
      const risk = key ? credentialRisk(key) : null;
      if ((hasShort(args, 'y') || hasShort(args, 'p')) && risk?.kind === 'ssh_private_key') {
        ctx.emit({ patternName: `${CATEGORY}.private_key_opened`, severity: 'medium', category: CATEGORY, layer: 'builtin', reason: `ssh-keygen -${hasShort(args, 'y') ? 'y' : 'p'} opens ${risk.label}; a key access the agent should not need.`, paths: [key!] });
      }
      return;
    }
    case 'secret-tool':
      if (args[0] === 'lookup') secretStore(ctx, 'high', 'keyring_lookup', 'Prints a secret from the desktop keyring.');
      return;
    case 'gpg':
      if (args.some((a) => a === '--export-secret-keys' || a === '--export-secret-subkeys')) secretStore(ctx, 'critical', 'gpg_private_key', 'Exports GnuPG private keys.');
      return;
    case 'aws':
    case 'kubectl':
    case 'gcloud':
    case 'gh':
    case 'az':
    case 'npm':
    case 'pnpm':
    case 'yarn':
    case 'bun':
    case 'git':
    case 'glab': {
      const printer = tokenPrinter(cmd);
      if (printer?.shown) shownCredential(cmd, ctx, printer.shown);
      return;
    }
    case 'env':
    case 'printenv':
      if (cmd.name === 'printenv' && positionals(args).some((a) => SECRET_WORDS.test(a))) return secretStore(ctx, 'medium', 'env_secret_dump', 'Prints secret environment variables.');
      // The whole table of a container, pod or server reached by `docker exec`, `kubectl exec` or
      // ssh holds the deployed service's secrets, unlike the agent's own session's.
      if (cmd.origin === 'remote' && positionals(args).length === 0) secretStore(ctx, 'medium', 'env_secret_dump', `${cmd.name} prints the environment of a running service, which holds its secrets.`);
      return;
    case 'echo':
    case 'printf':
      // Piped into a login that reads the secret from stdin (`| docker login --password-stdin`,
      // `| gh auth login --with-token`): the documented way to keep it out of argv and output.
      if (cmd.pipeline.stages[cmd.stage + 1]?.some((c) => c.args.some((a) => STDIN_SECRET_OPTION.test(a)))) return;
      if (cmd.argv.slice(1).some((w) => SECRET_VAR.test(w.text))) secretStore(ctx, 'medium', 'env_secret_dump', 'Prints a secret environment variable into the agent context.');
      return;
    case 'procdump':
    case 'mimikatz':
    case 'pypykatz':
      secretStore(ctx, 'critical', 'credential_dumping', `Runs the credential-dumping tool ${cmd.name}.`);
      return;
    case 'rundll32':
      if (args.some((a) => /comsvcs(\.dll)?,\s*minidump/i.test(a))) secretStore(ctx, 'critical', 'credential_dumping', 'Dumps process memory (LSASS) with comsvcs.dll.');
      return;
    case 'grep':
    case 'egrep':
    case 'rg':
    case 'ag': {
      // `env | grep -i token` dumps matching secrets from the environment.
      // Any earlier stage, not only the previous one: `env | sort | grep -i token` filters the same dump.
      if (cmd.stage > 0 && cmd.pipeline.stages.slice(0, cmd.stage).some((st) => st.some(dumpsEnvironment))) {
        if (args.some((a) => SECRET_WORDS.test(a))) envSecretDump(cmd, ctx, 'Dumps secret-looking environment variables into the agent context.');
      }
      return;
    }
  }
}

/** `env`, `printenv`, `set`, `export -p`, `declare -x` with nothing after them: the whole environment. */
function printsWholeEnvironment(cmd: SimpleCommand): boolean {
  if (cmd.name === 'env' || cmd.name === 'printenv' || cmd.name === 'set') return cmd.args.length === 0;
  if (cmd.name === 'export' || cmd.name === 'declare') return cmd.args.length === 1 && /^-[px]$/.test(cmd.args[0]);
  return false;
}

/** Programs that run a command inside a container or pod (`… exec …`). */
export const EXEC_HOSTS: ReadonlySet<string> = new Set(['kubectl', 'oc', 'docker', 'podman', 'docker-compose', 'nerdctl']);

/**
 * The file `docker cp CONTAINER:PATH DEST` (`container cp`, `compose cp SERVICE:PATH`, `kubectl cp
 * [NS/]POD:PATH DEST`) brings out of a container or pod to this machine: read, as `cp` reads its
 * source. Undefined when the source is a local path (a copy into the container).
 */
// Options of `kubectl cp` and `docker cp` that take the next word as their value.
const CP_VALUE_OPTIONS: ReadonlySet<string> = new Set(['-n', '--namespace', '-c', '--container', '--context', '--kubeconfig', '--retries']);

function containerCopySource(args: readonly string[]): { path: string; from: string } | undefined {
  const at = args[0] === 'cp' ? 0 : (args[0] === 'container' || args[0] === 'compose') && args[1] === 'cp' ? 1 : -1;
  if (at < 0) return undefined;
  const source = positionals(args.slice(at + 1), CP_VALUE_OPTIONS)[0] ?? '';
  const colon = source.indexOf(':');
  if (colon <= 0 || /^[./~]/.test(source)) return undefined;
  return { path: source.slice(colon + 1), from: `the container or pod ${source.slice(0, colon)}` };
}

/**
 * A command whose output is the environment (or named variables of it): `env`, `printenv`, `set`, `export -p`, or the
 * same run inside a container or pod (`kubectl exec POD -- env`, `docker exec c sh -c 'env'`),
 * whose environment holds the deployed service's secrets.
 */
export function dumpsEnvironment(u: SimpleCommand): boolean {
  // `printenv NAME…` prints only those: named secrets are as much a dump as the whole table.
  if (u.name === 'env' || u.name === 'printenv') return true;
  if (u.name === 'set') return u.args.length === 0;
  if (u.name === 'export') return u.args[0] === '-p';
  if (!EXEC_HOSTS.has(u.name) || !u.args.includes('exec')) return false;
  const at = u.args.indexOf('--');
  const inner = at >= 0 ? u.args.slice(at + 1) : u.args;
  return inner.some((a) => a === 'env' || a === 'printenv' || /^(?:env|printenv)(?:\s*(?:[|;&]|$))/.test(a));
}

/**
 * Commands that print a live access token or credential (`gh auth token`, `gcloud auth
 * print-access-token`, `az ad sp credential reset`, `aws configure export-credentials`): what the
 * token cases of inspectCredentialCommand warn about, named here for exfiltration.ts, which
 * follows their output down a pipeline.
 */
interface TokenPrinter {
  /** What the command prints, for the exfiltration rules ("the GitHub CLI token"); absent where only showing it is judged. */
  label?: string;
  /** The finding when it prints into the agent's context; absent where only sending it is judged. */
  shown?: { severity: 'medium' | 'high'; kind: string; reason: string };
}

/**
 * A CLI command that prints a credential: the one reading of these commands, for the warning
 * when the agent sees the output and for the exfiltration rules when it is piped on.
 */
const REGISTRY_AUTH_KEY = /_auth(?:Token)?$|_password$|npmAuthToken$|npmAuthIdent$/i;

// A credential helper's `get` prints the password or token it stores for the host it is asked
// about: git's helpers (`credential-osxkeychain`, `credential-manager`, `credential-store`,
// `credential-libsecret`, `credential-wincred`, `credential-cache`) and Docker's
// (`docker-credential-desktop`, `-osxkeychain`, `-pass`, `-secretservice`, `-wincred`, `-ecr-login`).
// `store`/`erase` and `list` (server URLs and user names only) print no secret.
const CREDENTIAL_HELPER = /^(?:git-|docker-)?credential-[a-z0-9-]+$/;

function storedCredential(helper: string): TokenPrinter {
  const docker = helper.startsWith('docker-');
  return { label: docker ? 'a Docker registry credential' : 'the stored git credentials', shown: { severity: 'high', kind: docker ? 'docker_credential' : 'git_credential', reason: `Asks the ${docker ? 'Docker' : 'git'} credential helper (${helper}) to print the password or token it stores.` } };
}

function tokenPrinter(u: SimpleCommand): TokenPrinter | undefined {
  const a = u.args;
  if (u.name !== 'git' && CREDENTIAL_HELPER.test(u.name)) return a.includes('get') ? storedCredential(u.name) : undefined;
  switch (u.name) {
    case 'git': {
      // `git credential fill` runs the configured helpers and prints what they return; a helper
      // named as a git subcommand (`git credential-manager get`) does the same.
      const pos = positionals(a, GIT_GLOBAL_VALUE_OPTIONS);
      if (pos[0] === 'credential' && pos[1] === 'fill') return storedCredential('git credential fill');
      return pos[0] !== undefined && CREDENTIAL_HELPER.test(pos[0]) && pos.slice(1).includes('get') ? storedCredential(`git ${pos[0]}`) : undefined;
    }
    case 'gh':
    case 'glab':
      // `gh auth token`, and `gh auth status --show-token` (`-t`), print the stored token; the
      // same token as ~/.config/gh/hosts.yml, which is a high read.
      // `glab config get token` prints the same token from the CLI's configuration.
      if (u.name === 'glab' && a[0] === 'config' && a[1] === 'get' && a.includes('token')) return { label: 'the GitLab CLI token', shown: { severity: 'high', kind: 'gh_token', reason: 'Prints the GitLab CLI token into the agent context.' } };
      return a[0] === 'auth' && (a[1] === 'token' || (a[1] === 'status' && (a.includes('--show-token') || hasShort(a.slice(2), 't')))) ? { label: `the ${u.name === 'gh' ? 'GitHub' : 'GitLab'} CLI token`, shown: { severity: 'high', kind: 'gh_token', reason: `Prints the ${u.name === 'gh' ? 'GitHub' : 'GitLab'} CLI token into the agent context.` } } : undefined;
    case 'gcloud':
      return a.includes('print-access-token') || a.includes('print-identity-token') ? { label: 'a Google Cloud access token', shown: { severity: 'medium', kind: 'cloud_token', reason: 'Prints a Google Cloud access token into the agent context.' } } : undefined;
    case 'az':
      if (a.includes('get-access-token')) return { label: 'an Azure access token', shown: { severity: 'medium', kind: 'cloud_token', reason: 'Prints an Azure access token into the agent context.' } };
      return a[0] === 'ad' && a[1] === 'sp' && ((a[2] === 'credential' && a[3] === 'reset') || a[2] === 'create-for-rbac') ? { label: 'a new Azure service-principal secret' } : undefined;
    case 'aws': {
      if (a[0] !== 'configure') return undefined;
      const shown = { severity: 'high' as const, kind: 'aws_credentials', reason: 'Prints AWS credentials.' };
      if (a[1] === 'export-credentials') return { label: 'AWS credentials', shown };
      return a[1] === 'get' && /secret|token|key/i.test(a[2] ?? '') ? { shown } : undefined;
    }
    // Package managers' stored registry logins (`npm config get //registry.npmjs.org/:_authToken`,
    // `yarn config get npmAuthToken`): the same token ~/.npmrc holds.
    case 'npm':
    case 'pnpm':
    case 'yarn':
    case 'bun':
      return a[0] === 'config' && a[1] === 'get' && REGISTRY_AUTH_KEY.test(a[2] ?? '') ? { label: 'a package registry token', shown: { severity: 'high', kind: 'package_registry_token', reason: `Prints the package registry token (${a[2]}) stored in the ${u.name} configuration.` } } : undefined;
    case 'kubectl':
      return a[0] === 'config' && a[1] === 'view' && a.includes('--raw') ? { label: 'raw Kubernetes credentials', shown: { severity: 'high', kind: 'kubeconfig', reason: 'Prints raw Kubernetes credentials.' } } : undefined;
    default:
      return undefined;
  }
}

/**
 * A printed credential reaches the agent's context, unless a substitution captures it
 * (`t=$(gh auth token); curl -H "Authorization: token $t" https://api.github.com/…` uses the token
 * with its own service without showing it): that stays a warning; where it is sent is judged by
 * the exfiltration rules.
 */
function shownCredential(cmd: SimpleCommand, ctx: RuleContext, shown: NonNullable<TokenPrinter['shown']>): void {
  secretStore(ctx, cmd.origin === 'substitution' ? 'medium' : shown.severity, shown.kind, shown.reason);
}

/** What a credential-printing command prints, for the exfiltration rules. */
export function printedToken(u: SimpleCommand): string | undefined {
  return tokenPrinter(u)?.label;
}

// Programs that only reshape, count, show or copy text locally: secrets piped through them stay on
// the machine (the agent sees them, which env_secret_dump already reports).
const LOCAL_TEXT = new Set(['grep', 'egrep', 'fgrep', 'rg', 'ag', 'sed', 'awk', 'gawk', 'mawk', 'sort', 'uniq', 'cut', 'head', 'tail', 'wc', 'tr', 'cat', 'less', 'more', 'column', 'jq', 'base64', 'xxd', 'od', 'hexdump', 'nl', 'fold', 'paste', 'rev', 'tac', 'fmt', 'pbcopy', 'xclip', 'xsel', 'wl-copy', 'clip', 'true', 'md5sum', 'sha256sum', 'shasum']);

const NAMED_SENDERS = new Set(['curl', 'wget', 'nc', 'ncat', 'netcat', 'socat', 'telnet', 'mail', 'mailx', 's-nail', 'mutt', 'sendmail', 'msmtp']);

/**
 * Every secret-looking environment variable, filtered out of `env`: into the agent's context
 * (warned), or on into a program that is no local text tool (`| mail …`, `| ssh host …`,
 * `| gh gist create -`, `| tee /dev/tcp/…`), which sends them wherever it sends its input: denied.
 * (One named variable piped into a login, `echo $TOKEN | docker login --password-stdin`, is how
 * tokens are handed over and is not this.)
 */
function envSecretDump(cmd: SimpleCommand, ctx: RuleContext, reason: string): void {
  const stages = cmd.pipeline.stages;
  for (let i = cmd.stage + 1; i < stages.length; i++) {
    for (const c of stages[i]) {
      if (LOCAL_TEXT.has(c.name) || (c.name === 'tee' && !c.args.some((a) => a.startsWith('/dev/tcp/') || a.startsWith('/dev/udp/')))) continue;
      // Senders whose destination exfiltration.ts reads and names (`| curl -d @- URL`, `| nc host`, `| mail addr`).
      if (NAMED_SENDERS.has(c.name)) break;
      ctx.emit({ patternName: 'exfiltration.env_secret_send', severity: 'high', category: 'exfiltration', layer: 'builtin', reason: `Sends secret-looking environment variables on to ${c.name || 'another command'}, which passes its input wherever it sends it.` });
      return;
    }
  }
  // Every matching value lands in the agent's context, as `cat .env` would put it there; only a
  // count (`| wc -l`) or the names alone (`| cut -d= -f1`) keep the values out, and stay a warning.
  if (namesOnly(stages.slice(cmd.stage + 1))) secretStore(ctx, 'medium', 'env_secret_dump', 'Searches the environment for secret-looking variables (printing only their names or a count).');
  else secretStore(ctx, 'high', 'env_secret_dump', reason);
}

const ENV_LINE = /^(?:export\s+)?[A-Za-z_][A-Za-z0-9_]*=(.*)$/;
const URL_HOST = /^["']?[a-z][a-z0-9+.-]*:\/\/(?:[^@/\s]*@)?(\[[^\]]*\]|[^:/?#\s"']+)/i;

/**
 * Env-file text that only points the app at services on this machine: every line an assignment,
 * at least one a URL to a loopback host, every URL local, and nothing the secret scanner calls a
 * secret (a live key or a high-entropy value beside the local URLs makes it a real env file).
 */
function localSettingsOnly(text: string | undefined): boolean {
  if (text === undefined || text.length > 4096 || !text.includes('://')) return false;
  let local = false;
  for (const raw of text.split(/\r?\n|\\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const m = ENV_LINE.exec(line);
    if (!m) return false;
    if (!m[1].includes('://')) continue;
    const host = URL_HOST.exec(m[1])?.[1];
    if (!host || !isLocalHost(host.toLowerCase().replace(/^\[|\]$/g, ''))) return false;
    local = true;
  }
  return local && findSecrets(text, 4.5).length === 0;
}

/** Later stages that print no value of a NAME=value line: a count, or the names cut off at `=`. */
function namesOnly(later: readonly (readonly SimpleCommand[])[]): boolean {
  return later.some((st) => st.some((c) => {
    if (c.name === 'wc') return true;
    const words = c.name === 'cut' || c.name === 'awk' || c.name === 'sed' ? c.args.join(' ') : '';
    return c.name === 'cut' ? /-d ?=/.test(words) && /-f ?1(?![\d,-])/.test(words) : !!words && /^-F ?= \{ ?print \$1 ?\}$|^s\/=\.\*\/\/g?$/.test(words);
  }));
}

const EDITOR_VALUES: ReadonlySet<string> = new Set(['-c', '--cmd', '-S', '-u', '-U', '-i', '-w', '-W', '-T', '-r', '-t', '-q']);

/**
 * An editor run as a script (`vim -es`, `ex -s`, `nvim --headless`) prints what its commands ask
 * for to stdout: `vim -es -c '%p' -c 'q!' ~/.netrc` is `cat ~/.netrc`. Opened interactively it
 * shows nothing to the agent, which is why editors are otherwise not readers.
 */
function scriptedEditorRead(cmd: SimpleCommand, ctx: RuleContext): void {
  const args = cmd.args;
  const silent = args.some((a) => /^-[a-zA-Z]*[eE][a-zA-Z]*s|^-[a-zA-Z]*s[a-zA-Z]*[eE]/.test(a)) || (cmd.name === 'ex' && hasShort(args, 's')) || args.includes('--headless') || (hasShort(args, 'e') && hasShort(args, 's'));
  if (!silent) return;
  let best: { risk: CredentialRisk; path: string } | null = null;
  for (const f of positionals(args, EDITOR_VALUES)) if (!f.startsWith('+') && pathLike(f)) best = riskier(best, f, cmd, ctx.cwd);
  if (best) emitCredentialRead(ctx, best.risk, best.path, `\`${cmd.name}\` run as a script (ex mode) prints`);
}

// SQL functions that read a file from disk: DuckDB's read_* table functions, SQLite's fileio
// readfile(), ClickHouse's file(), MySQL's LOAD_FILE and PostgreSQL's pg_read_file.
const SQL_FILE_READ = /\b(?:read_(?:csv(?:_auto)?|text|blob|json(?:_auto|_objects(?:_auto)?)?|ndjson(?:_auto)?|parquet|xlsx)|readfile|file|load_file|pg_read_file|pg_read_binary_file|sniff_csv)\s{0,3}\(\s{0,3}'([^']{1,4096})'/gi;
// A bare quoted path as a DuckDB table (`SELECT * FROM '~/.aws/credentials'`), or an ATTACH.
const SQL_FILE_TABLE = /\b(?:from|join|attach(?:\s+database)?)\s+'([^']{1,4096})'/gi;

/** Credential files read by SQL a database CLI is given (in any argument, or a here-document). */
export function sqlReadPaths(sql: string): string[] {
  if (!sql.includes("'")) return [];
  const out: string[] = [];
  for (const re of [SQL_FILE_READ, SQL_FILE_TABLE]) {
    re.lastIndex = 0;
    for (let m = re.exec(sql); m && out.length < 32; m = re.exec(sql)) out.push(m[1]);
  }
  return out;
}

function sqlFileReads(cmd: SimpleCommand, ctx: RuleContext): void {
  let best: { risk: CredentialRisk; path: string } | null = null;
  const texts = [...cmd.args, ...cmd.redirects.filter((r) => r.op.startsWith('<<')).map((r) => r.target.text)];
  for (const t of texts) for (const p of sqlReadPaths(t)) best = riskier(best, p, cmd, ctx.cwd, credentialRiskOfPattern);
  if (best) emitCredentialRead(ctx, best.risk, best.path, `\`${cmd.name}\` reads, through an SQL file function,`);
}

// JSON fields that are secrets whatever file holds them: a service account's private key, an
// OAuth client secret, cloud secret keys, refresh tokens.
// (npm's `_authToken`, `_auth`, `_password` keys, as `npm config list --json` prints them, are registry logins.)
const SECRET_FIELD = /\b(?:_authToken|_auth\b|_password|npmAuthToken|private_key|privateKey|client_secret|clientSecret|secret_access_key|SecretAccessKey|aws_secret_access_key|refresh_token|refreshToken)\b/;

/** `jq -r .private_key sa.json`: a JSON tool selecting a secret field prints that secret. */
function secretFieldRead(cmd: SimpleCommand, ctx: RuleContext): void {
  const filter = cmd.args.find((a) => !a.startsWith('-') || a.startsWith('.'));
  // (`del(.private_key)` removes it, `has("private_key")` or `| length` print no secret.)
  if (filter === undefined || !SECRET_FIELD.test(filter) || /\b(?:del|has|delpaths)\s{0,3}\(|\|\s{0,3}(?:length|type|keys)\b/.test(filter)) return;
  const files = positionals(cmd.args).slice(1);
  if (files.length === 0 && cmd.redirects.every((r) => r.op !== '<') && cmd.stage === 0) return;
  const field = SECRET_FIELD.exec(filter)![0];
  const from = files[0] ?? cmd.redirects.find((r) => r.op === '<')?.target.text;
  ctx.emit({ patternName: `${CATEGORY}.secret_field`, severity: 'high', category: CATEGORY, layer: 'builtin', reason: `\`${cmd.name}\` prints the ${field} field${from ? ` of ${from}` : ' of its input'}, a secret key; credentials must not be loaded into an agent's context.`, paths: from ? [from] : undefined });
}

function secretStore(ctx: RuleContext, severity: 'medium' | 'high' | 'critical', kind: string, reason: string): void {
  ctx.emit({ patternName: `${CATEGORY}.${kind}`, severity, category: CATEGORY, layer: 'builtin', reason });
}
