// git_danger: operations that destroy shared history or uncommitted work. Force pushes are
// judged by the branch they rewrite (protected: main/master/trunk/production and the
// policy's protected_branches; shared: release/*, develop, staging), so a lease-protected
// force push of a feature branch after a rebase stays quiet.
import type { Script, SimpleCommand } from '../shell/types.js';
import type { Severity } from '../types.js';
import type { RuleContext } from './context.js';
import { hasLong, hasShort, isLocalHost, positionals, remoteSpecHost } from './facts.js';
import { configParameters, envKind, judgeConfiguredCommand, judgeConfigSetting, REMOTE_ONLY_ENV, REMOTE_ONLY_KEY } from './git-config.js';

const CATEGORY = 'git_danger';
const PUSH_VALUE_OPTS = new Set(['--repo', '--receive-pack', '--exec', '-o', '--push-option', '--signed']);

function emit(ctx: RuleContext, severity: Severity, rule: string, reason: string): void {
  ctx.emit({ patternName: `${CATEGORY}.${rule}`, severity, category: CATEGORY, layer: 'builtin', reason });
}

const GIT_VALUE_OPTS = new Set(['-C', '-c', '--git-dir', '--work-tree', '--config-env', '--namespace', '--exec-path']);

/** Git's own options before the subcommand (`git -C dir push`). */
export function gitArgs(cmd: SimpleCommand): string[] {
  const a = cmd.args;
  let i = 0;
  while (i < a.length && a[i].startsWith('-')) i += GIT_VALUE_OPTS.has(a[i]) ? 2 : 1;
  return a.slice(i);
}

/**
 * A subcommand named by an alias set on the same line (`git -c alias.f=push f -f`) is judged as
 * what it expands to; `!` aliases run a shell and are reported as configuration execution.
 */
function expandAlias(cmd: SimpleCommand, args: string[]): string[] {
  for (const value of configPairs(cmd)) {
    const m = /^alias\.([^=]+)=\s*([^!\s].*)$/i.exec(value);
    if (m && m[1].toLowerCase() === args[0]?.toLowerCase()) return [...m[2].trim().split(/\s+/), ...args.slice(1)];
  }
  return args;
}

/**
 * Every `key=value` of configuration the line hands git: `-c` options and the environment's
 * `GIT_CONFIG_PARAMETERS` entries and `GIT_CONFIG_COUNT` / `GIT_CONFIG_KEY_n` / `GIT_CONFIG_VALUE_n`
 * pairs, which git reads the same way.
 */
function configPairs(cmd: SimpleCommand): string[] {
  const out: string[] = [];
  const a = cmd.args;
  for (let i = 0; i < a.length && a[i].startsWith('-'); i++) {
    const value = a[i] === '-c' ? a[++i] : a[i].startsWith('-c') ? a[i].slice(2) : GIT_VALUE_OPTS.has(a[i]) ? (i++, undefined) : undefined;
    if (value) out.push(value);
  }
  if (cmd.assignments.length === 0) return out;
  const env = new Map(cmd.assignments.map((s) => [s.slice(0, s.indexOf('=')), s.slice(s.indexOf('=') + 1)]));
  const params = env.get('GIT_CONFIG_PARAMETERS');
  if (params !== undefined) for (const [k, v] of configParameters(params) ?? []) out.push(`${k}=${v}`);
  const n = Math.min(Number(env.get('GIT_CONFIG_COUNT') ?? 0) || 0, 64);
  for (let k = 0; k < n; k++) {
    const key = env.get(`GIT_CONFIG_KEY_${k}`);
    if (key !== undefined) out.push(`${key}=${env.get(`GIT_CONFIG_VALUE_${k}`) ?? ''}`);
  }
  return out;
}

