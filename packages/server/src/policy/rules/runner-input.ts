// Input that xargs or a stdin-fed parallel hands a command, landing where the command still reads
// options (issue #16). The input cannot be seen, but where it lands can:
//   - appended after an interpreter whose code was given by an option (`xargs node -e '…'`,
//     `xargs ruby -e '…'`, `xargs awk -f safe.awk`): these interpreters keep reading options
//     until their first operand, so an input such as `--require ./x.js`, `-e '…'` or `-f x.awk`
//     adds code. (python stops at -c/-m: what follows is sys.argv, so `xargs python -c '…'` is
//     data.)
//   - put in place of a replace string that stands where an option can go (`xargs -I{} git
//     reset {}`, `xargs -I{} rm {} /`): the input can be `--hard` or `-rf`. The command is judged
//     with a few such options in that place, and the strongest effect is reported as a warning
//     (it needs the input to be that option; a command already denied stays denied).
// `parallel --env VAR` makes each job's shell define what the caller's environment holds for it.
import { severityRank, type Finding } from '../findings.js';
import type { SimpleCommand, Word } from '../shell/types.js';
import type { RuleContext } from './context.js';

/**
 * Interpreters that keep reading options after their inline code or code file: the options whose
 * value is that code (`code`), and their other options that take the next word as a value.
 */
interface OpenOptions {
  code: readonly string[];
  values: readonly string[];
}
const NODE: OpenOptions = { code: ['-e', '--eval', '-p', '--print'], values: ['-r', '--require', '--import', '--loader', '--experimental-loader', '--title', '--input-type', '-C', '--conditions'] };
const AWK: OpenOptions = { code: ['-f', '--file', '-e', '--source'], values: ['-F', '--field-separator', '-v', '--assign', '-i', '--include', '-l', '--load'] };
const OPEN_OPTIONS: Record<string, OpenOptions> = {
  node: NODE,
  nodejs: NODE,
  ruby: { code: ['-e'], values: ['-r', '-I', '-C', '-E', '--encoding'] },
  perl: { code: ['-e', '-E'], values: ['-I'] },
  awk: AWK,
  gawk: AWK,
  mawk: AWK,
  nawk: AWK,
  lua: { code: ['-e'], values: ['-l'] },
  luajit: { code: ['-e'], values: ['-l'] },
};

function interpreterTable(name: string): OpenOptions | undefined {
  if (Object.hasOwn(OPEN_OPTIONS, name)) return OPEN_OPTIONS[name];
  const base = name.replace(/[0-9.]+$/, ''); // ruby3.2, perl5.36, lua5.4
  return base !== name && Object.hasOwn(OPEN_OPTIONS, base) ? OPEN_OPTIONS[base] : undefined;
}

/** The feeder that hands `cmd` its input, when the input goes into `cmd`'s own words. */
function feederOf(cmd: SimpleCommand): 'xargs' | 'parallel' | undefined {
  if (cmd.origin === 'find-exec') return undefined;
  if (cmd.wrappers.includes('xargs')) return 'xargs';
  if (cmd.wrappers.includes('parallel') && cmd.dynamicArgs) return 'parallel';
  return undefined;
}

/** True when the input is appended to the command rather than put in place of a replace string. */
function appended(cmd: SimpleCommand): boolean {
  const rs = cmd.replaceString;
  return rs === undefined || (!cmd.wrappers.includes('xargs') && !cmd.args.some((a) => a.includes(rs)));
}

/**
 * Where the input can add code to an interpreter: the code option it came after (`-e`), when the
 * input lands while the interpreter still reads options; undefined otherwise.
 */
function openCodeOption(cmd: SimpleCommand, table: OpenOptions): string | undefined {
  const rs = cmd.replaceString;
  const byReplace = !appended(cmd);
  let code: string | undefined;
  for (let i = 0; i < cmd.args.length; i++) {
    const a = cmd.args[i];
    if (byReplace && rs !== undefined && a.startsWith(rs)) return code ?? 'its options';
    if (a === '--') return undefined; // what follows is data
    if (!a.startsWith('-') || a === '-') return undefined; // the first operand ends the options
    // A cluster ends in the option it is read as when that takes a value (`perl -we CODE`, `node -pe CODE`).
    const name = a.startsWith('--') ? a.split('=')[0] : /^-[A-Za-z]{2,}$/.test(a) && [...table.code, ...table.values].includes(`-${a[a.length - 1]}`) ? `-${a[a.length - 1]}` : a;
    const attached = a.includes('=') && a.startsWith('--');
    if (table.code.includes(name)) {
      code = name;
      if (!attached) i++;
    } else if (table.values.includes(name) && !attached) i++;
  }
  // Appended input comes after every word: it lands among the options when none closed them.
  return byReplace ? undefined : code;
}

