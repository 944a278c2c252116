// Prefix commands that run another command (`sudo`, `env`, `nohup`, `xargs`, …) are peeled
// off so rules see the program that really runs. Commands that carry a whole script in an
// argument (`bash -c`, `eval`, `su -c`, `powershell -Command`, `ssh host cmd`, `find -exec`)
// are reported as nested sources for the parser to recurse into.
import { resolveSubstitutions } from './static-text.js';
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
  | { kind: 'source'; src: string; origin: 'shell-c' | 'eval' | 'remote' | 'heredoc'; elevated: boolean; via?: string }
  | { kind: 'argv'; argv: Word[]; origin: 'find-exec' };

const SHELL_VARIABLE = /^\$\{?(?:SHELL|BASH|ZSH_NAME|0)\}?$/;

/** True when `t` is its own program name: no separator, upper-case or non-ASCII letter, `$` or `.exe`. */
function plainName(t: string): boolean {
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c === 47 /* / */ || c === 92 /* \ */ || c === 36 /* $ */ || (c >= 65 && c <= 90) || c >= 128) return false;
  }
  return !t.endsWith('.exe');
}

export function programName(word: Word | undefined): string {
  if (!word) return '';
  const t = word.text;
  // Most program names are already plain (`git`, `npm`): no regex, slicing or lower-casing.
  if (plainName(t)) return t;
  // `$SHELL -c …` and `${SHELL} -c …` run the user's shell.
  if (SHELL_VARIABLE.test(t)) return 'sh';
  const cut = Math.max(t.lastIndexOf('/'), t.lastIndexOf('\\'));
  const base = (cut >= 0 ? t.slice(cut + 1) : t).toLowerCase();
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
  parallel: new Set(['-j', '-P', '-S', '-n', '-N', '-L', '-d', '-a', '-I', '--jobs', '--sshlogin', '--workdir', '--wd', '--delimiter', '--arg-file', '--colsep', '-C', '--tmpdir', '--results', '--joblog', '--timeout', '--retries', '--delay', '--env', '--basefile', '--return', '--max-args', '--max-replace-args', '--tag-string', '--halt', '--memfree', '--load', '--shebang-wrap']),
  exec: new Set(['-a']),
  stdbuf: new Set(['-i', '-o', '-e']),
  watch: new Set(['-n', '--interval', '-d']),
  flock: new Set(['-w', '-E']),
};
const ELEVATING = new Set(['sudo', 'doas', 'pkexec', 'run0', 'gosu']);
const PLAIN_PREFIXES = new Set(['nohup', 'time', 'builtin', 'unbuffer', 'caffeinate', 'chronic', 'setsid', 'torsocks', 'proxychains', 'proxychains4', 'strace', 'ltrace', 'busybox']);
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'ash', 'mksh', 'fish', 'rbash']);

/** Skips the options of a wrapper; returns the index of the wrapped program. */
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
    i += withValue.has(t) ? 2 : 1;
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
const WRAPPER_NAMES = new Set([...ELEVATING, ...PLAIN_PREFIXES, 'env', 'nice', 'ionice', 'stdbuf', 'exec', 'flock', 'timeout', 'watch', 'command', 'xargs', 'parallel']);

