// Prefix commands that run another command (`sudo`, `env`, `nohup`, `xargs`, …) are peeled
// off so rules see the program that really runs. Commands that carry a whole script in an
// argument (`bash -c`, `eval`, `su -c`, `powershell -Command`, `ssh host cmd`, `find -exec`)
// are reported as nested sources for the parser to recurse into.
import { lex, matchParen } from './lexer.js';
import { makefileFromStdin, makefileRecipes } from './makefile.js';
import { FD_PROGRAMS, fdInvocation } from './fd-options.js';
import { parallelOptions } from './parallel-options.js';
import { shellInvocation, stdinShellOpener } from './shell-args.js';
import { resolveSubstitutions, substitutionOutput } from './static-text.js';
import type { Word } from './types.js';

export interface Unwrapped {
  argv: Word[];
  assignments: string[];
  elevated: boolean;
  wrappers: string[];
  dynamicArgs: boolean;
  /** The string xargs/parallel replace with each input (`-I X`, `--replace`, parallel's `{}`); undefined when inputs are appended. */
  replaceString?: string;
  /** The directory a wrapper runs the program in (`env -C DIR`, `sudo -D DIR`), as written. */
  chdir?: string;
  /** xargs/parallel read their inputs from a file (`-a F`, `--arg-file=F`), not from the pipe. */
  inputFromFile?: boolean;
  /** `parallel --env NAME`: the names each job's shell takes from the caller's environment. */
  callerEnv?: string[];
  /** systemd-run's timer option (`--on-calendar=hourly`): the command runs later and again, not now. */
  timer?: string;
}

const ARG_FILE = /^(?:-a.*|--arg-file(?:=.*)?)$/;

/** The directory named by a wrapper's change-directory option among its options `opts`. */
function chdirOption(name: string, opts: Word[]): string | undefined {
  const short = name === 'env' ? '-C' : name === 'sudo' ? '-D' : undefined;
  if (!short) return undefined;
  let dir: string | undefined;
  for (let k = 0; k < opts.length; k++) {
    const t = opts[k].text;
    if (t === short || t === '--chdir') dir = opts[k + 1]?.text;
    else if (t.startsWith('--chdir=')) dir = t.slice(8);
    else if (t.startsWith(short) && t.length > 2) dir = t.slice(2);
  }
  return dir;
}

export type Nested =
  | { kind: 'source'; src: string; origin: 'shell-c' | 'eval' | 'remote' | 'heredoc'; elevated: boolean; via?: string; noexecStops?: boolean; cwd?: string }
  | { kind: 'argv'; argv: Word[]; origin: 'find-exec' };
type NestedSource = Extract<Nested, { kind: 'source' }>;

const SHELL_VARIABLE = /^\$\{?(?:SHELL|BASH|ZSH_NAME|0)\}?$/;

/** True when `t` is its own program name: no separator, upper-case or non-ASCII letter, `$` or `.exe`. */
function plainName(t: string): boolean {
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c === 47 /* / */ || c === 92 /* \ */ || c === 36 /* $ */ || c === 39 /* ' */ || c === 34 /* " */ || (c >= 65 && c <= 90) || c >= 128) return false;
  }
  return !(t.charCodeAt(t.length - 1) === 101 /* e */ && t.endsWith('.exe')); // the cheap test first: this runs for every command
}

export function programName(word: Word | undefined): string {
  if (!word) return '';
  const t = word.text;
  // Most program names are already plain (`git`, `npm`): no regex, slicing or lower-casing.
  if (plainName(t)) return t;
  // `$SHELL -c …` and `${SHELL} -c …` run the user's shell.
  if (SHELL_VARIABLE.test(t)) return 'sh';
  const cut = Math.max(t.lastIndexOf('/'), t.lastIndexOf('\\'));
  // A quote left in the name by quoting bash would refuse (`'curl … | sh'` after a stray `\'`
  // inside single quotes) is read as the program it spells: the stricter reading.
  const base = (cut >= 0 ? t.slice(cut + 1) : t).toLowerCase().replace(/^['"]+|['"]+$/g, '');
  return base.endsWith('.exe') ? base.slice(0, -4) : base;
}

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
const NO_VALUES: ReadonlySet<string> = new Set();
// Options of each wrapper that consume the following word as their value.
const VALUE_OPTIONS: Record<string, Set<string>> = {
  sudo: new Set(['-u', '-g', '-h', '-p', '-C', '-D', '-r', '-t', '-T', '-U', '--user', '--group', '--host', '--prompt', '--chdir']),
  doas: new Set(['-u', '-C']),
  env: new Set(['-u', '-C', '-P', '-a', '--unset', '--chdir', '-S', '--split-string', '--argv0']),
  nice: new Set(['-n', '--adjustment']),
  ionice: new Set(['-c', '-n', '-p', '--class', '--classdata']),
  timeout: new Set(['-s', '-k', '--signal', '--kill-after']),
  xargs: new Set(['-I', '-n', '-P', '-L', '-s', '-d', '-E', '-a', '-J', '-R', '-S', '--max-args', '--max-procs', '--max-chars', '--max-lines', '--delimiter', '--arg-file', '--process-slot-var']),
  exec: new Set(['-a']),
  stdbuf: new Set(['-i', '-o', '-e']),
  watch: new Set(['-n', '--interval', '-d']),
  flock: new Set(['-w', '-E']),
};
const ELEVATING = new Set(['sudo', 'doas', 'pkexec', 'run0', 'gosu']);
const PLAIN_PREFIXES = new Set(['nohup', 'time', 'builtin', 'unbuffer', 'chronic', 'torsocks', 'proxychains', 'proxychains4', 'busybox']);
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'ash', 'mksh', 'fish', 'rbash']);

/**
 * Programs that run the command written after them: process, scheduling, tracing and sandbox
 * tools, and language or environment runners (issue #16: the command is judged, whatever
 * runs it). `sub` is the subcommand that selects the running mode (`poetry run`); `values` the
 * options that take the next word; `operands` the words before the command (`chrt PRIO cmd`,
 * `chroot DIR cmd`); `after` an option after which the command starts (`nix develop -c cmd`,
 * `mise exec TOOLS -- cmd`). With nothing after them the runner itself is the command.
 */
