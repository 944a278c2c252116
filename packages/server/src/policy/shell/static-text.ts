// What a command substitution prints, when that is known without running anything: a pipeline
// of text producers (`echo`, `printf`, `cat <<<`) and decoders (`base64 -d`, `xxd -r -p`, `rev`,
// `tr` rotations). `eval "$(printf '\x72\x6d …')"` or `bash -c "$(echo … | base64 -d)"` run that
// text, so it is put in place of the substitution and judged as the script it is (issue #16).
// A substitution that decodes text we cannot compute is reported as such (`decodes`), so the
// caller can refuse to run opaque code.
import { unzipSync } from 'node:zlib';
import { lex, matchParen, type Token } from './lexer.js';

export interface StaticText {
  /** The text with every substitution whose output is known replaced by that output. */
  text: string;
  /** The pipelines whose output was put in place, e.g. `printf | rev` (empty: none). */
  resolved: string[];
  /** Some of them decoded or unescaped text (base64, hex, `rev`, printf escapes). */
  decoded: boolean;
  /** A substitution decodes or unescapes text whose result could not be computed. */
  opaque: boolean;
}

/** A plain program name, as `which` and `command -v` are given. */
const PROGRAM_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.+-]*$/;
const MAX_TOKENS = 200;
const MAX_OUTPUT = 16_384;
const DECODER = /^(?:base64|base32|basenc|xxd|rev|tr|openssl|uudecode|gunzip|zcat|gzip|xz|unxz|bzip2|bunzip2)$/;

/** `\xHH`, `\NNN` (octal), `\uHHHH`, `\n`, `\t` … as printf's format (and `echo -e`, `%b`) read them. */
function unescape(s: string, octalNeedsZero = false): string {
  return s.replace(/\\(x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|0[0-7]{0,3}|[1-7][0-7]{0,2}|.)/gs, (m, e: string) => {
    if (e[0] === 'x' || e[0] === 'u') return String.fromCharCode(parseInt(e.slice(1), 16));
    if (/^[0-7]/.test(e)) {
      if (octalNeedsZero && e[0] !== '0') return m;
      return String.fromCharCode(parseInt(e.length > 1 && e[0] === '0' && octalNeedsZero ? e.slice(1) : e, 8));
    }
    const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', e: '\x1b', f: '\f', v: '\v', '\\': '\\', '"': '"', "'": "'" };
    return simple[e] ?? m;
  });
}

/** printf FORMAT ARGS: the format is reused until the arguments are consumed. */
export function printf(args: string[]): string | undefined {
  const [format, ...rest] = args;
  if (format === undefined) return undefined;
  let out = '';
  let k = 0;
  for (let round = 0; round < 64; round++) {
    let used = false;
    out += format.replace(/%(%|[-+ #0]*\d*(?:\.\d+)?([sbcdiouxX]))|\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/g, (m, spec: string | undefined, conv: string | undefined) => {
      if (m.startsWith('\\')) return unescape(m);
      if (spec === '%') return '%';
      used = true;
      const v = rest[k++] ?? '';
      if (conv === 'b') return unescape(v, true);
      if (conv === 'c') return v.slice(0, 1);
      if (conv === 's') return v;
      const n = Number(v || 0);
      return conv === 'x' ? n.toString(16) : conv === 'X' ? n.toString(16).toUpperCase() : conv === 'o' ? n.toString(8) : String(Math.trunc(n));
    });
    if (!used || k >= rest.length || out.length > MAX_OUTPUT) break;
  }
  return out;
}

/** Expands `tr` sets such as `a-zA-Z` or `n-za-m`. */
function trSet(s: string): string | undefined {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    if (s[i + 1] === '-' && i + 2 < s.length) {
      const a = s.charCodeAt(i);
      const b = s.charCodeAt(i + 2);
      if (b < a || b - a > 256) return undefined;
      for (let c = a; c <= b; c++) out += String.fromCharCode(c);
      i += 2;
    } else if (s[i] === '[' || s[i] === '\\') return undefined; // classes and escapes: not modelled
    else out += s[i];
  }
  return out;
}

// The decoders themselves, shared with the rules that decode literals in interpreter code
// (inline-code.ts: `b64decode('…')`, `pack("H*", …)`, `"…".reverse`): one implementation each.