function branchOf(refspec: string): string {
  const dst = refspec.includes(':') ? refspec.slice(refspec.indexOf(':') + 1) : refspec;
  return dst.replace(/^\+/, '').replace(/^refs\/heads\//, '');
}

// Git accepts any unambiguous prefix of a long option (`--forc`, `--har`, `--discard-ch`):
// each subcommand's options that matter are expanded before the rules look at them.
const LONG_OPTIONS: Record<string, string[]> = {
  push: ['--force', '--force-with-lease', '--force-if-includes', '--delete', '--mirror', '--all', '--prune', '--tags', '--dry-run'],
  reset: ['--hard', '--merge', '--keep', '--soft', '--mixed', '--quiet'],
  checkout: ['--force', '--pathspec-from-file', '--ours', '--theirs', '--orphan', '--detach', '--quiet', '--no-quiet', '--track', '--patch', '--merge'],
  switch: ['--force', '--discard-changes', '--create', '--detach', '--quiet', '--merge'],
  restore: ['--staged', '--worktree', '--source', '--pathspec-from-file', '--patch', '--no-staged', '--no-worktree', '--quiet', '--conflict'],
  branch: ['--delete', '--force', '--move', '--copy', '--list', '--verbose'],
  clean: ['--force', '--dry-run', '--interactive', '--quiet'],
  rm: ['--force', '--cached', '--dry-run', '--quiet', '--no-force', '--no-cached', '--no-dry-run'],
  worktree: ['--force'],
  tag: ['--delete', '--force', '--list'],
  rebase: ['--abort', '--continue', '--skip', '--quit'],
  merge: ['--abort', '--continue', '--quit'],
  'cherry-pick': ['--abort', '--continue', '--quit'],
};

function expandLong(sub: string, args: string[]): string[] {
  const known = LONG_OPTIONS[sub];
  if (!known) return args;
  return args.map((a) => {
    if (a === '--' || !a.startsWith('--') || a.length < 4) return a;
    const eq = a.indexOf('=');
    const name = eq < 0 ? a : a.slice(0, eq);
    if (known.includes(name)) return a;
    const matches = known.filter((k) => k.startsWith(name));
    // `--forc` matches --force and --force-with-lease: the one the others extend is meant.
    const shortest = matches.reduce<string | undefined>((m, k) => (m === undefined || k.length < m.length ? k : m), undefined);
    return shortest !== undefined && matches.every((k) => k.startsWith(shortest)) ? shortest + (eq < 0 ? '' : a.slice(eq)) : a;
  });
}

/**
 * Short flags of clustered options, stopping a cluster at a flag that takes a value
 * (`-bfeature` is `-b feature`, not `-f`), and long options, all before any `--`.
 */
function flagsOf(args: readonly string[], valueShort: string, valueLong: ReadonlySet<string> = new Set()): { flags: Set<string>; positionals: string[] } {
  const flags = new Set<string>();
  const pos: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--') break;
    if (a.startsWith('--')) {
      const name = a.split('=')[0];
      flags.add(name);
      if (valueLong.has(name) && !a.includes('=')) i++;
    } else if (a.length > 1 && a[0] === '-') {
      for (let k = 1; k < a.length; k++) {
        flags.add('-' + a[k]);
        if (valueShort.includes(a[k])) {
          if (k === a.length - 1) i++;
          break;
        }
      }
    } else pos.push(a);
  }
  return { flags, positionals: pos };
}

const CONFIG_VALUE_OPTS: ReadonlySet<string> = new Set(['-f', '--file', '--blob', '--type', '--default', '--comment', '--value', '--worktree-file']);
/**
 * `git checkout --recurse-submodules checkout main`: git takes that option's value only as
 * `=VALUE`, so it reads `checkout` as the tree-ish and `main` as a path. Unless a ref or tracked
 * file has that name (the same word as one of the option's own values), git stops with "pathspec
 * did not match" and changes nothing: the word was meant as the value, and is read as such here.
 */
const RECURSE_VALUES = new Set(['checkout', 'on-demand', 'yes', 'no', 'true', 'false', 'on', 'off']);
function withoutSpacedValue(args: string[]): string[] {
  const at = args.indexOf('--recurse-submodules');
  if (at < 0 || !RECURSE_VALUES.has(args[at + 1] ?? '') || (args.indexOf('--') >= 0 && args.indexOf('--') < at)) return args;
  return [...args.slice(0, at + 1), ...args.slice(at + 2)];
}

const HELP = /^(?:-h|--help|--version)$/;
// Long options of checkout/restore that take the next word as their value (`--source --help`).
const VALUE_LONG: ReadonlySet<string> = new Set(['--source', '--conflict', '--unified', '--inter-hunk-context', '--orphan', '--pathspec-from-file']);
// Subcommands that talk to a remote, the only ones an ssh command setting affects.
const REMOTE_SUBCOMMANDS = new Set(['fetch', 'pull', 'push', 'clone', 'ls-remote', 'submodule', 'fetch-pack', 'send-pack']);

/** Arguments before a `--` separator (options), and the pathspecs after it. */
function splitDashDash(args: string[]): { before: string[]; after: string[] | null } {
  const at = args.indexOf('--');
  return at < 0 ? { before: args, after: null } : { before: args.slice(0, at), after: args.slice(at + 1) };
}

// Environment variables that hand git configuration or programs from elsewhere: a config file or
// exec path the hook cannot read. The ones carrying a command line are judged in git-config.ts.
const OPAQUE_ENV = /^(?:GIT_SSH_VARIANT|GIT_CONFIG_GLOBAL|GIT_CONFIG_SYSTEM|GIT_EXEC_PATH|GIT_TEMPLATE_DIR)$/;
const GIT_ENV = /^(?:GIT_SSH_COMMAND|GIT_SSH|GIT_SSH_VARIANT|GIT_PROXY_COMMAND|GIT_EXTERNAL_DIFF|GIT_ASKPASS|GIT_EDITOR|GIT_SEQUENCE_EDITOR|GIT_PAGER|GIT_CONFIG_PARAMETERS|GIT_CONFIG_COUNT|GIT_CONFIG_KEY_\d+|GIT_CONFIG_VALUE_\d+|GIT_CONFIG_GLOBAL|GIT_CONFIG_SYSTEM|GIT_EXEC_PATH|GIT_TEMPLATE_DIR)=/;

/**
 * One configuration setting handed to git (`-c`, GIT_CONFIG_*, `git config`): a command it makes
 * git run is judged as that command; hook paths and opaque keys stay denied. `via` names the
 * channel for the reason (`git -c`, `git config`, `GIT_CONFIG_KEY_0`).
 */