interface Runner {
  /** The subcommand, or the subcommands that each select it (`pnpm exec`, `pnpm dlx`). */
  sub?: string | readonly string[];
  values?: readonly string[];
  operands?: number;
  after?: readonly string[];
}
// systemd-run's options that make a transient timer instead of running the command now.
const SYSTEMD_TIMER = /^--on-(?:active|boot|startup|unit-active|unit-inactive|calendar|clock-change|timezone-change)(?:=|$)/;
const TIMEOUT_VALUES = ['-s', '-k', '--signal', '--kill-after'];
const RUNNERS = new Map<string, Runner>([
  // process attributes, scheduling, tracing, sandboxes
  ['chrt', { values: ['-T', '-P', '-D', '--sched-runtime', '--sched-period', '--sched-deadline'], operands: 1 }],
  ['taskset', { operands: 1 }],
  ['numactl', { values: ['-C', '-N', '-m', '-p', '-i', '--physcpubind', '--cpunodebind', '--membind', '--preferred', '--interleave'] }],
  ['cpulimit', { values: ['-l', '--limit', '-p', '--pid', '-e', '--exe', '-c', '--cpu'] }],
  ['trickle', { values: ['-d', '-u', '-w', '-t', '-l', '-n'] }],
  ['setsid', {}],
  ['caffeinate', { values: ['-t', '-w'] }],
  ['strace', { values: ['-e', '-o', '-p', '-s', '-u', '-E', '-P', '-a', '-b', '-I', '-O', '-S', '-X'] }],
  ['ltrace', { values: ['-e', '-o', '-p', '-s', '-u', '-a', '-A', '-D', '-L', '-n', '-w', '-x', '-F'] }],
  ['valgrind', {}],
  ['catchsegv', {}],
  ['faketime', { values: ['-p'], operands: 1 }],
  ['gtimeout', { values: TIMEOUT_VALUES, operands: 1 }],
  ['firejail', {}],
  ['unshare', { values: ['-S', '--setuid', '-G', '--setgid', '-R', '--root', '-w', '--wd'] }],
  ['nsenter', { values: ['-t', '--target', '-S', '--setuid', '-G', '--setgid', '-r', '--root', '-w', '--wd'] }],
  ['chroot', { values: ['--userspec', '--groups'], operands: 1 }],
  ['fakeroot', { values: ['-l', '--lib', '--faked', '-s', '-i'] }],
  ['systemd-run', { values: ['-u', '--unit', '-p', '--property', '-E', '--setenv', '--description', '--slice', '-M', '--machine', '-H', '--host', '--uid', '--gid', '--nice', '-D', '--working-directory', '--on-active', '--on-boot', '--on-startup', '--on-unit-active', '--on-unit-inactive', '--on-calendar', '--timer-property', '--path-property', '--socket-property', '--service-type'] }],
  ['tsp', { values: ['-L', '-D', '-N'] }],
  ['daemonize', { values: ['-a', '-c', '-e', '-E', '-o', '-p', '-l', '-u'] }],
  ['dbus-run-session', { values: ['--config-file', '--dbus-daemon'] }],
  ['xvfb-run', { values: ['-n', '--server-num', '-s', '--server-args', '-e', '--error-file', '-f', '--auth-file', '-p', '--xauth-protocol', '-w', '--wait'] }],
  ['dumb-init', { values: ['-r', '--rewrite'] }],
  ['tini', { values: ['-p', '-e'] }],
  ['with-contenv', {}],
  ['chpst', { values: ['-u', '-U', '-b', '-e', '-/', '-n', '-l', '-L', '-m', '-d', '-o', '-p', '-f', '-c', '-t'] }],
  ['s6-setuidgid', { operands: 1 }],
  ['setpriv', { values: ['--reuid', '--regid', '--ruid', '--rgid', '--euid', '--egid', '--groups', '--inh-caps', '--ambient-caps', '--bounding-set', '--securebits', '--selinux-label', '--apparmor-profile'] }],
  ['runuser', { values: ['-u', '--user', '-g', '--group', '-G', '--supp-group', '-s', '--shell', '-w', '--whitelist-environment'] }],
  ['su-exec', { operands: 1 }],
  ['toybox', {}],
  ['screen', { values: ['-S', '-t', '-c', '-h', '-e', '-p', '-T', '-Logfile'] }],
  ['xterm', { after: ['-e'] }],
  ['uxterm', { after: ['-e'] }],
  ['urxvt', { after: ['-e'] }],
  ['konsole', { after: ['-e'] }],
  ['alacritty', { after: ['-e', '--command'] }],
  ['gnome-terminal', { after: ['--', '-x'] }],
  ['kitty', { values: ['-o', '--override', '--title', '-T', '--directory', '-d', '--class', '--name', '--session', '--config', '-c'] }],
  ['rlwrap', {}],
  ['entr', {}],
  // language and environment runners
  // (`dlx`, `bunx` and `bun x` fetch a package and run it, as npx does: the command is judged the same.)
  ['npx', { values: ['-p', '--package'] }],
  ['bunx', { values: ['-p', '--package'] }],
  ['bun', { sub: 'x', values: ['-p', '--package'] }],
  ['npm', { sub: 'exec', values: ['-p', '--package', '-w', '--workspace'] }],
  ['pnpm', { sub: ['exec', 'dlx'], values: ['-p', '--package', '-C', '--dir', '--filter'] }],
  ['yarn', { sub: ['exec', 'dlx'], values: ['-p', '--package'] }],
  ['uv', { sub: 'run', values: ['--with', '-w', '--python', '-p', '--package', '--extra', '--group', '--env-file', '--directory', '--project', '--index', '--with-requirements'] }],
  ['poetry', { sub: 'run' }],
  ['pipenv', { sub: 'run' }],
  ['pdm', { sub: 'run' }],
  ['rye', { sub: 'run' }],
  ['hatch', { sub: 'run' }],
  ['pixi', { sub: 'run', values: ['-e', '--environment', '--manifest-path'] }],
  ['bundle', { sub: 'exec' }],
  ['conda', { sub: 'run', values: ['-n', '--name', '-p', '--prefix', '--cwd'] }],
  ['micromamba', { sub: 'run', values: ['-n', '--name', '-p', '--prefix', '--cwd'] }],
  ['direnv', { sub: 'exec', operands: 1 }],
  ['asdf', { sub: 'exec' }],
  ['rbenv', { sub: 'exec' }],
  ['pyenv', { sub: 'exec' }],
  ['fnm', { sub: 'exec', values: ['--using'] }],
  ['volta', { sub: 'run', values: ['--node', '--npm', '--yarn', '--pnpm', '--env'] }],
  ['devbox', { sub: 'run' }],
  ['mise', { after: ['--'] }],
  ['nix', { after: ['-c', '--command'] }],
  ['op', { sub: 'run', values: ['--env-file', '--account'] }],
  ['doppler', { sub: 'run', values: ['-p', '--project', '-c', '--config', '--token', '--scope'] }],
  ['aws-vault', { sub: 'exec', values: ['-d', '--duration', '-t', '--mfa-token', '-r', '--region', '--prompt'], operands: 1 }],
  ['dotenv', { values: ['-e', '-v', '-c'] }],
]);

const TERMINALS = new Set(['xterm', 'uxterm', 'urxvt', 'konsole', 'alacritty']);

/** The words' texts. */
function texts(words: readonly Word[]): string[] {
  return words.map((w) => w.text);
}

/** `words` with everything from `at` on replaced by `sh -c '<those words joined>'`. */
function asShellC(words: Word[], at: number): Word[] {
  const rest = words.slice(at);
  const subs = rest.flatMap((w) => w.subs);
  return [...words.slice(0, at), { text: 'sh', quoted: false, subs: [] }, { text: '-c', quoted: false, subs: [] }, { text: rest.map((w) => w.text).join(' '), quoted: true, subs }];
}

function isSub(sub: string | readonly string[], word: string | undefined): boolean {
  return word !== undefined && (typeof sub === 'string' ? word === sub : sub.includes(word));
}

/** Where the command a runner runs starts, or -1 when this use of the program runs none. */
function runnerStart(words: Word[], i: number, r: Runner): number {
  let k = i + 1;
  if (r.sub !== undefined) {
    if (!isSub(r.sub, words[k]?.text)) return -1;
    k++;
  }
  if (r.after) {
    for (let j = k; j < words.length; j++) if (r.after.includes(words[j].text)) return j + 1;
    return -1;
  }
  while (k < words.length) {
    const t = words[k].text;
    if (t === '--') {
      k++;
      break;
    }
    if (!t.startsWith('-') || t === '-') break;
    // A value option alone or at the end of a cluster (`screen -dmS name`) takes the next word.
    k += r.values?.includes(t) || (/^-[A-Za-z]{2,}$/.test(t) && r.values?.includes(`-${t[t.length - 1]}`)) ? 2 : 1;
  }
  k += r.operands ?? 0;
  return words[k]?.text === '--' ? k + 1 : k;
}