/** Base64 (standard or URL-safe, whitespace ignored) as UTF-8 text; undefined when it is not base64. */
export function decodeBase64(text: string): string | undefined {
  const clean = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/=_-]*$/.test(clean)) return undefined;
  return Buffer.from(clean, 'base64').toString('utf8');
}

/** Hex digits (whitespace ignored) as UTF-8 text; undefined when they are not pairs of hex digits. */
export function decodeHex(text: string): string | undefined {
  const hex = text.replace(/\s+/g, '');
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) return undefined;
  return Buffer.from(hex, 'hex').toString('utf8');
}

/** Each line reversed, as `rev` prints it. */
export function reverseLines(text: string): string {
  return text.split('\n').map((l) => [...l].reverse().join('')).join('\n');
}

/**
 * zlib or gzip data (given as base64) inflated to text, at most MAX_OUTPUT
 * bytes: a bomb stops at the cap (and is then not decoded).
 */
export function inflateBase64(text: string): string | undefined {
  const clean = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/=_-]*$/.test(clean)) return undefined;
  try {
    return unzipSync(Buffer.from(clean, 'base64'), { maxOutputLength: MAX_OUTPUT }).toString('utf8');
  } catch {
    return undefined;
  }
}

/** `seq`: the stage starts a new pipeline of a `;`/`&&` list (its output is appended, not piped). */
type Stage = { words: string[]; stdin?: string; seq?: boolean };

/** Where a substitution's commands run: `.` (the caller's directory) until a `cd` in it moves. */
interface Place {
  cwd: string;
  /** Nesting of `eval` inside the substitution (each level re-reads the text). */
  evals: number;
}

/** Variables whose value a substitution knows: the home directory and the working directory. */
function knownVariable(name: string, place: Place): string | undefined {
  return name === 'HOME' ? '~' : name === 'PWD' ? place.cwd : undefined;
}

/** `$HOME`, `${PWD}` … leading a path, put in place; undefined when another variable is left. */
function withKnownVariables(path: string, place: Place): string | undefined {
  const out = path.replace(/^\$(?:\{(HOME|PWD)\}|(HOME|PWD)\b)/, (_m, a: string | undefined, b: string | undefined) => knownVariable(a ?? b!, place)!);
  return out.includes('$') ? undefined : out;
}

/** The current user, however it is spelled (`$USER`, `${LOGNAME}`, `$(whoami)`, `$(id -un)`). */
const CURRENT_USER = /^(?:\$\{?(?:USER|LOGNAME)\}?|\$\((?:whoami|id -un|id -nu)\)|`(?:whoami|id -un)`)$/;

/** The directory `cd DIR` moves to from `cwd`, textually. */
function cdTarget(cwd: string, dir: string | undefined): string {
  if (dir === undefined || dir === '~' || dir === '') return '~';
  if (dir.startsWith('/') || dir.startsWith('~')) return pathPart('realpath', dir);
  return pathPart('realpath', `${cwd}/${dir}`);
}

/** `cut -d D -f N[,M]` (a field list of single numbers) on each line. */
function cut(args: string[], stdin: string): string | undefined {
  let delim = '\t';
  let fields: number[] | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const d = /^(?:-d|--delimiter=?)(.*)$/.exec(a);
    const f = /^(?:-f|--fields=?)(.*)$/.exec(a);
    if (d) delim = d[1] || args[++i] || '';
    else if (f) {
      const list = (f[1] || args[++i] || '').split(',');
      if (!list.every((n) => /^\d+$/.test(n))) return undefined;
      fields = list.map(Number);
    } else return undefined;
  }
  if (!fields || delim.length !== 1) return undefined;
  return stdin.split('\n').map((l) => (l.includes(delim) ? fields!.map((n) => l.split(delim)[n - 1] ?? '').join(delim) : l)).join('\n');
}