/** `-f`/`--force` given and not cancelled by a later `--no-force` (git's last option wins). */
function forcedLast(args: readonly string[]): boolean {
  let on = false;
  for (const a of args) {
    if (a === '--') break;
    if (a === '--no-force') on = false;
    else if (a === '--force' || a.startsWith('--force=') || (a.length > 1 && a[0] === '-' && a[1] !== '-' && a.includes('f'))) on = true;
  }
  return on;
}

// Remotes a repository's own setup names: pushing everything there is publishing, not a copy.
const OWN_REMOTES = new Set(['origin', 'upstream']);

// Git's URL forms (git-clone(1) "GIT URLS"): ssh://, git://, http(s)://, ftp(s)://, with a user and port.
const GIT_URL = /^(?:ssh|git|git\+ssh|ssh\+git|https?|ftps?):\/\/(?:[^@/\s]*@)?(\[[0-9a-fA-F:.]+\]|[^/:\s]+)/i;

/** The external host a remote URL or `host:path` spec reaches; undefined for local paths and hosts. */
export function externalHost(spec: string): string | undefined {
  const host = GIT_URL.exec(spec)?.[1]?.toLowerCase() ?? remoteSpecHost(spec);
  return host && !isLocalHost(host) ? host : undefined;
}

/** The URL `git remote add NAME URL` (or `set-url`) gave NAME earlier in the same line. */
export function remoteAddedOnLine(script: Script | undefined, cmd: SimpleCommand, name: string): string | undefined {
  if (!script) return undefined;
  for (const c of script.commands) {
    if (c === cmd) break;
    if (c.name !== 'git') continue;
    const a = gitArgs(c);
    if (a[0] !== 'remote' || (a[1] !== 'add' && a[1] !== 'set-url')) continue;
    const pos = positionals(a.slice(2), REMOTE_ADD_VALUES);
    if (pos[0] === name && pos[1] !== undefined) return pos[1];
  }
  return undefined;
}
const REMOTE_ADD_VALUES = new Set(['-t', '-m', '--track', '--master', '--mirror']);

/**
 * Pushing every branch or tag (`--all`, `--branches`, `--tags`, a `refs/heads/*` refspec) to a
 * destination the repository was not set up with copies the whole private repository out: a
 * URL written in the call or a remote the same line just added. Another named remote (a fork, a
 * backup) may be the user's own, so it is warned; origin and upstream stay allowed.
 */
function inspectRepositoryExport(args: string[], pos: string[], cmd: SimpleCommand, script: Script | undefined, ctx: RuleContext): void {
  const remote = pos[0];
  if (remote === undefined || OWN_REMOTES.has(remote)) return;
  const what = hasLong(args, '--tags') && !hasLong(args, '--all', '--branches') ? 'every tag' : 'every branch';
  const direct = externalHost(remote);
  const added = direct ? undefined : remoteAddedOnLine(script, cmd, remote);
  const host = direct ?? (added !== undefined ? externalHost(added) : undefined);
  if (host) {
    ctx.emit({ patternName: 'exfiltration.repository_export', severity: 'high', category: 'exfiltration', layer: 'builtin', reason: `Pushes ${what} of the repository to ${host}, ${direct ? 'a destination written in the command' : `the remote ${remote} added in the same command`}: a copy of the whole repository leaves for a place it was not set up with.`, hosts: [host] });
  } else if (added === undefined && !remote.includes('/')) {
    ctx.emit({ patternName: 'exfiltration.repository_export', severity: 'medium', category: 'exfiltration', layer: 'builtin', reason: `Pushes ${what} of the repository to the remote ${remote}, which is not origin or upstream; where it points cannot be seen from the call.` });
  }
}

/**
 * `git branch -d X && git push origin --delete X`: the safe idiom for removing a finished branch.
 * `branch -d` (not `-D`/`--force`) refuses an unmerged branch, so the remote copy the line then
 * deletes holds nothing its merge target lacks. Only an unclassed branch: a protected or shared
 * one is judged whatever preceded it.
 */
function mergedLocallyFirst(branch: string, cmd: SimpleCommand, script: Script): boolean {
  for (const c of script.commands) {
    if (c === cmd) return false;
    if (c.name !== 'git') continue;
    const a = gitArgs(c);
    if (a[0] !== 'branch') continue;
    const opts = a.slice(1).filter((x) => x.startsWith('-'));
    const safe = opts.some((x) => x === '-d' || x === '--delete') && !opts.some((x) => x === '--force' || /^-[a-zA-Z]*[Df]/.test(x));
    if (safe && a.slice(1).includes(branch)) return true;
  }
  return false;
}