/**
 * Programs that hand a command string to a shell: the option that carries it (`script -c STR`,
 * `nix-shell --run STR`, `npx -c STR`, `runuser USER -c STR`), or `sg GROUP [-c] STR`.
 */
const SCRIPT_OPTIONS = new Map<string, { sub?: string; options: readonly string[] }>([
  ['script', { options: ['-c', '--command'] }],
  ['nix-shell', { options: ['--run', '--command'] }],
  ['runuser', { options: ['-c', '--command'] }],
  ['npx', { options: ['-c', '--call'] }],
  ['npm', { sub: 'exec', options: ['-c', '--call'] }],
  ['doppler', { sub: 'run', options: ['--command'] }],
  ['entr', { options: ['-s'] }],
  ['flock', { options: ['-c', '--command'] }],
  ['tmux', { options: [] }],
]);
// tmux commands that start a shell command, their options that take a value, and send-keys.
const TMUX_RUN = /^(?:new-session|new|new-window|neww|split-window|splitw|respawn-pane|respawnp|respawn-window|respawnw|run-shell|run|display-popup|popup)$/;
const TMUX_VALUES = new Set(['-s', '-n', '-t', '-c', '-x', '-y', '-e', '-F', '-l', '-p', '-f', '-w', '-h', '-T', '-d', '-b', '-S', '-L']);
const TMUX_FLAGS = new Set(['-d', '-A', '-D', '-E', '-P', '-X', '-b', '-f', '-h', '-v', '-I', '-Z', '-k', '-a', '-C', '-B']);
const TMUX_KEYS: Record<string, string> = { Enter: '\n', 'C-m': '\n', KPEnter: '\n', 'C-j': '\n' };

/** The shell text a tmux command line runs or types into a pane. */
function tmuxScript(args: readonly string[]): string | undefined {
  let k = 0;
  while (k < args.length && /^-[LSf]$/.test(args[k])) k += 2; // global -L socket, -S path, -f file
  const sub = args[k];
  if (sub === undefined) return undefined;
  const rest = args.slice(k + 1);
  let j = 0;
  const send = sub === 'send-keys' || sub === 'send';
  while (j < rest.length && rest[j].startsWith('-') && rest[j] !== '--') {
    const flag = rest[j];
    j += !TMUX_FLAGS.has(flag) && (TMUX_VALUES.has(flag) || (send && /^-[tN]$/.test(flag))) ? 2 : 1;
  }
  if (rest[j] === '--') j++;
  const words = rest.slice(j);
  if (words.length === 0) return undefined;
  if (send) return words.map((w) => (Object.hasOwn(TMUX_KEYS, w) ? TMUX_KEYS[w] : w)).join(' ');
  return TMUX_RUN.test(sub) ? words.join(' ') : undefined;
}

/** The command string such a program runs, if any. */
function scriptOf(name: string, args: readonly string[]): string | undefined {
  if (name === 'tmux') return tmuxScript(args);
  if (name === 'sg' || name === 'newgrp') {
    if (name === 'newgrp' || args.length < 2) return undefined;
    const rest = args.slice(args[0] === '-' ? 2 : 1);
    return (rest[0] === '-c' ? rest.slice(1) : rest).join(' ') || undefined;
  }
  const spec = SCRIPT_OPTIONS.get(name);
  if (!spec || (spec.sub !== undefined && args[0] !== spec.sub)) return undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (spec.options.includes(a)) return args[i + 1];
    const eq = a.indexOf('=');
    if (eq > 0 && spec.options.includes(a.slice(0, eq))) return a.slice(eq + 1);
    // Combined short flags ending in the option (`script -qc STR`).
    const short = spec.options.find((o) => o.length === 2);
    if (short && /^-[a-zA-Z]+$/.test(a) && a.length > 2 && a.endsWith(short[1])) return args[i + 1];
  }
  return undefined;
}

/** Skips the options of a wrapper; returns the index of the wrapped program. */
/** The user `sudo -u USER` / `--user=USER` / `doas -u USER` runs as, when the options name one. */
function targetUser(opts: Word[]): string | undefined {
  for (let k = 0; k < opts.length; k++) {
    const t = opts[k].text;
    if (t === '-u' || t === '--user') return opts[k + 1]?.text;
    if (t.startsWith('--user=')) return t.slice(7);
    if (/^-u./.test(t)) return t.slice(2);
  }
  return undefined;
}

/** Whether a short-option cluster (`-iu`) ends in an option that takes the next word as its value. */
function clusterTakesNext(t: string, withValue: ReadonlySet<string>): boolean {
  if (!/^-[A-Za-z]{2,}$/.test(t)) return false;
  for (let k = 1; k < t.length; k++) if (withValue.has(`-${t[k]}`)) return k === t.length - 1;
  return false;
}

function skipOptions(words: Word[], start: number, name: string): number {
  const withValue = VALUE_OPTIONS[name] ?? NO_VALUES;
  let i = start;
  while (i < words.length) {
    const t = words[i].text;
    if (t === '--') return i + 1;
    // `env -` is `env -i`: it empties the environment and runs the program after it.
    if (name === 'env' && (ASSIGNMENT.test(t) || t === '-')) {
      i++;
      continue;
    }
    if (!t.startsWith('-') || t === '-') break;
    // A value option alone, or first met last in a cluster, takes the next word (`sudo -iu root`);
    // met earlier in a cluster it takes the rest of it (`sudo -uroot`).
    i += withValue.has(t) || (ELEVATING.has(name) && clusterTakesNext(t, withValue)) ? 2 : 1;
  }
  return i;
}