/** One stage's output given its input; undefined when it is not a known producer or decoder. */
function run(stage: Stage, input: string | undefined, place: Place = { cwd: '.', evals: 0 }): string | undefined {
  const [name, ...args] = stage.words;
  const stdin = stage.stdin ?? input;
  switch (name) {
    case 'printenv': {
      // `printenv HOME` prints the home directory: known without reading the environment.
      const value = args.length === 1 ? knownVariable(args[0], place) : undefined;
      return value === undefined ? undefined : `${value}\n`;
    }
    case 'getent': {
      // The passwd entry of a user: its sixth field is the home directory (`~` for the caller).
      if (args.length !== 2 || args[0] !== 'passwd') return undefined;
      const user = CURRENT_USER.test(args[1]) ? 'user' : /^[a-z_][a-z0-9_.-]*$/i.test(args[1]) ? args[1] : undefined;
      return user === undefined ? undefined : `${user}:x:1000:1000::${user === 'user' ? '~' : `~${user}`}:/bin/sh\n`;
    }
    case 'cut':
      return stdin === undefined ? undefined : cut(args, stdin);
    case 'ls': {
      // `ls -d ~/.ssh/*` prints the paths its glob matches: the glob stands for them. (Only paths
      // outside the project, whose names are what the rules judge; `ls` of the project is unknown.)
      const paths = args.filter((a) => !a.startsWith('-'));
      if (paths.length !== 1 || !args.every((a) => !a.startsWith('-') || /^-[1dA]+$/.test(a))) return undefined;
      const path = withKnownVariables(paths[0], place);
      return path !== undefined && /^[~/]/.test(path) ? `${path}\n` : undefined;
    }
    case 'grep': {
      // `grep -v …` drops some of the lines: what is left is among them, so the input stands for
      // it. (A grep that keeps only matching lines narrows the set in ways not modelled.)
      if (stdin === undefined || !args.some((a) => /^-[a-zA-Z]*v/.test(a) || a === '--invert-match')) return undefined;
      return args.every((a, k) => a.startsWith('-') || args[k - 1] === '-e' || args[k - 1] === '--regexp' || k === args.findIndex((x) => !x.startsWith('-'))) ? stdin : undefined;
    }
    case 'awk': {
      // Only `awk -F: '{print $N}'`, the other way to take a field.
      const m = args.length === 2 ? /^-F(.)$/.exec(args[0]) : undefined;
      const field = /^\{\s*print \$(\d+)\s*\}$/.exec(args[1] ?? '');
      return m && field && stdin !== undefined ? cut(['-d', m[1], '-f', field[1]], stdin) : undefined;
    }
    case 'cd':
      // Moves where the rest of the substitution runs; prints nothing.
      if (args.some((a) => a === '-' || a.includes('$'))) return undefined;
      place.cwd = cdTarget(place.cwd, args.find((a) => !a.startsWith('-')));
      return '';
    case 'eval': {
      // `eval echo ~$USER`: the user's name is put in place before eval runs, so it reads `~name`.
      if (place.evals >= 4) return undefined;
      const text = args.map((a) => a.replace(/^~(?:\$\{?(?:USER|LOGNAME)\}?)(?=\/|$)/, '~')).join(' ');
      return outputOf(text, { cwd: place.cwd, evals: place.evals + 1 })?.concat('\n');
    }
    case 'echo': {
      let i = 0;
      let escapes = false;
      let newline = true;
      for (; i < args.length && /^-[neE]+$/.test(args[i]); i++) {
        if (args[i].includes('e')) escapes = true;
        if (args[i].includes('n')) newline = false;
      }
      const text = args.slice(i).join(' ');
      return (escapes ? unescape(text, true) : text) + (newline ? '\n' : '');
    }
    case 'printf':
      return args[0] === '-v' ? undefined : printf(args[0] === '--' ? args.slice(1) : args);
    case 'cat':
      return args.length === 0 ? stdin : undefined;
    case 'base64':
    case 'openssl': {
      const decode = name === 'base64' ? args.some((a) => /^-[a-zA-Z]*[dD]|^--decode$/.test(a)) : args.includes('-d') && args.some((a) => a === 'base64' || a === '-base64' || a === '-a');
      if (!decode || stdin === undefined) return undefined;
      const files = name === 'base64' ? args.filter((a) => !a.startsWith('-')) : [];
      if (files.length) return undefined;
      return decodeBase64(stdin);
    }
    case 'xxd': {
      if (!args.some((a) => /^-[a-z]*r/.test(a)) || !args.some((a) => /^-[a-z]*p|^-plain$|^-ps$/.test(a)) || stdin === undefined) return undefined;
      return decodeHex(stdin);
    }
    case 'rev':
      return args.length === 0 && stdin !== undefined ? reverseLines(stdin) : undefined;
    case 'tr': {
      // (Only the plain translation: `-d`, `-s`, `-c` change what the sets mean.)
      if (args.length !== 2 || stdin === undefined || args[0].startsWith('-')) return undefined;
      const from = trSet(args[0]);
      const to = trSet(args[1]);
      if (!from || !to) return undefined;
      return [...stdin].map((c) => {
        const at = from.indexOf(c);
        return at < 0 ? c : to[Math.min(at, to.length - 1)];
      }).join('');
    }
    case 'which':
    case 'command':
    case 'type': {
      // `$(which rm)`, `$(command -v rm)`, `$(type -P rm)` print where the program is: run as a
      // command name, it is that program (programName reads the last path segment).
      const names = name === 'which' ? args : name === 'command' ? (args[0] === '-v' ? args.slice(1) : []) : args[0] === '-P' || args[0] === '-p' ? args.slice(1) : [];
      return names.length === 1 && PROGRAM_NAME.test(names[0]) ? `/usr/bin/${names[0]}\n` : undefined;
    }
    case 'pwd':
      return args.every((a) => a === '-L' || a === '-P') ? `${place.cwd}\n` : undefined;
    case 'git':
      // The repository's top level holds the working directory: deleting it deletes the project.
      if (args[0] !== 'rev-parse' || args.length !== 2) return undefined;
      return args[1] === '--show-toplevel' ? '.\n' : args[1] === '--git-dir' || args[1] === '--absolute-git-dir' ? '.git\n' : undefined;
    case 'dirname':
    case 'basename':
    case 'realpath':
    case 'readlink': {
      const paths = args.filter((a) => !a.startsWith('-'));
      if (paths.length !== 1 || (name === 'readlink' && !args.some((a) => /^-[a-z]*[fem]/.test(a)))) return undefined;
      // `dirname "$PWD"` is the parent of the working directory, `dirname ~` the parent of home.
      const path = withKnownVariables(paths[0], place);
      if (path === undefined || (name === 'basename' && path !== paths[0])) return undefined;
      return `${pathPart(name, path, path !== paths[0] || path === '~' || path.startsWith('~/'))}\n`;
    }
    default:
      return undefined;
  }
}