function inspectPush(args: string[], ctx: RuleContext, cmd?: SimpleCommand, script?: Script): void {
  // `--dry-run`/`-n` only reports what would be pushed (the last of --dry-run/--no-dry-run wins).
  if (lastWins(splitDashDash(args).before, (a) => a === '--dry-run' || /^-[a-zA-Z]*n[a-zA-Z]*$/.test(a), (a) => a === '--no-dry-run')) return;
  const lease = hasLong(args, '--force-with-lease') || hasLong(args, '--force-if-includes');
  const pos = positionals(args, PUSH_VALUE_OPTS);
  const refspecs = pos.slice(1);
  if (cmd && (hasLong(args, '--all', '--branches', '--tags', '--mirror') || refspecs.some((r) => /^\+?refs\/(?:heads|tags)\/\*/.test(r)))) inspectRepositoryExport(args, pos, cmd, script, ctx);
  const plainForce = forcedLast(args) || refspecs.some((r) => r.startsWith('+'));
  const deleting = hasShort(args, 'd') || hasLong(args, '--delete');
  if (deleting || refspecs.some((r) => r.startsWith(':'))) {
    const branches = deleting ? refspecs : refspecs.filter((r) => r.startsWith(':'));
    for (const b of branches.map(branchOf)) {
      const cls = ctx.branchClass(b);
      if (!cls && cmd && script && mergedLocallyFirst(b, cmd, script)) continue;
      // The remote copy may be the only one (collaborators' pushes, unmerged work) and the hook
      // cannot see whether it was merged: a change to shared state that a person should make.
      emit(ctx, 'high', 'delete_remote_branch', `Deletes the remote branch ${b}${cls ? ` (a ${cls} branch)` : ''}; commits only it holds are lost for everyone.`);
    }
    return;
  }
  if (hasLong(args, '--mirror')) return emit(ctx, 'high', 'push_mirror', 'git push --mirror overwrites and deletes every remote ref to match the local repository.');
  // `--prune` deletes the remote refs the pushed refspecs cover that have no local counterpart:
  // with `--all`/`--branches` or a wildcard refspec, every remote branch not present here.
  // (With plain refspecs, or none, nothing is covered that could be pruned.)
  if (hasLong(args, '--prune')) {
    if (hasLong(args, '--all') || hasLong(args, '--branches') || refspecs.some((r) => r.includes('*'))) {
      emit(ctx, 'high', 'push_prune', 'git push --prune deletes every remote branch that has no local counterpart; commits only they hold are lost for everyone.');
    } else if (hasLong(args, '--tags')) emit(ctx, 'medium', 'push_prune', 'git push --prune --tags deletes every remote tag that has no local counterpart.');
  }
  if (!plainForce && !lease) return;
  // No refspec, or HEAD: the branch is whatever is checked out, which the hook cannot see.
  if (refspecs.length === 0 || hasLong(args, '--all') || refspecs.every((r) => branchOf(r) === 'HEAD')) {
    // A plain force (no lease) overwrites whatever the remote holds, commits others pushed
    // included; the branch may be a protected one, so it is judged as one. A lease is the safe
    // spelling of the same push.
    return emit(ctx, plainForce ? 'high' : 'low', 'force_push', plainForce
      ? `Force-pushes ${hasLong(args, '--all') ? 'every branch' : 'the current branch'} without a lease, overwriting whatever the remote holds; the target branch cannot be checked (--force-with-lease is the safe form).`
      : `Force-pushes ${hasLong(args, '--all') ? 'every branch' : 'the current branch'} with a lease; the target branch cannot be checked.`);
  }
  for (const b of refspecs.map(branchOf)) {
    const cls = ctx.branchClass(b);
    if (plainForce && cls === 'protected') emit(ctx, 'high', 'force_push_protected', `Force-pushes ${b}, rewriting the shared history of a protected branch.`);
    // A lease only keeps commits the agent has not fetched; the rewrite of the protected
    // branch's history is the same as without one, so it is judged the same.
    else if (cls === 'protected') emit(ctx, 'high', 'force_push_protected', `Force-pushes ${b} (with a lease), rewriting the shared history of a protected branch; it should only move through reviewed merges.`);
    else if (cls === 'shared') emit(ctx, plainForce ? 'medium' : 'low', 'force_push_shared', `Force-pushes the shared branch ${b}, rewriting history others have pulled.`);
    else if (plainForce) emit(ctx, 'low', 'force_push', `Force-pushes ${b} without a lease.`);
  }
}

/** A `-c key=value` (or GIT_CONFIG_PARAMETERS entry) on this command line matching `re`. */
function configSetOnLine(cmd: SimpleCommand, re: RegExp): boolean {
  const a = cmd.args;
  for (let i = 0; i < a.length && a[i].startsWith('-'); i++) {
    if (a[i] === '-c' && a[i + 1] !== undefined && re.test(a[++i])) return true;
    if (a[i].startsWith('-c') && a[i].length > 2 && re.test(a[i].slice(2))) return true;
    if (GIT_VALUE_OPTS.has(a[i])) i++;
  }
  const params = cmd.assignments.find((x) => x.startsWith('GIT_CONFIG_PARAMETERS='));
  return params !== undefined && params.slice(22).split(/\s+/).some((p) => re.test(p.replace(/^'|'$/g, '')));
}