const PLACEHOLDER_WORD = /^\{(?:\d*|\.|\/|\/\/|\/\.|#|%)\}$/;
const PLACEHOLDER = /\{(?:\d*|\.|\/|\/\/|\/\.)\}/;
const PLACEHOLDER_ALL = /\{(?:\d*|\.|\/|\/\/|\/\.)\}/g;

/** The replace string xargs substitutes (`-I X`, `-IX`, `-i`, `--replace[=X]`, BSD `-J X`). */
function xargsReplaceString(opts: Word[]): string | undefined {
  let found: string | undefined;
  for (let k = 0; k < opts.length; k++) {
    const t = opts[k].text;
    if (t === '-I' || t === '-J') found = opts[k + 1]?.text;
    else if (/^-[IJ]./.test(t)) found = t.slice(2);
    else if (t === '-i' || t === '--replace') found = '{}';
    else if (t.startsWith('--replace=')) found = t.slice(10);
    else if (/^-i./.test(t)) found = t.slice(2);
  }
  return found || undefined;
}

/**
 * The empty assignment and wrapper lists of the common case, shared: nothing appends to a
 * command's lists once it is made (only the loop below fills its own fresh ones). Not frozen,
 * so these arrays keep the same elements kind as every other list the rules read.
 */
const NO_STRINGS: string[] = [];
/** The common answer of nestedCommands, shared likewise (its one caller only iterates it). */
const NO_NESTED: Nested[] = [];

/** Every program name the loop below peels off or treats specially. */
// Every program the loop below peels off (its branches, the runner table and the programs given
// a command string): a name not in it skips the loop, so a new branch must add its name here.
/** Programs the loop below handles in a branch of their own (not through the runner table). */
const OWN_BRANCH = ['env', 'nice', 'ionice', 'stdbuf', 'exec', 'flock', 'timeout', 'watch', 'command', 'xargs', 'parallel', 'wsl'];
const WSL_VALUE_OPTIONS = new Set(['-d', '--distribution', '-u', '--user', '--cd', '--shell-type', '--distribution-id']);
export const WRAPPER_NAMES = new Set([...ELEVATING, ...PLAIN_PREFIXES, ...RUNNERS.keys(), ...SCRIPT_OPTIONS.keys(), ...TERMINALS, ...OWN_BRANCH]);

// Programs that run a command only after one subcommand (`npm exec`, `poetry run`) and are no
// other kind of wrapper: with another word after them (`npm run build`, `npm test`) the loop below
// peels nothing off, so they take the fast path too (an `npm …` line was a quarter of the
// 100 KB benchmark script, and each went through the loop and its word copies).
const SUB_ONLY = new Map<string, string | readonly string[]>();
for (const [name, r] of RUNNERS) {
  const script = SCRIPT_OPTIONS.get(name);
  if (r.sub === undefined || (script && script.sub !== r.sub) || ELEVATING.has(name) || PLAIN_PREFIXES.has(name) || TERMINALS.has(name)) continue;
  if (OWN_BRANCH.includes(name) || name === 'tmux' || name === 'sg' || name === 'newgrp') continue;
  SUB_ONLY.set(name, r.sub);
}

/** scriptOf for the words after `words[i]`, without copying them when the subcommand rules it out. */
function scriptAfter(name: string, words: Word[], i: number): string | undefined {
  const spec = SCRIPT_OPTIONS.get(name);
  if (!spec && name !== 'sg' && name !== 'newgrp') return undefined;
  if (spec?.sub !== undefined && words[i + 1]?.text !== spec.sub) return undefined;
  return scriptOf(name, words.slice(i + 1).map((w) => w.text));
}

const PS_VARIABLE = /^\$[A-Za-z_][A-Za-z0-9_]*$/;
// A bare word that names a command (`Get-Date`, `hostname`), not a value (`3`, `$true`, `"text"`).
const PS_COMMAND_WORD = /^[A-Za-z][A-Za-z0-9_.-]*$/;

export function unwrapPrefixes(input: Word[]): Unwrapped {
  // Most commands start with their program (no assignment, no wrapper): nothing to peel off.
  const head = input[0]?.text;
  // PowerShell's `$c = Get-Secret -Name prod -AsPlainText`: the command after `=` runs and its output is assigned.
  if (head !== undefined && head.charCodeAt(0) === 36 && input.length > 2 && input[1].text === '=' && PS_VARIABLE.test(head) && (input.length > 3 || (!input[2].quoted && PS_COMMAND_WORD.test(input[2].text)))) {
    return unwrapPrefixes(input.slice(2));
  }
  if (head !== undefined && !(head.indexOf('=') > 0 && ASSIGNMENT.test(head))) {
    const name = programName(input[0]);
    if (!WRAPPER_NAMES.has(name) || (SUB_ONLY.has(name) && !isSub(SUB_ONLY.get(name)!, input[1]?.text))) {
      return { argv: input, assignments: NO_STRINGS, elevated: false, wrappers: NO_STRINGS, dynamicArgs: false };
    }
  }
  let words = input;
  const out: Unwrapped = { argv: words, assignments: [], elevated: false, wrappers: [], dynamicArgs: false };
  let i = 0;
  let lastWrapper = -1;
  for (let guard = 0; guard < 16 && i < words.length; guard++) {
    const t = words[i].text;
    const before = out.wrappers.length;
    const at = i;
    if (t.indexOf('=') > 0 && ASSIGNMENT.test(t)) {
      out.assignments.push(t);
      i++;
      continue;
    }
    const name = programName(words[i]);
    // A program given its command as a string (`flock F -c STR`, `npx -c STR`) is parsed as such.
    if (SCRIPT_OPTIONS.has(name) && scriptAfter(name, words, i) !== undefined) break;
    if (ELEVATING.has(name)) {
      const before = out.elevated;
      out.elevated = true;
      out.wrappers.push(name);
      const from = i + 1;
      i = skipOptions(words, from, name);
      // `sudo -u postgres …` runs as another ordinary user, not as root.
      const user = (name === 'sudo' || name === 'doas') ? targetUser(words.slice(from, i)) : undefined;
      if (user !== undefined && !/^(?:root|#?0)$/.test(user)) out.elevated = before;
      out.chdir = chdirOption(name, words.slice(from, i)) ?? out.chdir;
      if (name === 'gosu') i++; // gosu USER cmd
      // `sudo -s 'CMD'` / `sudo -i 'CMD'` run the string through the target user's shell.
      else if (name === 'sudo' && i === words.length - 1 && words.slice(from, i).some((w) => /^-[A-Za-z]*[is][A-Za-z]*$/.test(w.text) || w.text === '--shell' || w.text === '--login')) words = asShellC(words, i);
    } else if (name === 'env' && words.slice(i + 1).some((w) => w.text === '-S' || w.text === '--split-string' || w.text.startsWith('--split-string=') || /^-S./.test(w.text))) {
      // env -S 'prog args': the string is split into words and run.
      out.wrappers.push(name);
      let k = i + 1;
      while (k < words.length && !(words[k].text === '-S' || words[k].text === '--split-string' || words[k].text.startsWith('--split-string=') || /^-S./.test(words[k].text))) k++;
      const w = words[k];
      const inline = w.text.startsWith('--split-string=') ? w.text.slice(15) : w.text.startsWith('-S') && w.text.length > 2 ? w.text.slice(2) : undefined;
      const str = inline ?? words[k + 1]?.text ?? '';
      // env splits at blanks and removes quotes as a shell would (`-S 'sh -c "rm -rf $HOME"'` is three words).
      const split = lex(str, 256).tokens.flatMap((t) => (t.t === 'word' ? [{ text: t.text, quoted: t.quoted, subs: w.subs }] : []));
      words = [...words.slice(0, i + 1), ...split, ...words.slice(k + (inline === undefined ? 2 : 1))];
      i = i + 1;
    } else if (name === 'env' || name === 'nice' || name === 'ionice' || name === 'stdbuf' || name === 'exec' || name === 'flock') {
      out.wrappers.push(name);
      const from = i + 1;
      i = skipOptions(words, from, name);
      out.chdir = chdirOption(name, words.slice(from, i)) ?? out.chdir;
      // `env NAME=VALUE cmd` sets the variable for cmd as a prefix assignment does.
      if (name === 'env') for (let k = from; k < i; k++) if (ASSIGNMENT.test(words[k].text) && !VALUE_OPTIONS.env.has(words[k - 1].text)) out.assignments.push(words[k].text);
      if (name === 'flock') i++; // flock FILE cmd
    } else if (name === 'timeout') {
      out.wrappers.push(name);
      i = skipOptions(words, i + 1, name) + 1; // the duration
    } else if (name === 'watch') {
      out.wrappers.push(name);
      const from = i + 1;
      i = skipOptions(words, from, name);
      // watch joins its arguments and runs them with `sh -c`, unless -x/--exec. One string is read
      // as that script; several words are judged as the program they name (`watch sh -c 'cmd'`
      // loses its quoting in the join, but judging the words as written can only be stricter).
      if (i === words.length - 1 && !words.slice(from, i).some((w) => w.text === '-x' || w.text === '--exec' || /^-[a-z]*x/.test(w.text))) words = asShellC(words, i);
    } else if (name === 'command') {
      // `command -v x` only looks a program up; anything else runs it.
      if (words[i + 1] && /^-[vV]$/.test(words[i + 1].text)) break;
      out.wrappers.push(name);
      i = skipOptions(words, i + 1, name);
    } else if (name === 'xargs') {
      out.wrappers.push(name);
      out.dynamicArgs = true;
      const from = i + 1;
      i = skipOptions(words, from, name);
      out.replaceString = xargsReplaceString(words.slice(from, i)) ?? out.replaceString;
      if (words.slice(from, i).some((w) => ARG_FILE.test(w.text))) out.inputFromFile = true;
    } else if (name === 'parallel' && !parallelOptions(texts(words), i + 1).dryRun) {
      // parallel [options] command ::: inputs — each input replaces {} / {1} / {.} in the
      // command, or is appended to it; without ::: the inputs come from stdin like xargs.
      // With no command at all, each input is itself a command line (see nestedCommands).
      const opts = parallelOptions(texts(words), i + 1);
      const first = opts.end;
      if (first < words.length && /^:::/.test(words[first].text)) break;
      out.wrappers.push(name);
      if (opts.env.length) out.callerEnv = opts.env;
      i = first;
      const sep = words.findIndex((w, k) => k >= i && (w.text === ':::' || w.text === '::::' || w.text === ':::+' || w.text === '::::+'));
      if (sep < 0) {
        out.dynamicArgs = true;
        // parallel's default replace string is {}.
        out.replaceString = opts.replace ?? '{}';
        if (opts.argFile) out.inputFromFile = true;
        // parallel runs the command it composes with a shell: one word holding a command line
        // (`parallel --nonall -S hosts 'sudo rm -rf /x'`) is that command line.
        if (i === words.length - 1 && /\s/.test(words[i].text.trim())) words = asShellC(words, i);
      }
      else {
        const inputs = words.slice(sep + 1).filter((w) => !w.text.startsWith(':::'));
        const template = words.slice(i, sep);
        if (template.length === 0) {
          words = [...words.slice(0, i), ...inputs];
        } else {
          const filled: Word[] = [];
          let placed = false;
          for (const w of template) {
            if (PLACEHOLDER_WORD.test(w.text)) {
              filled.push(...inputs);
              placed = true;
            } else if (PLACEHOLDER.test(w.text)) {
              filled.push({ ...w, text: w.text.replace(PLACEHOLDER_ALL, inputs.map((x) => x.text).join(' ')) });
              placed = true;
            } else filled.push(w);
          }
          if (!placed) filled.push(...inputs);
          words = [...words.slice(0, i), ...filled];
          if (template.length === 1 && /\s/.test(template[0].text.trim())) words = asShellC(words, i);
        }
      }
    } else if (name === 'wsl') {
      // `wsl [-d DISTRO] [-u USER] [--cd DIR] (-e|--exec) prog args` runs the program in Linux;
      // without -e the rest of the line (after `--`, if given) goes to the Linux default shell.
      let k = i + 1;
      while (k < words.length && WSL_VALUE_OPTIONS.has(words[k].text.toLowerCase())) k += 2;
      while (k < words.length && words[k].text === '--system') k++;
      const w = words[k]?.text;
      if (w === undefined || (w.startsWith('-') && w !== '-e' && w !== '--exec' && w !== '--')) break; // --list, --shutdown, --install …
      out.wrappers.push(name);
      if (w === '-e' || w === '--exec') i = k + 1;
      else {
        i = w === '--' ? k + 1 : k;
        if (i < words.length) words = asShellC(words, i);
      }
    } else if (RUNNERS.has(name) && runnerStart(words, i, RUNNERS.get(name)!) >= 0 && scriptAfter(name, words, i) === undefined) {
      const r = RUNNERS.get(name)!;
      out.wrappers.push(r.sub ? `${name} ${words[i + 1].text}` : name);
      const start = runnerStart(words, i, r);
      if (name === 'systemd-run') out.timer ??= words.slice(i + 1, start).find((w) => SYSTEMD_TIMER.test(w.text))?.text;
      i = start;
    } else if (PLAIN_PREFIXES.has(name)) {
      out.wrappers.push(name);
      i = name === 'time' ? skipOptions(words, i + 1, name) : i + 1;
    } else break;
    if (out.wrappers.length > before) lastWrapper = at;
  }
  // A terminal given one string after -e (`xterm -e 'rm -rf ~'`) runs it with a shell. (Other
  // wrappers run a program by that name, which does not exist: `command 'rm -rf /'` runs nothing.)
  if (i < words.length && i === words.length - 1 && TERMINALS.has(out.wrappers[out.wrappers.length - 1] ?? '') && /\s/.test(words[i].text.trim())) words = asShellC(words, i);
  // `env`, `sudo -v`, `nohup` with nothing after them: the wrapper itself is the command.
  if (i >= words.length && lastWrapper >= 0) {
    i = lastWrapper;
    out.wrappers.pop();
    out.elevated = out.wrappers.some((w) => ELEVATING.has(w));
    out.dynamicArgs = out.wrappers.includes('xargs');
  }
  out.argv = words.slice(i);
  return out;
}

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * `sh -c 'script' name arg…`: the words after the script are its $0, $1, … — visible here, so
 * they are put in place of the positional parameters before the script is judged
 * (`sh -c '"$@"' _ rm -rf /` runs `rm -rf /`). Quoted references stay single words.
 */
export function withPositional(src: string, params: string[]): string {
  // An IFS assignment changes how the values split: leave the script as written.
  if (params.length < 2 || !/\$(?:\{[@*1-9]\}|[@*1-9])/.test(src) || /\bIFS=/.test(src)) return src;
  const rest = params.slice(1);
  const out = src
    .replace(/"\$(?:\{@\}|@)"/g, () => rest.map(shellQuote).join(' '))
    .replace(/"\$(?:\{\*\}|\*)"/g, () => shellQuote(rest.join(' ')))
    .replace(/"\$(?:\{([1-9])\}|([1-9]))"/g, (_m, a: string | undefined, b: string | undefined) => shellQuote(params[Number(a ?? b)] ?? ''))
    .replace(/\$(?:\{[@*]\}|[@*])/g, () => rest.join(' '))
    .replace(/\$(?:\{([1-9])\}|([1-9]))/g, (_m, a: string | undefined, b: string | undefined) => params[Number(a ?? b)] ?? '');
  // A substitution that multiplies the text (`$@ $@ $@ …`) is not expanded: the parser's size
  // bound would otherwise turn an ordinary call into an unanalysable one.
  return out.length > 4 * (src.length + params.join(' ').length) + 256 ? src : out;
}

function shellCommandString(name: string, argv: Word[]): string | undefined {
  const inv = shellInvocation(argv.slice(1).map((w) => w.text), name);
  // `bash -n` only checks syntax: nothing runs.
  if (inv.noexec || inv.command === undefined) return undefined;
  return withPositional(argv[inv.command + 1].text, argv.slice(inv.command + 2).map((w) => w.text));
}

function decodePowerShellBase64(b64: string): string {
  try {
    return Buffer.from(b64, 'base64').toString('utf16le');
  } catch {
    return '';
  }
}

/** True when a shell reads its script from stdin and runs it (`bash`, `sh -s x`, `bash --`, not `bash -n`). */
function readsScriptFromStdin(name: string, argv: Word[]): boolean {
  const inv = shellInvocation(argv.slice(1).map((w) => w.text), name);
  return inv.stdin && !inv.noexec;
}

/**
 * Code about to run (an eval's text, an `sh -c` string, a program name) with each substitution
 * whose output is known put in place: `eval "$(printf '\x72\x6d …')"` runs `rm …`. The wrapper
 * path then names what produced the text ("an eval of text printed by printf | rev").
 */
function runText(src: string, origin: 'shell-c' | 'eval', how: string, elevated: boolean): NestedSource {
  const r = resolveSubstitutions(src);
  if (r.resolved.length === 0) return { kind: 'source', src, origin, elevated };
  return { kind: 'source', src: r.text, origin, elevated, via: `${how} of text ${r.decoded ? 'decoded' : 'printed'} by ${r.resolved.join(', ')}` };
}

/**
 * `<(printf 'cmd')` read as a script: the text is known, so it is parsed as the script it is.
 * (Any other process substitution is code produced at run time: rules/runtime-code.ts.)
 */
function printedFile(word: Word, how: string, elevated: boolean): NestedSource | undefined {
  const t = word.text;
  if (word.subs.length !== 1 || !t.startsWith('<(') || !t.endsWith(')') || matchParen(t, 2) !== t.length - 1) return undefined;
  const r = substitutionOutput(t.slice(2, -1));
  if (r.output === undefined) return undefined;
  return { kind: 'source', src: r.output, origin: 'eval', elevated, via: `${how} of text ${r.decoder ? 'decoded' : 'printed'} by ${r.pipeline}` };
}

/** `trap [-lp] [--] ACTION SIGNAL…`: the action word, unless it resets (`-`) or ignores (`''`) the signals. */
export function trapAction(argv: readonly Word[]): Word | undefined {
  let i = 1;
  while (i < argv.length && /^-[lp]+$/.test(argv[i].text)) i++;
  if (argv[i]?.text === '--') i++;
  // With one operand it is a signal to reset (`trap EXIT`): the action needs a signal after it.
  if (argv.length - i < 2) return undefined;
  const action = argv[i];
  return action.text === '-' || action.text.trim() === '' ? undefined : action;
}

/** Scripts and commands carried inside `cmd`'s arguments (and, for shells, in a here-document or here-string). */
// fd's placeholders: the path, its basename, its parent, and the two without the extension.
const FD_PLACEHOLDER = /\{(?:|\/|\/\/|\.|\/\.)\}/;
const FD_ENTRY: Word = Object.freeze({ text: '{}', quoted: false, subs: Object.freeze([]) as unknown as Word['subs'] });

export function nestedCommands(name: string, argv: Word[], elevated: boolean, redirects: readonly { op: string; target: Word }[] = [], args: readonly string[] = argv.slice(1).map((w) => w.text)): Nested[] {
  // `$(printf 'rm -rf ~')` as the program: the substitution's output is the command line.
  const head = argv[0];
  if (head && head.subs.length && /^(?:\$\(|`)/.test(head.text)) {
    const r = resolveSubstitutions(head.text);
    if (r.resolved.length) return [{ kind: 'source', src: [r.text, ...argv.slice(1).map((w) => shellQuote(w.text))].join(' '), origin: 'eval', elevated, via: `a command line ${r.decoded ? 'decoded' : 'printed'} by ${r.resolved.join(', ')}` }];
  }
  if (SHELLS.has(name)) {
    // A non-interactive shell stops running its script at `set -n` (parser.ts).
    // (fish's `set -n` lists variable names instead.)
    const noexecStops = name !== 'fish' && !shellInvocation(args, name).interactive;
    const src = shellCommandString(name, argv);
    // Only a substitution the outer shell expands (`sh -c "$(…)"`) makes the -c string; one
    // inside single quotes is expanded by the inner shell, where it is a word unless the inner
    // script evals or runs it (judged when the inner script is parsed).
    if (src !== undefined) return [{ ...(argv.some((w) => w.subs.length > 0) ? runText(src, 'shell-c', `a ${name} -c string`, elevated) : { kind: 'source', src, origin: 'shell-c', elevated }), noexecStops }];
    const here = redirects.find((r) => r.op === '<<' || r.op === '<<-' || r.op === '<<<');
    if (here && readsScriptFromStdin(name, argv)) return [{ kind: 'source', src: here.target.text, origin: 'heredoc', elevated, via: here.op === '<<<' ? `a here-string run by ${name}` : `a here-document run by ${name}`, noexecStops }];
    // `bash <(printf 'cmd')`, `bash < <(echo cmd)`: a script whose text is known.
    const inv = shellInvocation(args, name);
    const file = inv.noexec ? undefined : inv.script !== undefined ? argv[inv.script + 1] : inv.stdin ? redirects.find((r) => r.op === '<')?.target : undefined;
    const printed = file && printedFile(file, `a script file run by ${name}`, elevated);
    return printed ? [{ ...printed, noexecStops }] : NO_NESTED;
  }
  if ((name === 'at' || name === 'batch') && !args.some((a) => /^-[a-zA-Z]*[fldrcq]/.test(a))) {
    // at/batch read the commands they schedule from stdin.
    const here = redirects.find((r) => r.op === '<<' || r.op === '<<-' || r.op === '<<<');
    if (here) return [{ kind: 'source', src: here.target.text, origin: 'heredoc', elevated, via: `commands scheduled with ${name}` }];
  }
  if ((name === 'make' || name === 'gmake' || name === 'bmake') && makefileFromStdin(args)) {
    const here = redirects.find((r) => r.op === '<<' || r.op === '<<-' || r.op === '<<<');
    if (here) return [{ kind: 'source', src: makefileRecipes(here.target.text), origin: 'heredoc', elevated, via: `a Makefile read by ${name} from ${here.op === '<<<' ? 'a here-string' : 'a here-document'}` }];
  }
  if (name === 'eval' || name === 'source' || name === '.') {
    if (name !== 'eval') {
      // `. /dev/stdin <<< "$(wget -qO- URL)"`: what stdin holds is the script, as for `bash <<<`.
      const file = argv[args[0] === '--' ? 2 : 1];
      const here = file && /^(?:\/dev\/stdin|\/dev\/fd\/0|\/proc\/self\/fd\/0|-)$/.test(file.text) ? redirects.find((r) => r.op === '<<' || r.op === '<<-' || r.op === '<<<') : undefined;
      if (here) return [{ kind: 'source', src: here.target.text, origin: 'heredoc', elevated, via: here.op === '<<<' ? `a here-string read by ${name} /dev/stdin` : `a here-document read by ${name} /dev/stdin` }];
      // `source <(printf 'cmd')`: the file's text is known.
      const printed = file && printedFile(file, `a file read by ${name}`, elevated);
      return printed ? [printed] : NO_NESTED;
    }
    // As for `sh -c`: only substitutions the eval's own words expand produce its code.
    return [argv.some((w) => w.subs.length > 0) ? runText(args.join(' '), 'eval', 'an eval', elevated) : { kind: 'source', src: args.join(' '), origin: 'eval', elevated }];
  }
  if (name === 'trap') {
    // `trap 'cmd' EXIT`: the handler is code that runs later, when the signal arrives.
    const action = trapAction(argv);
    if (action === undefined) return NO_NESTED;
    return [action.subs.length > 0 ? runText(action.text, 'eval', 'a trap handler', elevated) : { kind: 'source', src: action.text, origin: 'eval', elevated, via: 'a trap handler' }];
  }
  if (name === 'parallel') {
    // `parallel [options] ::: 'cmd one' 'cmd two'`: each input is run as a command line.
    const at = parallelOptions(args, 0).end;
    if (!/^:::/.test(args[at] ?? '')) return NO_NESTED;
    return args.slice(at + 1).filter((a) => !/^:::/.test(a)).map((src) => ({ kind: 'source', src, origin: 'shell-c', elevated, via: 'parallel' }));
  }
  const script = scriptOf(name, args);
  if (script !== undefined) return [{ kind: 'source', src: script, origin: 'shell-c', elevated, via: `a command string run by ${name}` }];
  if (name === 'sudo' || name === 'su' || name === 'doas') {
    // `sudo -s <<<'CMD'`, `su - <<EOF`: the shell these open reads the here-text as its script.
    const here = redirects.find((r) => r.op === '<<' || r.op === '<<-' || r.op === '<<<');
    const opener = here ? stdinShellOpener(name, args) : undefined;
    if (here && opener) {
      const shell = `${name} ${args.join(' ')}`.trim();
      return [{ kind: 'source', src: here.target.text, origin: 'heredoc', elevated: elevated || opener.root, via: `${here.op === '<<<' ? 'a here-string' : 'a here-document'} run by the ${opener.root ? 'root ' : ''}shell \`${shell}\` opens` }];
    }
  }
  if (name === 'su') {
    const at = args.findIndex((a) => a === '-c' || a === '--command');
    return at >= 0 && args[at + 1] !== undefined ? [{ kind: 'source', src: args[at + 1], origin: 'shell-c', elevated: true }] : [];
  }
  if (name === 'powershell' || name === 'pwsh') {
    for (let i = 0; i < args.length; i++) {
      const a = args[i].toLowerCase();
      if (/^-(e|ec|enc|encodedcommand|encodedcomman|encoded)$/.test(a) && args[i + 1]) {
        return [{ kind: 'source', src: decodePowerShellBase64(args[i + 1]), origin: 'shell-c', elevated }];
      }
      if (/^-(c|command)$/.test(a)) return [{ kind: 'source', src: args.slice(i + 1).join(' '), origin: 'shell-c', elevated }];
    }
    return NO_NESTED;
  }
  if (name === 'cmd') {
    const at = args.findIndex((a) => /^\/[ck]$/i.test(a));
    return at >= 0 ? [{ kind: 'source', src: args.slice(at + 1).join(' '), origin: 'shell-c', elevated }] : [];
  }
  if (name === 'ssh') {
    // ssh [options] host command…: the remote command still runs with the user's keys. On this
    // machine (localhost, 127.x, ::1) it runs in the home directory: relative paths are below ~.
    let i = 1;
    while (i < argv.length && argv[i].text.startsWith('-')) i += /^-[bcDEeFIiJLlmOopQRSWw]$/.test(argv[i].text) ? 2 : 1;
    const local = i < argv.length && LOCAL_HOST.test(argv[i].text.replace(/^[^@]*@/, ''));
    return i + 1 < argv.length ? [{ kind: 'source', src: argv.slice(i + 1).map((w) => w.text).join(' '), origin: 'remote', elevated: false, cwd: local ? '~' : undefined, via: local ? `an ssh command to this machine (${argv[i].text}), run in the home directory` : undefined }] : [];
  }
  if (CONTAINER_CLIS.has(name)) return containerCommand(name, argv, elevated);
  if (name === 'docker-compose' && args[0] === 'exec') return containerExec(name, argv, 2, elevated);
  if ((name === 'npm' || name === 'pnpm') && args[0] === 'pkg' && args[1] === 'set') return packageScripts(name, args.slice(2));
  if (name === 'kubectl' || name === 'oc') return podCommand(name, args, elevated);
  if (name === 'find') {
    const out: Nested[] = [];
    for (let i = 1; i < argv.length; i++) {
      if (!/^-(exec|execdir|ok|okdir)$/.test(argv[i].text)) continue;
      let j = i + 1;
      while (j < argv.length && argv[j].text !== ';' && argv[j].text !== '+') j++;
      if (j > i + 1) out.push({ kind: 'argv', argv: argv.slice(i + 1, j), origin: 'find-exec' });
      i = j;
    }
    return out;
  }
  if (FD_PROGRAMS.has(name)) {
    // `fd PATTERN PATH -x cmd {}`: cmd runs on each entry fd lists, as with `find -exec`.
    // Without a placeholder fd appends the entry's path, so the command gets a `{}` at its end.
    const inv = fdInvocation(args);
    if (inv.exec === undefined || inv.execEnd! <= inv.exec) return NO_NESTED;
    const cmd = argv.slice(inv.exec + 1, inv.execEnd! + 1);
    return [{ kind: 'argv', argv: cmd.some((w) => FD_PLACEHOLDER.test(w.text)) ? cmd : [...cmd, FD_ENTRY], origin: 'find-exec' }];
  }
  return NO_NESTED;
}

// npm's lifecycle scripts: run by every `npm install` (or pack/publish) in the project, unasked.
const LIFECYCLE_SCRIPTS = new Set(['preinstall', 'install', 'postinstall', 'prepare', 'prepublish', 'prepublishonly', 'prepack', 'postpack', 'preuninstall', 'uninstall', 'postuninstall', 'dependencies']);

/**
 * `npm pkg set scripts.NAME=COMMAND`: the command is written into package.json, where npm runs it
 * (a lifecycle script on every install, any other on `npm run NAME`); it is judged as if run.
 */
function packageScripts(name: string, assignments: readonly string[]): Nested[] {
  const out: Nested[] = [];
  for (const a of assignments) {
    if (!a.startsWith('scripts.')) continue;
    const eq = a.indexOf('=');
    if (eq < 0) continue;
    const script = a.slice(8, eq);
    const when = LIFECYCLE_SCRIPTS.has(script.toLowerCase()) ? `runs on every ${name} install` : `${name} run ${script} runs`;
    out.push({ kind: 'source', src: a.slice(eq + 1), origin: 'shell-c', elevated: false, via: `the ${name} script ${script}, which ${name} pkg set writes into package.json and which ${when}` });
  }
  return out;
}

/** This machine, as an ssh destination. */
const LOCAL_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|::1|\[::1\]|0\.0\.0\.0)$/i;

const CONTAINER_CLIS = new Set(['docker', 'podman', 'nerdctl']);
/** `docker run` / `podman run` options that take the next word as their value. */
const CONTAINER_VALUE_OPTIONS = new Set([
  '-v', '--volume', '--mount', '-e', '--env', '--env-file', '--name', '-w', '--workdir', '-p', '--publish', '-u', '--user',
  '--network', '--net', '--entrypoint', '-h', '--hostname', '--platform', '-l', '--label', '--add-host', '--device',
  '--cap-add', '--cap-drop', '--restart', '-m', '--memory', '--cpus', '--pull', '--log-driver', '--log-opt',
  '--security-opt', '--tmpfs', '--ulimit', '--dns', '--ipc', '--pid', '--gpus', '--shm-size', '--stop-signal',
  '--runtime', '--cidfile', '--volumes-from', '--group-add', '--userns', '--cgroupns', '--uts', '-a', '--attach',
]);

/** Options that give a container the host: its process namespace, or every capability or SYS_ADMIN. */
const HOST_REACH = new Set(['--pid=host', '--cap-add=sys_admin', '--cap-add=all', '--cap-add=cap_sys_admin']);

/** A bind mount's host path and container path (`-v SRC:DST[:ro]`, `--mount type=bind,src=…,dst=…`). */
function bindMount(option: string, value: string): { host: string; inner: string } | undefined {
  if (option === '--mount') {
    const kv = new Map(value.split(',').map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)] as const));
    const host = kv.get('source') ?? kv.get('src');
    const inner = kv.get('target') ?? kv.get('destination') ?? kv.get('dst');
    return host && inner && (kv.get('type') ?? 'bind') === 'bind' ? { host, inner } : undefined;
  }
  const [host, inner] = value.split(':');
  // A name without a slash is a named volume, not a host path.
  return host && inner && /^[~/.$]/.test(host) ? { host, inner } : undefined;
}