/**
 * What dirname, basename, realpath and readlink -f print for a path, textually (no I/O).
 * `directory`: the path names a known directory (the working directory, home), whose dirname
 * is its parent (`..`, `~/..`) rather than the textual `.`.
 */
function pathPart(name: string, path: string, directory = false): string {
  const abs = path.startsWith('/');
  const parts: string[] = [];
  for (const seg of path.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..' && parts.length && parts[parts.length - 1] !== '..' && parts[parts.length - 1] !== '~') parts.pop();
    else parts.push(seg);
  }
  if (name === 'basename') return parts[parts.length - 1] ?? (abs ? '/' : '.');
  if (name === 'dirname') {
    const last = parts.pop();
    if (directory && !abs && (last === undefined || last === '~' || last === '..')) parts.push(...(last === undefined ? [] : [last]), '..');
  }
  const joined = parts.join('/');
  return abs ? `/${joined}` : joined || '.';
}

/** Splits a substitution's tokens into pipeline stages; undefined for anything but one plain pipeline. */
function stagesOf(tokens: Token[]): Stage[] | undefined {
  const stages: Stage[] = [{ words: [] }];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const cur = stages[stages.length - 1];
    if (t.t === 'word') {
      if (t.subs.length) return undefined; // nested substitutions: not computed
      cur.words.push(t.text);
    } else if (t.t === 'op' && t.op === '|') stages.push({ words: [] });
    // `cd ~ && pwd`, `cd ..; pwd`: a list whose outputs are appended.
    else if (t.t === 'op' && (t.op === '&&' || t.op === ';')) stages.push({ words: [], seq: true });
    else if (t.t === 'redir' && (t.op === '<<<' || t.op === '<<' || t.op === '<<-')) {
      const next = tokens[++i];
      if (!next || next.t !== 'word') return undefined;
      cur.stdin = t.op === '<<<' ? `${next.text}\n` : next.text;
    } else if (t.t === 'redir' && /^[0-9]?>/.test(t.op)) i++; // `2>/dev/null`: stdout unchanged
    else return undefined;
  }
  return stages.every((s) => s.words.length > 0) ? stages : undefined;
}