/** Git's own options that run commands through configuration (`-c`, `--config-env`) and the environment's. */
function inspectGitConfigOptions(cmd: SimpleCommand, sub: string | undefined, ctx: RuleContext): void {
  const a = cmd.args;
  const gargs = gitArgs(cmd);
  const remote = sub !== undefined && (REMOTE_SUBCOMMANDS.has(sub) || (sub === 'archive' && gargs.some((x) => x.startsWith('--remote'))) || (sub === 'remote' && /^(?:update|prune|show|set-head)$/.test(gargs.slice(1).find((x) => !x.startsWith('-')) ?? '')));
  // An ssh or proxy command only runs when git talks to a remote.
  const applies = (key: string): boolean => remote || !REMOTE_ONLY_KEY.test(key);
  for (let i = 0; i < a.length && a[i].startsWith('-'); i++) {
    let setting: string | undefined;
    const unseen = a[i].startsWith('--config-env');
    if (a[i] === '-c' || a[i] === '--config-env') setting = a[++i];
    else if (a[i].startsWith('--config-env=')) setting = a[i].slice(13);
    else if (a[i].startsWith('-c') && a[i].length > 2) setting = a[i].slice(2);
    else if (GIT_VALUE_OPTS.has(a[i])) i++;
    if (setting === undefined) continue;
    const eq = setting.indexOf('=');
    const key = eq < 0 ? setting : setting.slice(0, eq);
    // `-c key` alone means key=true; `--config-env=key=VAR` takes the value from a variable.
    const value = unseen ? undefined : eq < 0 ? 'true' : setting.slice(eq + 1);
    if (applies(key)) judgeConfigSetting(ctx, key, value, unseen ? 'git --config-env' : 'git -c');
  }
  const env = new Map(cmd.assignments.map((s) => [s.slice(0, s.indexOf('=')), s.slice(s.indexOf('=') + 1)]));
  for (const [name, value] of env) {
    if (!GIT_ENV.test(name + '=')) continue;
    if (REMOTE_ONLY_ENV.test(name) && !remote) continue;
    if (/^GIT_CONFIG_(?:KEY|VALUE)_/.test(name)) continue;
    if (name === 'GIT_CONFIG_COUNT') {
      // The pairs it announces are judged like `-c key=value`; a count without readable pairs is not.
      const n = Number(value);
      if (!/^\d+$/.test(value) || n > 64) {
        emit(ctx, 'high', 'config_command_execution', `GIT_CONFIG_COUNT=${value} passes git configuration that cannot be checked.`);
        continue;
      }
      for (let k = 0; k < n; k++) {
        const key = env.get(`GIT_CONFIG_KEY_${k}`);
        if (key === undefined) {
          emit(ctx, 'high', 'config_command_execution', `GIT_CONFIG_COUNT=${value} announces GIT_CONFIG_KEY_${k}, which is not set on the line, so the configuration git reads cannot be checked.`);
          break;
        }
        if (applies(key)) judgeConfigSetting(ctx, key, env.get(`GIT_CONFIG_VALUE_${k}`) ?? '', `GIT_CONFIG_KEY_${k}=`);
      }
      continue;
    }
    if (name === 'GIT_CONFIG_PARAMETERS') judgeParameters(ctx, value, applies);
    else if (envKind(name) === 'command') judgeConfiguredCommand(ctx, name, value);
    else if (OPAQUE_ENV.test(name)) emit(ctx, 'high', 'config_command_execution', `${name} makes git run a command of the caller's choosing.`);
  }
}

/** GIT_CONFIG_PARAMETERS: each `'key=value'` entry judged like `-c key=value`. */
function judgeParameters(ctx: RuleContext, raw: string, applies: (key: string) => boolean): void {
  const pairs = configParameters(raw);
  if (pairs === undefined) return emit(ctx, 'medium', 'config_command_unseen', 'GIT_CONFIG_PARAMETERS holds git configuration that cannot be read, so the commands it may set cannot be checked.');
  for (const [key, v] of pairs) if (applies(key)) judgeConfigSetting(ctx, key, v, 'GIT_CONFIG_PARAMETERS');
}

/** Commands that set git's command-running environment for what follows (`export GIT_SSH_COMMAND=…`). */
function inspectExport(cmd: SimpleCommand, ctx: RuleContext): void {
  for (const a of cmd.args) {
    if (!GIT_ENV.test(a)) continue;
    const name = a.slice(0, a.indexOf('='));
    const value = a.slice(a.indexOf('=') + 1);
    if (envKind(name) === 'command') judgeConfiguredCommand(ctx, name, value);
    else if (name === 'GIT_CONFIG_PARAMETERS') judgeParameters(ctx, value, () => true);
    else if (!/^GIT_CONFIG_(?:KEY|VALUE)_|^GIT_CONFIG_COUNT$/.test(name)) emit(ctx, 'high', 'config_command_execution', `${name} makes git run a command of the caller's choosing.`);
  }
}

const LOSS = 'discards uncommitted work irrecoverably';

/**
 * Whether `git restore` writes the working tree, as git decides it: with neither `--staged` nor
 * `--worktree` (nor their `--no-` forms) it does; once either is given, only an explicit
 * `--worktree`/`-W` that is not undone later does (`--no-staged` alone makes git refuse to run).
 */
function restoresWorktree(options: readonly string[]): boolean {
  let staged: boolean | undefined;
  let worktree: boolean | undefined;
  for (let i = 0; i < options.length; i++) {
    const a = options[i];
    if (a === '--staged') staged = true;
    else if (a === '--no-staged') staged = false;
    else if (a === '--worktree') worktree = true;
    else if (a === '--no-worktree') worktree = false;
    else if (VALUE_LONG.has(a)) i++; // `--source TREE`, `--unified N`: the next word is a value
    else if (/^-[A-Za-z]+$/.test(a)) {
      for (let k = 1; k < a.length; k++) {
        const c = a[k];
        if (c === 's' || c === 'U') {
          if (k === a.length - 1) i++; // `-s TREE`: the value is the next word, `-sTREE` holds it
          break;
        }
        if (c === 'S') staged = true;
        else if (c === 'W') worktree = true;
      }
    }
  }
  return (staged === undefined && worktree === undefined) || worktree === true;
}