/**
 * `docker run [options] IMAGE CMD…` with host directories bind-mounted: the command works on
 * those host directories, so it is judged with each container path mapped back to the host
 * path (`-v ~/:/h … find /h -delete` deletes in ~). Without a mount, or when the command never
 * names a mounted path, it only touches the container and is left alone.
 */
function containerCommand(name: string, argv: Word[], elevated: boolean): Nested[] {
  let i = 1;
  if (argv[i]?.text === 'container') i++;
  if (argv[i]?.text === 'compose' && argv[i + 1]?.text === 'exec') return containerExec(`${name} compose`, argv, i + 2, elevated);
  if (argv[i]?.text === 'exec') return containerExec(name, argv, i + 1, elevated);
  if (argv[i]?.text !== 'run') return NO_NESTED;
  const mounts: { host: string; inner: string }[] = [];
  let privileged = false;
  for (i++; i < argv.length; i++) {
    const t = argv[i].text;
    if (t === '--') {
      i++;
      break;
    }
    if (!t.startsWith('-')) break;
    const eq = t.indexOf('=');
    const option = eq > 0 ? t.slice(0, eq) : t;
    const value = eq > 0 ? t.slice(eq + 1) : CONTAINER_VALUE_OPTIONS.has(t) ? argv[++i]?.text : undefined;
    if (value !== undefined && (option === '-v' || option === '--volume' || option === '--mount')) {
      const m = bindMount(option, value);
      if (m) mounts.push(m);
    }
    if (option === '--privileged' || (value !== undefined && HOST_REACH.has(`${option}=${value.toLowerCase()}`))) privileged = true;
  }
  if (i + 1 >= argv.length) return NO_NESTED;
  const src = argv.slice(i + 1).map((w) => shellQuote(w.text)).join(' ');
  // A privileged container (or one in the host's process namespace) reaches the host: `nsenter -t 1`
  // runs its command there as root. What it runs is judged as if run on the host.
  if (privileged) return [{ kind: 'source', src: mounts.length ? mapMountPaths(src, mounts) : src, origin: 'shell-c', elevated: true, via: `a privileged ${name} run container, which reaches the host` }];
  if (mounts.length === 0) return NO_NESTED;
  const mapped = mapMountPaths(src, mounts);
  if (mapped === src) return NO_NESTED;
  const shown = mounts.map((m) => `${m.host} at ${m.inner}`).join(', ');
  return [{ kind: 'source', src: mapped, origin: 'shell-c', elevated, via: `a ${name} run container with ${shown} mounted, its paths mapped back to the host` }];
}