/**
 * The output of `src` (a substitution's text), when it is a pipeline of known producers and
 * decoders; `decoder` names the pipeline when it decodes or unescapes anything.
 */
export function substitutionOutput(src: string): { output?: string; decoder?: string; pipeline?: string } {
  const { tokens, truncated } = lex(src, MAX_TOKENS);
  if (truncated) return {};
  const stages = stagesOf(tokens);
  if (!stages) {
    const names = tokens.filter((t): t is Token & { t: 'word' } => t.t === 'word').map((t) => t.text);
    return names.some((n) => DECODER.test(n)) ? { decoder: names.filter((n) => DECODER.test(n)).join(' | ') } : {};
  }
  const names = stages.map((s) => s.words[0]);
  const decodes = names.some((n) => DECODER.test(n)) || stages.some((s) => (s.words[0] === 'printf' || (s.words[0] === 'echo' && s.words.some((w) => /^-[nE]*e/.test(w)))) && s.words.some((w) => /\\(?:x[0-9a-fA-F]|[0-7]{2,3}|u[0-9a-fA-F])/.test(w)));
  const decoder = decodes ? names.join(' | ') : undefined;
  const out = runStages(stages, { cwd: '.', evals: 0 });
  if (out === undefined) return { decoder };
  // A substitution drops trailing newlines.
  return { output: out.replace(/\n+$/, ''), decoder, pipeline: names.filter((n) => n !== 'cd').join(' | ') };
}

/**
 * What a pipeline's stages print, each given as its words and the here-text it reads, when every
 * stage is a known producer or transformer (`tr 'a-z' 'n-za-m' <<< 'ez -es ~'` prints `rm -rf ~`).
 */
export function pipelineOutput(stages: readonly { words: string[]; stdin?: string }[]): string | undefined {
  if (stages.length === 0 || stages.some((s) => s.words.length === 0)) return undefined;
  return runStages(stages.map((s) => ({ words: s.words, stdin: s.stdin })), { cwd: '.', evals: 0 });
}

/** The output of a list of pipelines, or undefined when any stage's output is not known. */
function runStages(stages: Stage[], place: Place): string | undefined {
  let done = '';
  let out: string | undefined;
  for (const s of stages) {
    if (s.seq) {
      done += out ?? '';
      out = undefined;
    }
    out = run(s, out, place);
    if (out === undefined || done.length + out.length > MAX_OUTPUT) return undefined;
  }
  return done + (out ?? '');
}

/** What `text` (an eval's words) prints, as a substitution would capture it. */
function outputOf(text: string, place: Place): string | undefined {
  const { tokens, truncated } = lex(text, MAX_TOKENS);
  const stages = truncated ? undefined : stagesOf(tokens);
  return stages ? runStages(stages, place)?.replace(/\n+$/, '') : undefined;
}

/**
 * `text` with each top-level `$( … )` or backtick substitution whose output is known replaced by
 * that output. Used where the text is about to be run as code (eval, `sh -c`, a program name).
 */
export function resolveSubstitutions(text: string): StaticText {
  if (!text.includes('$(') && !text.includes('`')) return { text, resolved: [], decoded: false, opaque: false };
  const resolved: string[] = [];
  let decoded = false;
  let opaque = false;
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    let inner: string | undefined;
    let end = -1;
    if (c === '$' && text[i + 1] === '(' && text[i + 2] !== '(') {
      end = matchParen(text, i + 2);
      if (end < 0) {
        // Unclosed: bash would refuse the whole line, and nothing after it is top level. Looking
        // again from every later `$(` would make this quadratic in the text's length.
        out += text.slice(i);
        break;
      }
      inner = text.slice(i + 2, end);
    } else if (c === '`') {
      end = text.indexOf('`', i + 1);
      if (end > 0) inner = text.slice(i + 1, end);
    }
    if (inner === undefined) {
      out += c;
      i++;
      continue;
    }
    const r = substitutionOutput(inner);
    if (r.decoder && r.output === undefined) opaque = true;
    if (r.output !== undefined) {
      resolved.push(r.pipeline!);
      if (r.decoder) decoded = true;
      out += r.output;
    } else out += text.slice(i, end + 1);
    i = end + 1;
  }
  return { text: out, resolved, decoded, opaque };
}