/** A word as the probed line spells it: an unquoted word keeps its globs, `~` and variables. */
function quote(s: string, quoted = true): string {
  if (quoted ? /^[A-Za-z0-9_@%+=:,./-]+$/.test(s) : /^[^\s;&|<>()'"`\\]+$/.test(s)) return s;
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

// Options that turn ordinary commands destructive: hard resets, forced checkouts and pushes,
// branch deletion, aborting a merge or rebase, mirroring, cleaning ignored files, recursive
// (forced) deletion. Of equally strong effects the first in this order is named.
const PROBE_OPTIONS = ['--hard', '--force', '-f', '-D', '--delete', '--abort', '--mirror', '-fdx', '-rf', '-R'];

/** The command line with every replace-string word that stands where an option can go set to `option`; undefined when there is none. */
function probedLine(cmd: SimpleCommand, rs: string, option: string): string | undefined {
  let placed = false;
  let ended = false;
  const words = cmd.argv.map((w: Word, k) => {
    if (k === 0) return quote(w.text);
    if (w.text === '--') ended = true;
    if (ended || !w.text.startsWith(rs)) return quote(w.text, w.quoted);
    placed = true;
    return quote(option + w.text.slice(rs.length).split(rs).join(''));
  });
  if (!placed) return undefined;
  const env = cmd.assignments.map((a) => {
    const eq = a.indexOf('=');
    return `${a.slice(0, eq + 1)}${quote(a.slice(eq + 1))}`;
  });
  return [...env, ...words].join(' ');
}

/** A finding of a probed line that counts: an effect at least worth a warning, not an org list's verdict. */
function counts(f: Finding): boolean {
  return !f.verdict && severityRank(f.severity) >= severityRank('medium');
}

function probeOptions(cmd: SimpleCommand, via: string, ctx: RuleContext): boolean {
  const rs = cmd.replaceString;
  if (rs === undefined || appended(cmd) || cmd.argv.length < 2) return false;
  const lines: string[] = [];
  for (const option of PROBE_OPTIONS) {
    const line = probedLine(cmd, rs, option);
    if (line === undefined) return false;
    lines.push(line);
  }
  // One pass over every probe first: most templates stay harmless with any option in place.
  if (!ctx.inspectNested(lines.join('\n')).some(counts)) return false;
  let best: { option: string; finding: Finding } | undefined;
  for (let k = 0; k < PROBE_OPTIONS.length; k++) {
    const option = PROBE_OPTIONS[k];
    for (const f of ctx.inspectNested(lines[k])) {
      if (!counts(f)) continue;
      if (!best || severityRank(f.severity) > severityRank(best.finding.severity)) best = { option, finding: f };
    }
  }
  if (!best) return false;
  const f = best.finding;
  ctx.emit({
    patternName: f.patternName,
    category: f.category,
    layer: 'builtin',
    // It takes that input to do it, and the input cannot be seen: a warning, not a deny.
    severity: 'medium',
    reason: `${cmd.name} is fed by ${via}, and the input put in place of ${rs} stands where an option can go; given ${best.option} it would do this: ${f.reason}`,
  });
  return true;
}

export function inspectRunnerInput(cmd: SimpleCommand, ctx: RuleContext): void {
  const via = feederOf(cmd);
  if (!via) return;
  const table = interpreterTable(cmd.name);
  if (table) {
    const at = openCodeOption(cmd, table);
    if (at !== undefined) {
      const how = appended(cmd) ? `the input ${via} appends` : `the input put in place of ${cmd.replaceString}`;
      return ctx.emit({
        patternName: 'remote_code_exec.dynamic_code',
        severity: 'medium',
        category: 'remote_code_exec',
        layer: 'builtin',
        reason: `${cmd.name} keeps reading options after ${at}, so ${how} can add code to it (another ${table.code[0]}, a module or script to load), which cannot be checked before it runs.`,
      });
    }
  }
  probeOptions(cmd, via, ctx);
}

/** `parallel --env NAME …`: each job's shell first defines what the caller's environment holds. */
export function inspectParallelEnv(cmd: SimpleCommand, env: readonly string[], ctx: RuleContext): void {
  if (env.length === 0) return;
  ctx.emit({
    patternName: 'remote_code_exec.dynamic_code',
    severity: 'medium',
    category: 'remote_code_exec',
    layer: 'builtin',
    reason: `parallel --env ${env.join(',').slice(0, 40)} has each job's shell define the exported functions of those names and evaluate env_parallel's parallel_bash_environment, both taken from the caller's environment; that code cannot be checked here (running ${cmd.name || 'the jobs'}).`,
  });
}
