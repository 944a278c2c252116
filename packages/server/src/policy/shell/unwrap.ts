// Prefix commands that run another command (`sudo`, `env`, `nohup`, `xargs`, …) are peeled
// off so rules see the program that really runs. Commands that carry a whole script in an
// argument (`bash -c`, `eval`, `su -c`, `powershell -Command`, `ssh host cmd`, `find -exec`)
// are reported as nested sources for the parser to recurse into.
import type { Word } from './types.js';

export interface Unwrapped {
  argv: Word[];
  assignments: string[];
  elevated: boolean;
  wrappers: string[];
  dynamicArgs: boolean;
}

export type Nested =
  | { kind: 'source'; src: string; origin: 'shell-c' | 'eval' | 'remote'; elevated: boolean }
  | { kind: 'argv'; argv: Word[]; origin: 'find-exec' };

export function programName(word: Word | undefined): string {
  if (!word) return '';
  const t = word.text;
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
  env: new Set(['-u', '-C', '--unset', '--chdir']),
  nice: new Set(['-n', '--adjustment']),
  ionice: new Set(['-c', '-n', '-p', '--class', '--classdata']),
  timeout: new Set(['-s', '-k', '--signal', '--kill-after']),
  xargs: new Set(['-I', '-n', '-P', '-L', '-s', '-d', '-E', '-a', '--max-args', '--max-procs', '--delimiter', '--arg-file', '--replace']),
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
    if (name === 'env' && ASSIGNMENT.test(t)) {
      i++;
      continue;
    }
    if (!t.startsWith('-') || t === '-') break;
    i += withValue.has(t) ? 2 : 1;
  }
  return i;
}

export function unwrapPrefixes(words: Word[]): Unwrapped {
  const out: Unwrapped = { argv: words, assignments: [], elevated: false, wrappers: [], dynamicArgs: false };
  let i = 0;
  let lastWrapper = -1;
  for (let guard = 0; guard < 16 && i < words.length; guard++) {
    const t = words[i].text;
    const before = out.wrappers.length;
    const at = i;
    if (ASSIGNMENT.test(t)) {
      out.assignments.push(t);
      i++;
      continue;
    }
    const name = programName(words[i]);
    if (ELEVATING.has(name)) {
      out.elevated = true;
      out.wrappers.push(name);
      i = skipOptions(words, i + 1, name);
      if (name === 'gosu') i++; // gosu USER cmd
    } else if (name === 'env' || name === 'nice' || name === 'ionice' || name === 'stdbuf' || name === 'exec' || name === 'flock') {
      out.wrappers.push(name);
      i = skipOptions(words, i + 1, name);
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
      i = skipOptions(words, i + 1, name);
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

function shellCommandString(argv: Word[]): string | undefined {
  for (let i = 1; i < argv.length; i++) {
    const t = argv[i].text;
    if (t === '-c' || /^-[a-zA-Z]*c[a-zA-Z]*$/.test(t) || t === '--command') return argv[i + 1]?.text;
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

/** Scripts and commands carried inside `cmd`'s arguments. */
export function nestedCommands(name: string, argv: Word[], elevated: boolean): Nested[] {
  const args = argv.slice(1).map((w) => w.text);
  if (SHELLS.has(name)) {
    const src = shellCommandString(argv);
    return src === undefined ? [] : [{ kind: 'source', src, origin: 'shell-c', elevated }];
  }
  if (name === 'eval' || name === 'source' || name === '.') {
    return name === 'eval' ? [{ kind: 'source', src: args.join(' '), origin: 'eval', elevated }] : [];
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
    return [];
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
  return [];
}