/** Whether a boolean option is on after reading the options in order (the last of on/off wins). */
function lastWins(args: readonly string[], on: (a: string) => boolean, off: (a: string) => boolean): boolean {
  let state = false;
  for (const a of args) {
    if (off(a)) state = false;
    else if (on(a)) state = true;
  }
  return state;
}

// filter-repo modes that only report or simulate: `--analyze` writes a report under .git, `--dry-run` rewrites nothing.
const FILTER_REPO_READ_ONLY = /^--(?:analyze|dry-run|help|version)$/;

export function inspectGitCommand(cmd: SimpleCommand, ctx: RuleContext, script?: Script): void {
  if ((cmd.name === 'bfg' || cmd.name === 'git-filter-repo') && !(cmd.name === 'git-filter-repo' && cmd.args.some((a) => FILTER_REPO_READ_ONLY.test(a)))) return emit(ctx, 'medium', 'history_rewrite', `${cmd.name} rewrites the whole repository history; publishing it needs a coordinated force push.`);
  if (cmd.name === 'export' || cmd.name === 'declare' || cmd.name === 'typeset') return inspectExport(cmd, ctx);
  if (cmd.name !== 'git') return;
  const args = expandAlias(cmd, gitArgs(cmd));
  // On a case-insensitive filesystem (macOS, Windows) the lookup of `git-CHECKOUT` finds
  // git-checkout; whether that build then runs it varies, so the spelling counts as the subcommand.
  const sub = args[0]?.toLowerCase();
  inspectGitConfigOptions(cmd, sub, ctx);
  const rest = expandLong(sub, args.slice(1));
  // Help only where it is an option: not after `--` (a path) nor as an option's value.
  if (splitDashDash(rest).before.some((a, i, all) => HELP.test(a) && !VALUE_LONG.has(all[i - 1]))) return;
  switch (sub) {
    case 'push':
      return inspectPush(rest, ctx, cmd, script);
    case 'reset': {
      const mode = rest.includes('--hard') ? '--hard' : rest.includes('--merge') ? '--merge' : null;
      if (mode) emit(ctx, 'high', 'reset_hard', `git reset ${mode}${rest.length > 1 ? ` ${rest.filter((a) => a !== mode).join(' ')}` : ''} ${LOSS}${rest.some((a) => /~|\^|HEAD@|^[0-9a-f]{7,}$/.test(a)) ? ' and moves the branch, dropping commits' : ''}.`);
      return;
    }
    case 'clean':
      // `-c clean.requireForce=false` makes git clean delete without -f.
      if ((hasShort(rest, 'f') || hasLong(rest, '--force') || configSetOnLine(cmd, /^clean\.requireforce=(?:false|no|off|0)$/i)) && !hasShort(rest, 'n') && !hasLong(rest, '--dry-run')) {
        emit(ctx, 'high', 'clean_force', `git clean ${rest.join(' ')} permanently deletes untracked${hasShort(rest, 'x') ? ' and ignored' : ''} files (local .env files, caches, new work).`);
      }
      return;
    case 'filter-branch':
    case 'filter-repo':
      if (sub === 'filter-repo' && rest.some((a) => FILTER_REPO_READ_ONLY.test(a))) return;
      return emit(ctx, 'medium', 'history_rewrite', `git ${sub} rewrites the repository history; publishing it needs a coordinated force push.`);
    case 'checkout': {
      const { after } = splitDashDash(rest);
      // `--recurse-submodules` takes its value only as `=VALUE`, so in `--recurse-submodules main f`
      // main is the tree-ish and f is overwritten; `--track` with paths makes git refuse to run.
      const f = flagsOf(withoutSpacedValue(rest), 'bBU', VALUE_LONG);
      if (f.flags.has('-f') || f.flags.has('--force')) return emit(ctx, 'high', 'checkout_force', `git checkout ${rest.join(' ')} ${LOSS} in the files it switches.`);
      if (f.flags.has('--pathspec-from-file')) return emit(ctx, 'high', 'discard_changes', `git checkout ${rest.join(' ')} overwrites the listed files, which ${LOSS}.`);
      if (f.flags.has('--track') || f.flags.has('-t')) return;
      const creating = f.flags.has('-b') || f.flags.has('-B') || f.flags.has('--orphan');
      const paths = after ?? (creating ? [] : f.positionals.slice(1));
      if (paths.length > 0 || (!creating && f.positionals[0] === '.')) emit(ctx, 'high', 'discard_changes', `git checkout ${rest.join(' ')} overwrites files in the working tree, which ${LOSS}.`);
      // `-B NAME START` resets an existing branch to START, as `branch -f` does (`-B NAME` alone mostly creates).
      else if (f.flags.has('-B') && after === null && f.positionals.length >= 1) emit(ctx, 'high', 'branch_force_reset', `git checkout ${rest.join(' ')} resets the branch to ${f.positionals[0]}, dropping the commits only it held, as a forced delete does.`);
      return;
    }
    case 'restore': {
      const { after } = splitDashDash(rest);
      const f = flagsOf(rest, 'sU', VALUE_LONG);
      const worktree = restoresWorktree(splitDashDash(rest).before);
      const paths = [...f.positionals, ...(after ?? [])];
      // `-p` picks hunks to throw away from every changed file; the last of -p/--no-patch wins.
      const patch = splitDashDash(rest).before.reduce((on, a) => (a === '--no-patch' ? false : a === '--patch' || /^-[a-zA-Z]*p/.test(a) ? true : on), false);
      if (worktree && (paths.length > 0 || patch || f.flags.has('--pathspec-from-file'))) emit(ctx, 'high', 'discard_changes', `git restore ${rest.join(' ')} overwrites working-tree files, which ${LOSS}.`);
      return;
    }
    case 'switch': {
      const f = flagsOf(rest, 'cC', new Set(['--create', '--force-create', '--orphan']));
      if (f.flags.has('-f') || f.flags.has('--force') || f.flags.has('--discard-changes')) emit(ctx, 'high', 'switch_force', `git switch ${rest.join(' ')} ${LOSS}.`);
      else if ((f.flags.has('-C') || f.flags.has('--force-create')) && f.positionals.length >= 1) emit(ctx, 'high', 'branch_force_reset', `git switch ${rest.join(' ')} resets the branch to ${f.positionals[0]}, dropping the commits only it held, as a forced delete does.`);
      return;
    }
    case 'checkout-index':
      // -f overwrites working-tree files with the index's copies.
      if ((hasShort(rest, 'f') || rest.includes('--force')) && (hasShort(rest, 'a') || rest.includes('--all') || positionals(rest).length > 0)) emit(ctx, 'high', 'discard_changes', `git checkout-index ${rest.join(' ')} overwrites working-tree files, which ${LOSS}.`);
      return;
    case 'read-tree':
      if (rest.includes('--reset') && (rest.includes('-u') || hasShort(rest, 'u'))) emit(ctx, 'high', 'discard_changes', `git read-tree ${rest.join(' ')} overwrites the index and working tree, which ${LOSS}.`);
      return;
    case 'submodule': {
      const op = rest.find((a) => !a.startsWith('-'));
      const after = rest.slice(rest.indexOf(op ?? '') + 1);
      if (op === 'deinit' && (hasShort(after, 'f') || after.includes('--force'))) emit(ctx, 'high', 'discard_changes', `git submodule deinit ${after.join(' ')} removes submodule working trees with their local changes, which ${LOSS}.`);
      if (op === 'foreach') {
        // The rest of the line is a shell command run in every submodule.
        const script = after.filter((a, k) => !(k === 0 && a === '--recursive') && !(k <= 1 && a === '--quiet')).join(' ');
        for (const f of ctx.inspectNested(script)) ctx.emit({ ...f, reason: `git submodule foreach runs, in every submodule: ${f.reason}` });
      }
      return;
    }
    case 'stash':
      if (rest[0] === 'clear') emit(ctx, 'high', 'stash_clear', 'git stash clear deletes every stash entry, the uncommitted work saved there.');
      else if (rest[0] === 'drop') emit(ctx, 'high', 'stash_drop', `git stash drop deletes a stash entry, the uncommitted work saved there.`);
      return;
    case 'reflog':
      if (rest[0] === 'expire' && rest.some((a) => /--expire(-unreachable)?=(now|all|0)/.test(a))) emit(ctx, 'high', 'reflog_expire', 'Expiring the reflog removes the only way to recover discarded commits.');
      else if (rest[0] === 'delete') emit(ctx, 'high', 'reflog_expire', 'Deleting reflog entries removes the way to recover discarded commits.');
      return;
    case 'branch': {
      const deleting = hasShort(rest, 'd') || rest.includes('--delete');
      const forced = hasShort(rest, 'f') || rest.includes('--force');
      const force = rest.includes('-D') || rest.some((a) => /^-[a-zA-Z]*D/.test(a)) || (deleting && forced);
      const moving = hasShort(rest, 'm') || hasShort(rest, 'c') || rest.includes('--move') || rest.includes('--copy');
      if (!force && !deleting && (rest.some((a) => /^-[a-zA-Z]*[MC]/.test(a)) || (moving && forced))) {
        // `branch -M OLD NEW` (or -C, or -m/-c with --force) overwrites NEW when it exists, which
        // cannot be seen; a protected or shared branch (main, develop) does exist. With one name
        // (`git branch -M main`, the idiom after `git init`) the current branch is renamed: allowed.
        const pos = positionals(rest);
        const cls = pos.length >= 2 ? ctx.branchClass(pos[1]) : undefined;
        if (cls === 'protected' || cls === 'shared') emit(ctx, 'high', 'branch_force_reset', `git branch ${rest.join(' ')} overwrites the ${cls} branch ${pos[1]} with ${pos[0]}, dropping the commits only ${pos[1]} held, as a forced delete does.`);
        return;
      }
      if (forced && !force && !hasShort(rest, 'm') && !hasShort(rest, 'c') && !rest.includes('--move') && !rest.includes('--copy')) {
        // `branch -f NAME [START]` moves an existing branch: its commits survive only in the reflog.
        const b = positionals(rest)[0];
        // The commits only that branch held are dropped, as by `branch -D`: judged the same.
        if (b) emit(ctx, 'high', 'branch_force_reset', `git branch ${rest.join(' ')} moves the existing branch ${b}, dropping the commits only it held, as a forced delete does.`);
        return;
      }
      // Without a branch name (and no input to supply one) git stops: "branch name required".
      if (!force || (positionals(rest).length === 0 && !cmd.dynamicArgs)) return;
      const b = positionals(rest).find((x) => ctx.branchClass(x) === 'protected');
      emit(ctx, 'high', b ? 'delete_protected_branch' : 'branch_force_delete', `Force-deletes the local branch ${b ?? positionals(rest).join(' ')}, losing commits not merged elsewhere.`);
      return;
    }
    case 'update-ref': {
      const pos = positionals(rest, new Set(['-m']));
      // `update-ref -d refs/heads/X` is `branch -D X` in plumbing: the ref goes whether or not its
      // commits are merged anywhere, so it is judged the same way.
      if (rest.includes('-d')) {
        const heads = pos.filter((r) => /^refs\/heads\/./.test(r));
        const b = heads.map(branchOf).find((x) => ctx.branchClass(x) === 'protected');
        if (heads.length) emit(ctx, 'high', b ? 'delete_protected_branch' : 'branch_force_delete', `git update-ref -d deletes the branch ${b ?? heads[0].slice(11)} without checking that its commits are merged, as \`git branch -D\` does.`);
        return;
      }
      // `update-ref refs/heads/X NEW` moves a branch, as `branch -f` does.
      if (!rest.includes('-d') && !rest.includes('--stdin') && pos.length >= 2 && /^refs\/heads\//.test(pos[0])) emit(ctx, 'high', 'branch_force_reset', `git update-ref ${pos.join(' ')} moves the branch ${pos[0].slice(11)}, dropping the commits only it held, as a forced delete does.`);
      return;
    }
    case 'rm': {
      const before = splitDashDash(rest).before;
      // Git's options are read left to right and the last of `--x` / `--no-x` wins.
      const force = lastWins(before, (a) => a === '--force' || /^-[a-zA-Z]*f/.test(a), (a) => a === '--no-force');
      const cached = lastWins(before, (a) => a === '--cached', (a) => a === '--no-cached');
      const dryRun = lastWins(before, (a) => a === '--dry-run' || /^-[a-zA-Z]*n/.test(a), (a) => a === '--no-dry-run');
      const named = positionals(before).length > 0 || splitDashDash(rest).after?.length || cmd.dynamicArgs || before.some((a) => a.startsWith('--pathspec-from-file'));
      if (force && !cached && !dryRun && named) emit(ctx, 'high', 'rm_force', `git rm ${rest.join(' ')} deletes files together with their uncommitted changes.`);
      return;
    }
    case 'worktree':
      if (rest[0] === 'remove' && (hasShort(rest, 'f') || rest.includes('--force')) && (positionals(rest.slice(1)).length > 0 || cmd.dynamicArgs)) emit(ctx, 'high', 'worktree_remove_force', `git worktree remove ${rest.slice(1).join(' ')} deletes a worktree with its uncommitted changes.`);
      return;
    case 'tag':
      if ((hasShort(rest, 'd') || rest.includes('--delete')) && (positionals(rest).length > 0 || cmd.dynamicArgs)) emit(ctx, 'medium', 'tag_delete', `git tag ${rest.join(' ')} deletes a tag.`);
      return;
    case 'rebase':
    case 'merge':
    case 'cherry-pick':
      if (rest.includes('--abort')) emit(ctx, 'medium', 'abort', `git ${sub} --abort resets the working tree, which can discard uncommitted changes.`);
      return;
    case 'clone': {
      // `git clone -c core.fsmonitor=… URL` writes the setting into the new repository's config:
      // the command it names runs at the first `git status` there, as `git config` would make it.
      for (let i = 0; i < rest.length; i++) {
        const a = rest[i];
        const setting = a === '-c' || a === '--config' ? rest[++i] : a.startsWith('--config=') ? a.slice(9) : /^-c./.test(a) ? a.slice(2) : undefined;
        if (setting === undefined) continue;
        const eq = setting.indexOf('=');
        judgeConfigSetting(ctx, eq < 0 ? setting : setting.slice(0, eq), eq < 0 ? 'true' : setting.slice(eq + 1), 'git clone --config');
      }
      return;
    }
    case 'config': {
      // `git config [set] [--global|--local|--file F] KEY VALUE`; reads (--get, --list, …) set nothing.
      if (rest.some((a) => /^(?:--get(?:-all|-regexp|-urlmatch|-color|colorbool)?|--unset(?:-all)?|-l|--list|--remove-section|--rename-section|-e|--edit)$/.test(a))) return;
      const pos = positionals(rest, CONFIG_VALUE_OPTS);
      const words = pos[0] === 'set' ? pos.slice(1) : /^(?:get|list|unset|remove-section|rename-section|edit)$/.test(pos[0] ?? '') ? [] : pos;
      if (words.length >= 2) judgeConfigSetting(ctx, words[0], words[1], 'git config');
      return;
    }
  }
}