export function unwrapPrefixes(input: Word[]): Unwrapped {
  // Most commands start with their program (no assignment, no wrapper): nothing to peel off.
  const head = input[0]?.text;
  if (head !== undefined && !(head.indexOf('=') > 0 && ASSIGNMENT.test(head)) && !WRAPPER_NAMES.has(programName(input[0]))) {
    return { argv: input, assignments: NO_STRINGS, elevated: false, wrappers: NO_STRINGS, dynamicArgs: false };
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
    if (ELEVATING.has(name)) {
      out.elevated = true;
      out.wrappers.push(name);
      const from = i + 1;
      i = skipOptions(words, from, name);
      out.chdir = chdirOption(name, words.slice(from, i)) ?? out.chdir;
      if (name === 'gosu') i++; // gosu USER cmd
    } else if (name === 'env' && words.slice(i + 1).some((w) => w.text === '-S' || w.text === '--split-string' || w.text.startsWith('--split-string=') || /^-S./.test(w.text))) {
      // env -S 'prog args': the string is split into words and run.
      out.wrappers.push(name);
      let k = i + 1;
      while (k < words.length && !(words[k].text === '-S' || words[k].text === '--split-string' || words[k].text.startsWith('--split-string=') || /^-S./.test(words[k].text))) k++;
      const w = words[k];
      const inline = w.text.startsWith('--split-string=') ? w.text.slice(15) : w.text.startsWith('-S') && w.text.length > 2 ? w.text.slice(2) : undefined;
      const str = inline ?? words[k + 1]?.text ?? '';
      const split = str.split(/\s+/).filter(Boolean).map((text) => ({ text, quoted: false, subs: w.subs }));
      words = [...words.slice(0, i + 1), ...split, ...words.slice(k + (inline === undefined ? 2 : 1))];
      i = i + 1;
    } else if (name === 'env' || name === 'nice' || name === 'ionice' || name === 'stdbuf' || name === 'exec' || name === 'flock') {
      out.wrappers.push(name);
      const from = i + 1;
      i = skipOptions(words, from, name);
      out.chdir = chdirOption(name, words.slice(from, i)) ?? out.chdir;
      if (name === 'flock') i++; // flock FILE cmd
    } else if (name === 'timeout') {
      out.wrappers.push(name);
      i = skipOptions(words, i + 1, name) + 1; // the duration
    } else if (name === 'watch') {
      out.wrappers.push(name);
      i = skipOptions(words, i + 1, name);
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
    } else if (name === 'parallel' && !words.slice(i + 1).some((w) => w.text === '--dry-run' || w.text === '--dryrun')) {
      // parallel [options] command ::: inputs — each input replaces {} / {1} / {.} in the
      // command, or is appended to it; without ::: the inputs come from stdin like xargs.
      // With no command at all, each input is itself a command line (see nestedCommands).
      const start = i;
      const first = skipOptions(words, i + 1, name);
      if (first < words.length && /^:::/.test(words[first].text)) break;
      out.wrappers.push(name);
      i = first;
      const sep = words.findIndex((w, k) => k >= i && (w.text === ':::' || w.text === '::::' || w.text === ':::+' || w.text === '::::+'));
      if (sep < 0) {
        out.dynamicArgs = true;
        // parallel reads -I / --replace like xargs; its default replace string is {}.
        out.replaceString = xargsReplaceString(words.slice(start + 1, first)) ?? '{}';
        if (words.slice(start + 1, first).some((w) => ARG_FILE.test(w.text))) out.inputFromFile = true;
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
        }
      }
    } else if (PLAIN_PREFIXES.has(name)) {
      out.wrappers.push(name);
      i = name === 'time' ? skipOptions(words, i + 1, name) : i + 1;
    } else break;
    if (out.wrappers.length > before) lastWrapper = at;
  }
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
function withPositional(src: string, params: string[]): string {
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

function shellCommandString(argv: Word[]): string | undefined {
  // `bash -n` only checks syntax: nothing runs.
  if (argv.some((w, k) => k > 0 && /^-[a-zA-Z]*n[a-zA-Z]*$/.test(w.text) && !w.text.startsWith('--'))) return undefined;
  for (let i = 1; i < argv.length; i++) {
    const t = argv[i].text;
    if (t === '-c' || /^-[a-zA-Z]*c[a-zA-Z]*$/.test(t) || t === '--command') {
      const at = argv[i + 1]?.text === '--' ? i + 2 : i + 1;
      const src = argv[at]?.text;
      return src === undefined ? undefined : withPositional(src, argv.slice(at + 1).map((w) => w.text));
    }
    if (t === '-o' || t === '+o' || t === '-O' || t === '+O') {
      i++;
      continue;
    }
    if (!t.startsWith('-') && !t.startsWith('+')) return undefined; // a script file, not -c
  }
  return undefined;
}

function decodePowerShellBase64(b64: string): string {
  try {
    return Buffer.from(b64, 'base64').toString('utf16le');
  } catch {
    return '';
  }
}

/** True when a shell's arguments are only options (its script then comes from stdin). */
function readsScriptFromStdin(argv: Word[]): boolean {
  for (let i = 1; i < argv.length; i++) {
    const t = argv[i].text;
    if (t === '-' || t === '--') return true;
    if (t === '-o' || t === '+o' || t === '-O' || t === '+O') {
      i++;
      continue;
    }
    if (!t.startsWith('-') && !t.startsWith('+')) return false;
    if (/^-[a-zA-Z]*n/.test(t) && !t.startsWith('--')) return false;
  }
  return true;
}

/**
 * Code about to run (an eval's text, an `sh -c` string, a program name) with each substitution
 * whose output is known put in place: `eval "$(printf '\x72\x6d …')"` runs `rm …`. The wrapper
 * path then names what produced the text ("an eval of text printed by printf | rev").
 */
function runText(src: string, origin: 'shell-c' | 'eval', how: string, elevated: boolean): Nested {
  const r = resolveSubstitutions(src);
  if (r.resolved.length === 0) return { kind: 'source', src, origin, elevated };
  return { kind: 'source', src: r.text, origin, elevated, via: `${how} of text ${r.decoded ? 'decoded' : 'printed'} by ${r.resolved.join(', ')}` };
}

/** Scripts and commands carried inside `cmd`'s arguments (and, for shells, in a here-document or here-string). */
export function nestedCommands(name: string, argv: Word[], elevated: boolean, redirects: readonly { op: string; target: Word }[] = [], args: readonly string[] = argv.slice(1).map((w) => w.text)): Nested[] {
  // `$(printf 'rm -rf ~')` as the program: the substitution's output is the command line.
  const head = argv[0];
  if (head && head.subs.length && /^(?:\$\(|`)/.test(head.text)) {
    const r = resolveSubstitutions(head.text);
    if (r.resolved.length) return [{ kind: 'source', src: [r.text, ...argv.slice(1).map((w) => shellQuote(w.text))].join(' '), origin: 'eval', elevated, via: `a command line ${r.decoded ? 'decoded' : 'printed'} by ${r.resolved.join(', ')}` }];
  }
  if (SHELLS.has(name)) {
    const src = shellCommandString(argv);
    // Only a substitution the outer shell expands (`sh -c "$(…)"`) makes the -c string; one
    // inside single quotes is expanded by the inner shell, where it is a word unless the inner
    // script evals or runs it (judged when the inner script is parsed).
    if (src !== undefined) return [argv.some((w) => w.subs.length > 0) ? runText(src, 'shell-c', `a ${name} -c string`, elevated) : { kind: 'source', src, origin: 'shell-c', elevated }];
    const here = redirects.find((r) => r.op === '<<' || r.op === '<<-' || r.op === '<<<');
    if (here && readsScriptFromStdin(argv)) return [{ kind: 'source', src: here.target.text, origin: 'heredoc', elevated, via: here.op === '<<<' ? `a here-string run by ${name}` : `a here-document run by ${name}` }];
    return NO_NESTED;
  }
  if (name === 'eval' || name === 'source' || name === '.') {
    if (name !== 'eval') return NO_NESTED;
    // As for `sh -c`: only substitutions the eval's own words expand produce its code.
    return [argv.some((w) => w.subs.length > 0) ? runText(args.join(' '), 'eval', 'an eval', elevated) : { kind: 'source', src: args.join(' '), origin: 'eval', elevated }];
  }
  if (name === 'parallel') {
    // `parallel [options] ::: 'cmd one' 'cmd two'`: each input is run as a command line.
    const at = args.findIndex((a) => /^:::/.test(a));
    if (at < 0 || args.slice(0, at).some((a) => !a.startsWith('-'))) return NO_NESTED;
    return args.slice(at + 1).filter((a) => !/^:::/.test(a)).map((src) => ({ kind: 'source', src, origin: 'shell-c', elevated, via: 'parallel' }));
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
    // ssh [options] host command…: the remote command still runs with the user's keys.
    let i = 1;
    while (i < argv.length && argv[i].text.startsWith('-')) i += /^-[bcDEeFIiJLlmOopQRSWw]$/.test(argv[i].text) ? 2 : 1;
    return i + 1 < argv.length ? [{ kind: 'source', src: argv.slice(i + 1).map((w) => w.text).join(' '), origin: 'remote', elevated: false }] : [];
  }
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
  return NO_NESTED;
}