/** `text` with every container path under a mount (at a word start) replaced by the host path. */
function mapMountPaths(text: string, mounts: readonly { host: string; inner: string }[]): string {
  let out = text;
  for (const m of mounts) {
    const inner = m.inner.replace(/\/+$/, '') || '/';
    if (inner === '/') continue;
    const host = m.host.replace(/\/+$/, '') || '/';
    let from = 0;
    for (let at = out.indexOf(inner, from); at >= 0; at = out.indexOf(inner, from)) {
      const before = at === 0 ? ' ' : out[at - 1];
      const after = out[at + inner.length] ?? ' ';
      if (/[\s'"=:]/.test(before) && /[\s'"/;)]/.test(after)) {
        out = out.slice(0, at) + host + out.slice(at + inner.length);
        from = at + host.length;
      } else from = at + inner.length;
    }
  }
  return out;
}

/** `docker exec` / `compose exec` options that take the next word as their value. */
const EXEC_VALUE_OPTIONS = new Set(['-e', '--env', '--env-file', '-u', '--user', '-w', '--workdir', '--detach-keys', '--index']);

/**
 * `docker exec [options] CONTAINER CMD…` (podman, nerdctl, `docker compose exec SERVICE CMD…`):
 * the command runs in a container that is already running, a database or the app with its data
 * and secrets, not a throwaway one, and is judged as a command, as `kubectl exec` is.
 */
function containerExec(name: string, argv: Word[], from: number, elevated: boolean): Nested[] {
  let i = from;
  for (; i < argv.length; i++) {
    const t = argv[i].text;
    if (t === '--') continue;
    if (!t.startsWith('-')) break;
    if (!t.includes('=') && EXEC_VALUE_OPTIONS.has(t)) i++;
  }
  if (i + 1 >= argv.length) return NO_NESTED;
  const src = argv.slice(i + 1).map((w) => shellQuote(w.text)).join(' ');
  return [{ kind: 'source', src, origin: 'remote', elevated, via: `a command run by ${name} exec in the container ${argv[i].text}` }];
}

/** `kubectl exec` options that take the next word as their value. */
const KUBECTL_VALUE_OPTIONS = new Set(['-n', '--namespace', '-c', '--container', '--context', '--kubeconfig', '--cluster', '--user', '-s', '--server', '-f', '--filename', '--pod-running-timeout', '--request-timeout', '--as', '--as-group', '--token']);
/** A namespace or context that names production. */
const PRODUCTION = /(?:^|[-_./:])(?:prod|production|prd|live)(?:$|[-_./:])/i;

/**
 * `kubectl exec [options] POD -- CMD…`: the command runs in the pod, and is judged as a command
 * (`kubectl exec api -n prod -- sh -c 'rm -rf /data/*'` deletes the pod's data). The wrapper
 * path names the pod and, when it says so, that the namespace or context is production.
 */
function podCommand(name: string, args: readonly string[], elevated: boolean): Nested[] {
  const at = args.indexOf('exec');
  const dash = args.indexOf('--');
  if (at < 0 || dash < 0 || dash < at || dash + 1 >= args.length) return NO_NESTED;
  let pod: string | undefined;
  const where: string[] = [];
  for (let k = 0; k < dash; k++) {
    const a = args[k];
    if (k === at) continue;
    const eq = a.indexOf('=');
    const option = a.startsWith('-') ? (eq > 0 ? a.slice(0, eq) : a) : undefined;
    const value = option === undefined ? undefined : eq > 0 ? a.slice(eq + 1) : KUBECTL_VALUE_OPTIONS.has(a) ? args[++k] : undefined;
    if ((option === '-n' || option === '--namespace' || option === '--context') && value) where.push(`${option === '--context' ? 'context' : 'namespace'} ${value}`);
    if (option === undefined && k > at) pod ??= a;
  }
  const prod = where.some((w) => PRODUCTION.test(w.split(' ')[1]));
  const via = `a command run by ${name} exec in ${pod ?? 'a pod'}${where.length ? ` (${where.join(', ')}${prod ? ': production' : ''})` : ''}`;
  return [{ kind: 'source', src: args.slice(dash + 1).map(shellQuote).join(' '), origin: 'remote', elevated, via }];
}
