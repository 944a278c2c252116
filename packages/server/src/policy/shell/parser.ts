// Recursive-descent parser for POSIX-ish shell: lists (`;`, `&`, newline), and-or chains,
// pipelines, `( … )` and `{ …; }` groups, redirections, heredocs and function definitions.
// Nested scripts (substitutions, `bash -c`, `eval`, `find -exec`, …) are parsed with a depth
// bound and their commands are flattened into the result, so one rule pass sees them all.
import { normalizePath } from '../paths.js';
import { lex, substitutionsIn, type Token } from './lexer.js';
import { definedScript, DEFINERS, rememberDefinition, shellQuote, throughLinks, type LineDefinitions } from './definitions.js';
import { expandBraces, expandParameters, ifsSplitter, readFields, referenceTo } from './expand.js';
import { printf, resolveSubstitutions } from './static-text.js';
import { shellInvocation } from './shell-args.js';
import { nestedCommands, programName, unwrapPrefixes } from './unwrap.js';
import { rememberWrites, startupFile, writtenFile, WrittenFiles } from './written-files.js';
import { makefileArgs, makefileRecipes } from './makefile.js';
import type { CommandOrigin, Pipeline, Redirect, Script, SimpleCommand, Word } from './types.js';

export interface ParseOptions {
  /** Nesting bound for substitutions and `sh -c` strings. */
  maxDepth?: number;
  /** Total simple commands kept across all nesting levels. */
  maxCommands?: number;
  /** Characters of input considered. */
  maxLength?: number;
}

/**
 * The parser's bounds. Input past them is not guessed at: the script is marked `unanalysable`
 * with the reason, and the policy denies it under strict and balanced (docs/policy.md).
 * Every level of nesting (a group, a substitution, an `sh -c` string, a `find -exec`) counts
 * towards `maxNesting`, so the parser's recursion, and with it the stack, is bounded; nested
 * scripts are re-read from their text, so `maxDepth` also bounds the work to `maxDepth` passes.
 */
export const SHELL_LIMITS = {
  maxNesting: 64,
  maxDepth: 8,
  maxCommands: 2000,
  maxLength: 262_144,
} as const;

interface Ctx extends LineDefinitions {
  commandsLeft: number;
  maxDepth: number;
  maxLength: number;
  /** Current nesting (groups, substitutions, nested scripts) across all levels. */
  nesting: number;
  /**
   * Characters nested scripts may still re-read. Each level re-reads its text, so without this
   * an `eval eval eval …` chain costs the depth bound times the input; with it, at most
   * `NESTED_READ_FACTOR` times the input (plus a small allowance).
   */
  charsLeft: number;
  /** The first reason the input could not be analysed, shared by every level. */
  unanalysable?: string;
  /** Simple variable assignments seen so far (`f=.env`), expanded in later words. */
  vars?: Map<string, string>;
  /** Arrays set so far (`read -a T`, `T=(a b)`): `"${T[@]}"` expands to their elements. */
  arrays?: Map<string, string[]>;
  /** Functions defined so far: their body tokens, re-read with the arguments of each call. */
  functions?: Map<string, Token[]>;
  /** Files written earlier in the line with visible content (`echo … > f`, `cat > f <<EOF`). */
  files?: WrittenFiles;
  /**
   * Loop variables bound to an unquoted glob (`for f in ~/.ssh/id_*`): the shell expanded the
   * glob, so `"$f"` is each file it matched, and is judged as the glob's matches, not a literal name.
   */
  globVars?: Set<string>;
  /** The env file `source`/`.` loaded earlier in the line, if any (SimpleCommand.envLoaded). */
  loadedEnv?: string;
}

/** Per-list state: where earlier `cd`s moved. Groups start from their parent's state. */
interface ListState {
  subdir: boolean;
  shift?: string;
}

// Variables whose value is known without running anything.
// TMPDIR is some directory below /tmp (or /var/folders): `$TMPDIR/x` is scratch, `$TMPDIR/../..` is not.
/** What `$TMPDIR` (and `$TMP`, `$TEMP`) stand for: a private scratch directory of the user. */
export const TMPDIR_STANDIN = '/tmp/tmpdir';
// PWD is the working directory: `$PWD`, like `.`, is resolved against where earlier `cd`s moved.
const WELL_KNOWN: Record<string, string> = { TMPDIR: TMPDIR_STANDIN, TMP: TMPDIR_STANDIN, TEMP: TMPDIR_STANDIN, PWD: '.' };
const POSITIONAL = /\$\{?([1-9])\}?/g;

const WINDOWS_ABSOLUTE = /^(?:%[A-Za-z]+%|\$env:[A-Za-z]+|[A-Za-z]:[\\/])/;

function joinShift(shift: string | undefined, dir: string | undefined): string | undefined {
  if (dir === undefined || dir === '' || dir === '~' || dir === '$HOME' || dir === '${HOME}') return '~';
  if (dir === '-') return undefined;
  if (/^[/~]/.test(dir) || /^\$\{?HOME\}?\//.test(dir)) return dir;
  // Windows spellings of an absolute place: `%USERPROFILE%\src`, `$env:APPDATA`, `C:\Users\u\x`.
  if (WINDOWS_ABSOLUTE.test(dir)) {
    const n = normalizePath(dir);
    if (/^[/~]/.test(n)) return n;
  }
  const base = shift ?? '';
  const parts = (base ? base + '/' + dir : dir).split('/');
  const out: string[] = [];
  for (const seg of parts) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..' && out.length && out[out.length - 1] !== '..' && out[out.length - 1] !== '~' && !(out.length === 1 && out[0] === '')) out.pop();
    else out.push(seg);
  }
  const abs = base.startsWith('/');
  const joined = (abs ? '/' : '') + out.join('/');
  return joined === '' ? (abs ? '/' : undefined) : joined;
}

const VIA: Partial<Record<CommandOrigin, string>> = {
  'shell-c': 'a shell -c string',
  eval: 'an eval',
  substitution: 'a command substitution',
  'find-exec': 'find -exec',
  remote: 'an ssh command',
  'script-file': 'a script written earlier in the same command',
};

const NESTED_READ_FACTOR = 4;
const NESTED_READ_ALLOWANCE = 16_384;

function giveUp(ctx: Ctx, reason: string): void {
  ctx.unanalysable ??= reason;
}

const EMPTY_SOURCE = /^\s*$/;
const EMPTY_SCRIPT = Object.freeze({ commands: Object.freeze([]), pipelines: Object.freeze([]), truncated: false, unanalysable: undefined }) as unknown as Script;

/**
 * The redirections of a command without any (most commands), shared: nothing appends to a
 * command's list once it is made. Not frozen, so it keeps the elements kind of the others.
 */
const NO_REDIRECTS: Redirect[] = [];
/** A pipeline's stages before its first one is parsed (replaced then, never appended to). */
const NO_STAGES: SimpleCommand[][] = [];

// Words that open or close compound commands; the commands inside are what matter.
const SKIP_KEYWORDS = new Set(['if', 'then', 'else', 'elif', 'fi', 'do', 'done', 'while', 'until', '!', 'esac', '}']);
const HEADER_KEYWORDS = new Set(['for', 'select', 'function']);
// Words that open or belong to a compound command: a `set -n` after one may not run (setsNoexec).
const COMPOUND_WORDS = new Set([...SKIP_KEYWORDS, ...HEADER_KEYWORDS, 'case', 'in', '{', '[[', ']]']);

function isProjectSubdir(path: string | undefined): boolean {
  // (`./../..`, what `"$PWD/../.."` expands to, and `src/../..` climb out: no subdirectory.)
  return !!path && !/^[/~$-]/.test(path) && path !== '.' && !/(?:^|\/)\.\.(?:\/|$)/.test(path) && !WINDOWS_ABSOLUTE.test(path);
}

class Parser {
  private pos = 0;
  private lastLabel = '';
  private lastVia: string[] | undefined = undefined;

  constructor(
    private readonly tokens: Token[],
    private readonly depth: number,
    private readonly origin: CommandOrigin,
    private readonly elevated: boolean,
    private readonly ctx: Ctx,
    private readonly out: Script,
    private readonly via: string[] = [],
    private readonly positional?: Word[],
    private readonly inherit?: ListState,
    /** A non-interactive shell's script: `set -n` at its top level stops the rest from running. */
    private readonly noexecStops = false,
  ) {}


  /** Counts one more level of nesting; false (and the rest of the input abandoned) past the bound. */
  private enter(): boolean {
    if (this.ctx.nesting >= SHELL_LIMITS.maxNesting) {
      giveUp(this.ctx, `nesting deeper than ${SHELL_LIMITS.maxNesting} levels cannot be analysed`);
      this.out.truncated = true;
      this.pos = this.tokens.length;
      return false;
    }
    this.ctx.nesting++;
    return true;
  }

  private peek(): Token | undefined {
    return this.tokens[this.pos];
  }

  private isOp(op: string): boolean {
    const t = this.peek();
    return t?.t === 'op' && t.op === op;
  }

  parseList(closing?: ')' | '}' | 'esac', inherit?: ListState): void {
    const from = inherit ?? this.inherit;
    const state: ListState = from ? { ...from } : { subdir: false };
    while (this.pos < this.tokens.length) {
      const t = this.peek()!;
      // A case arm ends at `;;` or at `esac`.
      if (closing === 'esac' && (t.t === 'op' ? t.op === ';;' : t.t === 'word' && t.text === 'esac' && !t.quoted)) return;
      if (t.t === 'op' && (t.op === ';' || t.op === '&' || t.op === '\n' || t.op === ';;')) {
        this.pos++;
        continue;
      }
      if (closing === ')' && this.isOp(')')) return;
      if (closing === '}' && t.t === 'word' && t.text === '}' && !t.quoted) return;
      if (t.t === 'op' && t.op === ')') {
        this.pos++; // stray `)`, e.g. from a `case` arm
        continue;
      }
      const before = this.pos;
      this.parseAndOr(state);
      if (this.pos === before) this.pos++; // never loop on an unexpected token
      if (this.noexecStops && closing === undefined && this.setsNoexec(before)) {
        // `set -n` (or `set -o noexec`): the shell only reads the rest of the script.
        this.pos = this.tokens.length;
        return;
      }
      if (this.ctx.commandsLeft <= 0 || this.ctx.unanalysable) {
        if (this.pos < this.tokens.length && !this.ctx.unanalysable) giveUp(this.ctx, `more than ${SHELL_LIMITS.maxCommands} commands in one call cannot be analysed`);
        this.pos = this.tokens.length;
        return;
      }
    }
  }

  /**
   * The statement just read (from token `start`) is `set -n` / `set -o noexec`, and it surely
   * runs in this shell: every statement before it ran unconditionally (no `if`, loop, `case`,
   * group, `&&`/`||` or background job, which could skip it or run it in a subshell). Otherwise
   * the rest of the script is judged as if it ran: a `set -n` we cannot place stops nothing.
   */
  private setsNoexec(start: number): boolean {
    const words: string[] = [];
    for (let k = start; k < this.pos; k++) {
      const t = this.tokens[k];
      if (t.t !== 'word' || t.subs.length) return false;
      words.push(t.text);
    }
    if (words[0] !== 'set' || !shellInvocation(words.slice(1)).noexec) return false;
    const next = this.tokens[this.pos];
    if (next?.t === 'op' && next.op === '&') return false;
    for (let k = 0; k < start; k++) {
      const t = this.tokens[k];
      if (t.t === 'op' && t.op !== ';' && t.op !== '\n' && t.op !== '|') return false;
      if (t.t === 'word' && !t.quoted && COMPOUND_WORDS.has(t.text)) return false;
    }
    return true;
  }

  private parseAndOr(state: ListState): void {
    this.parsePipeline(state);
    while (this.isOp('&&') || this.isOp('||')) {
      this.pos++;
      while (this.isOp('\n')) this.pos++;
      this.parsePipeline(state);
    }
  }

  private parsePipeline(state: ListState): void {
    const pipeline: Pipeline = { stages: NO_STAGES };
    this.out.pipelines.push(pipeline);
    for (;;) {
      const stage = this.parseStage(pipeline, pipeline.stages.length, state);
      // Most pipelines have one stage: a list of exactly one (a list grown by push keeps room
      // for sixteen, and every pipeline of a 100 KB script stays alive while it is judged).
      if (pipeline.stages === NO_STAGES) pipeline.stages = [stage];
      else pipeline.stages.push(stage);
      if (!this.isOp('|') && !this.isOp('|&')) break;
      this.pos++;
      while (this.isOp('\n')) this.pos++;
    }
  }

  private parseStage(pipeline: Pipeline, stage: number, state: ListState): SimpleCommand[] {
    const t = this.peek();
    const group = t?.t === 'op' && t.op === '(' ? ')' : t?.t === 'word' && t.text === '{' && !t.quoted ? '}' : undefined;
    if (group) {
      this.pos++;
      const before = this.out.commands.length;
      if (!this.enter()) return [];
      this.parseList(group, state);
      this.ctx.nesting--;
      this.pos++; // the closing token
      while (this.peek()?.t === 'redir') this.pos += 2;
      return this.out.commands.slice(before);
    }
    return this.parseSimple(pipeline, stage, state);
  }

  private parseSimple(pipeline: Pipeline, stage: number, state: ListState): SimpleCommand[] {
    const words: Word[] = [];
    let redirects = NO_REDIRECTS; // a list of its own at the first redirection: most commands have none
    for (let t = this.peek(); t; t = this.peek()) {
      if (t.t === 'word') {
        if (words.length === 0 && !t.quoted && SKIP_KEYWORDS.has(t.text)) {
          if (t.text === 'while' && this.readLoop(state)) return [];
          this.pos++;
          continue;
        }
        if (words.length === 0 && !t.quoted) {
          if (t.text === 'case') return this.parseCase(state);
          if (t.text === 'function' && this.tokens[this.pos + 1]?.t === 'word') {
            // `function name [()] { …; }` defines a function like `name() { …; }`.
            const name = this.word(this.tokens[this.pos + 1] as Token & { t: 'word' });
            this.pos += 2;
            if (this.isOp('(') && this.tokens[this.pos + 1]?.t === 'op' && (this.tokens[this.pos + 1] as { op: string }).op === ')') this.pos += 2;
            return this.defineFunction(name.text, pipeline, stage, state);
          }
          if (HEADER_KEYWORDS.has(t.text)) {
            if (t.text === 'for' && this.forLoop(state)) return [];
            this.pos++;
            if (t.text === 'for' && this.isOp('(') && this.tokens[this.pos + 1]?.t === 'op' && (this.tokens[this.pos + 1] as { op: string }).op === '(') this.skipArithmeticHeader();
            const start = this.pos;
            // `for x in $(cmd)`, `select x in …`: the substitutions in the header run.
            for (let h = this.peek(); h && !this.isOp(';') && !this.isOp('\n') && !(h.t === 'word' && h.text === '{'); h = this.peek()) {
              if (h.t === 'word' && h.subs.length) this.word(h);
              this.pos++;
            }
            if (t.text !== 'function') this.bindLoopVariable(start, this.pos);
            return [];
          }
        }
        this.pushExpanded(words, this.word(t));
        this.pos++;
      } else if (t.t === 'redir') {
        this.pos++;
        const target = this.peek();
        if (target?.t === 'word') {
          if (redirects === NO_REDIRECTS) redirects = [];
          redirects.push({ op: t.op, target: this.redirectTarget(t.op, this.word(target)) });
          this.pos++;
        }
      } else if (t.op === '(' && words.length === 1 && this.tokens[this.pos + 1]?.t === 'op') {
        this.pos += 2;
        return this.defineFunction(words[0].text, pipeline, stage, state);
      } else break;
    }
    if (words.length === 0 && redirects.length === 0) return [];
    return this.makeCommand(words, redirects, pipeline, stage, state.subdir, this.origin, undefined, state);
  }

  /** The index of the `done` closing the `do` at `from`, or -1. */
  private loopEnd(from: number): number {
    let depth = 0;
    for (let k = from; k < this.tokens.length; k++) {
      const t = this.tokens[k];
      if (t.t !== 'word' || t.quoted) continue;
      if (t.text === 'do') depth++;
      else if (t.text === 'done' && --depth === 0) return k;
    }
    return -1;
  }

  /**
   * Runs a loop body once per value of its variables, as the shell does: `for d in ~/a ~/b; do
   * rm -rf "$d"; done` is judged as `rm -rf ~/a` and `rm -rf ~/b`. `bindings` sets the
   * variables of one round; the position moves past `done`.
   */
  /**
   * True when reading a loop body once per round stays well inside the parser's budgets: a long
   * body is read once, as before, rather than made unanalysable by being judged sixteen times.
   */
  private affordable(doAt: number, end: number, rounds: number): boolean {
    const tokens = (end - doAt) * rounds;
    return tokens * 8 * 2 <= this.ctx.charsLeft && tokens * 2 <= this.ctx.commandsLeft;
  }

  private runLoop(doAt: number, end: number, rounds: ((vars: Map<string, string>) => void)[], label: string, state: ListState): void {
    const body = this.tokens.slice(doAt + 1, end);
    for (const bind of rounds) {
      bind((this.ctx.vars ??= new Map()));
      this.recurse('', this.origin, this.elevated, label, undefined, body, state);
      if (this.ctx.unanalysable) break;
    }
    this.pos = end + 1;
  }

  /**
   * `for NAME in WORD…; do …; done` over words whose values are known (paths, names, brace
   * expansions, known substitutions): the body is judged once per value. Other loops (`for x in
   * $(cmd)`) are read as before, the body once with the variable unknown. False: not handled.
   */
  private forLoop(state: ListState): boolean {
    const name = this.tokens[this.pos + 1];
    const inWord = this.tokens[this.pos + 2];
    if (name?.t !== 'word' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name.text) || inWord?.t !== 'word' || inWord.text !== 'in') return false;
    let k = this.pos + 3;
    const list: (Token & { t: 'word' })[] = [];
    for (let t = this.tokens[k]; t && t.t === 'word'; t = this.tokens[++k]) {
      // A substitution whose output is not known (`for f in $(ls)`): the values are not known.
      if (t.subs.length && /\$\(|`/.test(this.knownOutputs(t.text))) return false;
      list.push(t);
    }
    if (list.length > MAX_LOOP_ROUNDS) return false;
    // (Expanded as arguments are, after a stand-in for the command name.)
    const values: Word[] = [FOR_HEAD];
    for (const t of list) {
      const before = values.length;
      this.pushExpanded(values, this.word(t));
      if (!t.quoted) {
        const expanded = values.splice(before).flatMap((w) => expandBraces(w.text, 16).map((x) => newWord(x, w.quoted, NO_SUBS)));
        values.push(...expanded);
      }
    }
    values.shift();
    if (values.length > MAX_LOOP_ROUNDS) return false;
    while (this.tokens[k]?.t === 'op' && ((this.tokens[k] as { op: string }).op === ';' || (this.tokens[k] as { op: string }).op === '\n')) k++;
    const doTok = this.tokens[k];
    if (values.length === 0 || doTok?.t !== 'word' || doTok.text !== 'do') return false;
    const end = this.loopEnd(k);
    if (end < 0 || !this.affordable(k, end, values.length)) return false;
    const label = `a for loop setting $${name.text} to ${values.map((v) => v.text).join(' ')}`.slice(0, 200);
    this.runLoop(k, end, values.map((v) => (vars: Map<string, string>) => (this.bindGlob(name.text, v), vars.set(name.text, v.text))), label, state);
    return true;
  }

  /**
   * `while read [-r] [-a ARR] NAME…; do …; done <<< WORD` (or a here-document): each line of
   * the input sets the variables for one round of the body.
   */
  private readLoop(state: ListState): boolean {
    let k = this.pos + 1;
    const cond: string[] = [];
    for (let t = this.tokens[k]; t && t.t === 'word' && !(t.text === 'do' && !t.quoted); t = this.tokens[++k]) {
      if (t.subs.length) return false;
      cond.push(t.text);
    }
    const assign = cond.length && /^IFS=/.test(cond[0]) ? cond.shift()!.slice(4) : undefined;
    if (cond[0] !== 'read') return false;
    while (this.tokens[k]?.t === 'op' && ((this.tokens[k] as { op: string }).op === ';' || (this.tokens[k] as { op: string }).op === '\n')) k++;
    const doTok = this.tokens[k];
    if (doTok?.t !== 'word' || doTok.text !== 'do') return false;
    const end = this.loopEnd(k);
    const redir = this.tokens[end + 1];
    const target = this.tokens[end + 2];
    if (end < 0 || redir?.t !== 'redir' || !/^<<[<-]?$/.test(redir.op) || target?.t !== 'word') return false;
    const input = this.expandedText(target as Token & { t: 'word' });
    const read = readOptions(cond.slice(1));
    const lines = input.split('\n').filter((l) => l !== '');
    if (!read || lines.length === 0 || lines.length > MAX_LOOP_ROUNDS || !this.affordable(k, end, lines.length)) return false;
    const ifs = assign ?? this.ctx.vars?.get('IFS');
    const label = `a while read loop over ${redir.op === '<<<' ? 'a here-string' : 'a here-document'}`;
    this.runLoop(k, end, lines.map((line) => (vars: Map<string, string>) => this.bindRead(vars, read, line, ifs)), label, state);
    this.pos = end + 3;
    return true;
  }

  /** Sets what `read` of `line` sets. */
  private bindRead(vars: Map<string, string>, read: { names: string[]; array?: string }, line: string, ifs: string | undefined): void {
    if (read.array !== undefined) {
      (this.ctx.arrays ??= new Map()).set(read.array, readFields(line, ifs, [], true));
      return;
    }
    const fields = readFields(line, ifs, read.names, false);
    read.names.forEach((n, k) => vars.set(n, fields[k] ?? ''));
  }

  /** A word's text with known variables and substitutions put in place (quotes already removed). */
  private expandedText(t: Token & { t: 'word' }): string {
    const out: Word[] = [FOR_HEAD];
    this.pushExpanded(out, this.word(t));
    return out.slice(1).map((w) => w.text).join(' ');
  }

  /**
   * `for f in ITEMS` (bash, zsh, fish; also `select`): the body runs with `$f` set to each item in
   * turn. The variable is bound to the item that reaches furthest (absolute, home, a variable or
   * `..`; else the first), so `for f in ./a ~/Documents/*; do : > "$f"; done` is judged as the
   * body run on `~/Documents/*`: every file there.
   */
  private bindLoopVariable(from: number, to: number): void {
    const name = this.tokens[from];
    const kw = this.tokens[from + 1];
    if (name?.t !== 'word' || name.quoted || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name.text) || kw?.t !== 'word' || kw.text !== 'in' || kw.quoted) return;
    const items: Word[] = [];
    for (let k = from + 2; k < to && items.length < 64; k++) {
      const w = this.tokens[k];
      if (w.t !== 'word') break;
      if (w.text === 'do' && !w.quoted) break;
      // (An item made by a command, `$(ls ~)`, is not known: it is not bound.)
      if (w.subs.length === 0) this.pushExpanded(items, w as unknown as Word);
    }
    if (items.length === 0) return;
    const far = items.find((w) => /^(?:[/~$]|\.\.(?:\/|$))/.test(w.text)) ?? items[0];
    (this.ctx.vars ??= new Map()).set(name.text, far.text);
    this.bindGlob(name.text, far);
  }

  /**
   * Records whether loop variable `name` now holds an unquoted glob's matches (ctx.globVars). Home
   * and absolute globs only: a project glob, `*.json`, is judged as written, as in `jq . *.json`.
   */
  private bindGlob(name: string, value: Word): void {
    if (!value.quoted && /[*?[]/.test(value.text) && /^(?:[~/]|\$\{?HOME\b)/.test(value.text)) (this.ctx.globVars ??= new Set()).add(name);
    else this.ctx.globVars?.delete(name);
  }

  /** A redirection's target after the expansions a word gets (`> "$f"`, `> $out/log`). */
  private redirectTarget(op: string, w: Word): Word {
    // (A here-document's target is its body, not a file name.)
    if (w.text.indexOf('$') < 0 || op.startsWith('<<')) return w;
    const out: Word[] = [];
    this.pushExpanded(out, w);
    if (out.length !== 1) return w;
    // A glob only stands for the files it matches when the variable is the whole target
    // (`> "$f"` in `for f in ~/Documents/*`); `> "$f.html"` names new files, left as written.
    if (/[*?[]/.test(out[0].text) && !/^\$\{?[A-Za-z_][A-Za-z0-9_]*\}?$/.test(w.text)) return w;
    return out[0];
  }

  /**
   * Skips `(( init; test; step ))` after `for`, running its substitutions. (A command-position
   * `(( … ))` elsewhere is still read as nested subshells: that is what POSIX sh makes of it.)
   */
  private skipArithmeticHeader(): void {
    let depth = 0;
    for (let t = this.peek(); t; t = this.peek()) {
      this.pos++;
      if (t.t === 'word' && t.subs.length) this.word(t);
      else if (t.t === 'op' && t.op === '(') depth++;
      else if (t.t === 'op' && t.op === ')' && --depth === 0) return;
    }
  }

  /**
   * The body of `name() { …; }` or `function name { …; }`, with the position just past the name
   * and its `()`. A definition runs nothing: the body is remembered, and each later call is
   * judged with the call's arguments.
   */
  private defineFunction(name: string, pipeline: Pipeline, stage: number, state: ListState): SimpleCommand[] {
    while (this.isOp('\n')) this.pos++;
    const start = this.pos;
    const commands = this.out.commands.length;
    const pipelines = this.out.pipelines.length;
    this.parseStage(pipeline, stage, state);
    this.out.commands.length = commands;
    this.out.pipelines.length = pipelines;
    (this.ctx.functions ??= new Map()).set(name, this.tokens.slice(start, this.pos));
    return [];
  }

  /**
   * `case WORD in [(]PATTERN[|PATTERN]…) LIST ;; … esac`: every arm's list may run. Substitutions
   * in the word and the patterns run too. A pattern not closed by `)` is read as a command list.
   */
  private parseCase(state: ListState): SimpleCommand[] {
    this.pos++; // case
    const subject = this.peek();
    if (subject?.t === 'word') {
      this.word(subject);
      this.pos++;
    }
    while (this.isOp('\n')) this.pos++;
    if (this.peek()?.t === 'word' && (this.peek() as { text: string }).text === 'in') this.pos++;
    if (!this.enter()) return [];
    for (let t = this.peek(); t; t = this.peek()) {
      if (t.t === 'op' && (t.op === '\n' || t.op === ';' || t.op === ';;')) {
        this.pos++;
        continue;
      }
      if (t.t === 'word' && t.text === 'esac' && !t.quoted) {
        this.pos++;
        break;
      }
      // The pattern list: words separated by `|`, optionally opened by `(`, closed by `)`.
      let at = this.pos + (t.t === 'op' && t.op === '(' ? 1 : 0);
      for (let p = this.tokens[at]; p && (p.t === 'word' || (p.t === 'op' && p.op === '|')); p = this.tokens[at]) at++;
      const close = this.tokens[at];
      if (close?.t === 'op' && close.op === ')') {
        for (let k = this.pos; k < at; k++) {
          const p = this.tokens[k];
          if (p.t === 'word' && p.subs.length) this.word(p);
        }
        this.pos = at + 1;
      }
      const before = this.pos;
      this.parseList('esac', state);
      if (this.pos === before && !this.isOp(';;')) this.pos++; // never loop on an unexpected token
      if (this.ctx.unanalysable) break;
    }
    this.ctx.nesting--;
    return [];
  }

  /**
   * Adds a word after expanding what is known without running anything: positional parameters
   * (of a called function, or set by `set --`), variables assigned earlier in the line, the
   * operators of parameter expansion (expand.ts), TMPDIR and PWD, and command substitutions whose
   * output is known (`$(git rev-parse --show-toplevel)`, `$(pwd)`, `$(echo ~)`: static-text.ts).
   * An unquoted expansion (or one in command position) splits into words at `$IFS`.
   */
  private pushExpanded(words: Word[], w: Word): void {
    let text = w.text;
    // (A program name printed by a substitution is unwrapped by nestedCommands, which names the printer.)
    // An assignment's value too (`H=$(printenv HOME)`): later words expand to it.
    if (w.subs.length && (words.length > 0 || ASSIGNMENT_WORD.test(text))) text = this.knownOutputs(text);
    if (text === w.text && text.indexOf('$') < 0) {
      // Brace expansion of an unquoted argument (`rm -rf ~/.{aws,ssh}` names both), at most sixteen
      // words from one. (`{}` and `{a}` have no comma and stay.)
      const parts = !w.quoted && words.length > 0 && text.indexOf('{') >= 0 ? expandBraces(text, 16) : undefined;
      if (parts && parts.length > 1) for (const part of parts) words.push(newWord(part, false, NO_SUBS));
      else words.push(w);
      return;
    }
    if (this.ctx.arrays && text.indexOf('[') > 0) {
      const whole = ARRAY_ALL.exec(text);
      const elements = whole ? this.ctx.arrays.get(whole[1]) : undefined;
      if (elements) {
        for (const e of elements) words.push(newWord(e, w.quoted, NO_SUBS));
        return;
      }
      text = text.replace(ARRAY_ELEMENT, (m, n: string, i: string) => this.ctx.arrays!.get(n)?.[Number(i)] ?? m);
    }
    const pos = this.positional ?? this.ctx.positional;
    if (pos && (text === '$@' || text === '$*' || text === '${@}' || text === '${*}')) {
      words.push(...pos);
      return;
    }
    if (pos) text = text.replace(POSITIONAL, (_, n: string) => pos[Number(n) - 1]?.text ?? '');
    const ctx = this.ctx;
    // Most words with a `$` hold only a substitution (`$(date +%s)`) or a variable nothing in the
    // line assigned (`$HOME/.ssh`): nothing to expand.
    if (text === w.text && (!PARAMETER_START.test(text) || (ctx.vars === undefined && !WELL_KNOWN_REF.test(text) && !PARAMETER_OPERATOR.test(text)))) {
      words.push(w);
      return;
    }
    const expanded = expandParameters(text, ctx, WELL_KNOWN);
    // `${p@P}`, `${(e)p}`: the value is expanded again, so its command substitutions run.
    for (const code of expanded.code) for (const src of substitutionsIn(code)) this.recurse(src, 'substitution', this.elevated, 'a prompt expansion (${…@P}) of a variable holding code');
    text = expanded.text;
    if (text === w.text) {
      words.push(w);
      return;
    }
    // `"$f"` of a loop variable over a glob: the files the glob matched, as the unquoted glob stands for them.
    if (w.quoted && ctx.globVars !== undefined && LONE_REFERENCE.test(w.text) && ctx.globVars.has(w.text.replace(/[${}]/g, ''))) {
      words.push(newWord(text, false, w.subs));
      return;
    }
    const split = ifsSplitter(ctx.vars?.get('IFS'));
    // (An assignment's value is never split: `x=$y` keeps y's spaces.)
    if ((!w.quoted || words.length === 0) && split.test(text.trim()) && !ASSIGNMENT_WORD.test(w.text)) {
      for (const part of text.trim().split(split)) if (part) words.push(newWord(part, w.quoted, w.subs));
    } else words.push(newWord(text, w.quoted, w.subs));
  }

  /**
   * A word's command substitutions whose output is known, put in place: `$(pwd)`, `$(echo ~)`,
   * `$(git rev-parse --show-toplevel)`, `$(dirname …)`.
   */
  private knownOutputs(text: string): string {
    if (text.length > 1024 || !((text.indexOf('$(') >= 0 && KNOWN_PRODUCER.test(text)) || (text.indexOf('`') >= 0 && KNOWN_PRODUCER_BACKTICK.test(text)))) return text;
    const r = resolveSubstitutions(text);
    // Decoded text (base64, printf escapes) is code being hidden: the dynamic-code rules judge that.
    // Only outputs without blanks (paths, names): text with blanks is code or a message, which the
    // shell -c and eval unwrapping resolves itself and names by its printer.
    if (r.resolved.length === 0 || r.decoded || r.opaque || r.text.length > 512 || /\s/.test(r.text)) return text;
    return r.text;
  }

  private word(t: Token & { t: 'word' }): Word {
    // A token without substitutions is a finished word (the lexer never changes a token once
    // the parser has it, and nothing changes a Word): it serves as one, instead of a copy per
    // word (a tenth of what a 100 KB script allocated). Its empty list is the lexer's shared one.
    if (t.subs.length === 0) return t as unknown as Word;
    return newWord(t.text, t.quoted, t.subs.map((s) => (EMPTY_SOURCE.test(s.src) ? this.emptySubstitution() : this.recurse(s.src, 'substitution', this.elevated))));
  }

  /**
   * An empty substitution runs nothing, but thousands of them (64 KiB of backticks) are no
   * command anyone writes: each counts against the command budget, so a flood of them is
   * reported as unanalysable instead of passing as harmless.
   */
  private emptySubstitution(): Script {
    if (this.ctx.commandsLeft-- <= 0 && !this.ctx.unanalysable) {
      giveUp(this.ctx, `more than ${SHELL_LIMITS.maxCommands} commands or command substitutions in one call cannot be analysed`);
      this.out.truncated = true;
    }
    return EMPTY_SCRIPT;
  }

  private recurse(src: string, origin: CommandOrigin, elevated: boolean, via?: string, positional?: Word[], tokens?: Token[], inherit?: ListState, noexecStops = false): Script {
    if (this.depth + 1 > this.ctx.maxDepth || this.ctx.commandsLeft <= 0 || this.ctx.unanalysable) {
      if (this.depth + 1 > this.ctx.maxDepth && src.trim()) giveUp(this.ctx, `commands nested more than ${this.ctx.maxDepth} levels deep (substitutions, \`sh -c\` strings, \`find -exec\`) cannot be analysed`);
      this.out.truncated = true;
      return { commands: [], pipelines: [], truncated: true, unanalysable: undefined };
    }
    if ((this.ctx.charsLeft -= tokens ? tokens.length * 8 : src.length) < 0) {
      giveUp(this.ctx, 'nested commands adding up to more than four times the length of the command cannot be analysed');
      this.out.truncated = true;
      return { commands: [], pipelines: [], truncated: true, unanalysable: undefined };
    }
    if (!this.enter()) return { commands: [], pipelines: [], truncated: true, unanalysable: undefined };
    const label = via ?? VIA[origin];
    const sub = parseWith(src, this.depth + 1, origin, elevated, this.ctx, label ? this.viaWith(label) : this.via, positional, tokens, inherit, noexecStops);
    this.ctx.nesting--;
    this.out.commands.push(...sub.commands);
    this.out.pipelines.push(...sub.pipelines);
    if (sub.truncated) this.out.truncated = true;
    return sub;
  }

  /**
   * This parser's wrapper path with `label` added, one list for a run of the same label: every
   * `$(date)` of a script shares one, so the rules' context for that path is made once, not per
   * substitution.
   */
  private viaWith(label: string): string[] {
    // The last label's list is kept (no map: most parsers recurse under one label, if at all).
    if (this.lastLabel !== label || this.lastVia === undefined) {
      this.lastLabel = label;
      this.lastVia = [...this.via, label];
    }
    return this.lastVia;
  }

  private makeCommand(
    words: Word[],
    redirects: Redirect[],
    pipeline: Pipeline,
    stage: number,
    cwdIsSubdir: boolean,
    origin: CommandOrigin,
    parent: SimpleCommand | undefined,
    state?: ListState,
  ): SimpleCommand[] {
    if (parent) {
      let levels = 0;
      for (let p: SimpleCommand | undefined = parent; p; p = p.parent) levels++;
      if (levels > this.ctx.maxDepth) {
        giveUp(this.ctx, `commands nested more than ${this.ctx.maxDepth} levels deep (substitutions, \`sh -c\` strings, \`find -exec\`) cannot be analysed`);
        this.out.truncated = true;
        return [];
      }
    }
    if (this.ctx.commandsLeft-- <= 0) {
      giveUp(this.ctx, `more than ${SHELL_LIMITS.maxCommands} commands in one call cannot be analysed`);
      this.out.truncated = true;
      return [];
    }
    const u = unwrapPrefixes(words);
    const name = programName(u.argv[0]);
    let via = u.wrappers.includes('xargs') || u.wrappers.includes('parallel') ? [...this.via, u.wrappers.includes('xargs') ? 'xargs' : 'parallel'] : this.via;
    if (this.ctx.links) {
      const linked = throughLinks(this.ctx.links, u.argv, name, redirects, this.ctx.symlinks);
      if (linked.label) {
        u.argv = linked.argv;
        redirects = linked.redirects;
        via = [...via, linked.label];
      }
    }
    // `env -C DIR prog` runs prog in DIR, as a `cd DIR &&` before it would.
    const shift = u.chdir !== undefined ? joinShift(state?.shift, u.chdir) : state?.shift;
    const argc = u.argv.length;
    const args: string[] = []; // pushed, not pre-sized: a packed array like every other args list
    for (let k = 1; k < argc; k++) args.push(u.argv[k].text);
    // A startup file this shell reads that the line wrote, all of it visible: judged in place.
    const startup = this.ctx.files?.size && SHELL_NAMES.has(name) ? startupFile({ name, args, assignments: u.assignments }) : undefined;
    const startupText = startup && this.ctx.files ? writtenFile(this.ctx.files, startup.file, shift, cwdIsSubdir) : undefined;
    // (Looked up before remember(): running a file with a program that may change it forgets its text.)
    const programText = this.ctx.files?.size && PROGRAM_RUNNERS.test(name) ? this.writtenProgram(name, args, shift, cwdIsSubdir) : undefined;
    // Every field is set, optional ones to undefined, in one order: all commands share one
    // hidden class, so the rules' property reads stay monomorphic (a command with `via` or
    // `cwdShift` added later had another shape, and the rules' inline caches went megamorphic).
    const cmd: SimpleCommand = {
      argv: u.argv,
      name,
      args,
      redirects,
      assignments: u.assignments,
      elevated: this.elevated || u.elevated,
      wrappers: u.wrappers,
      dynamicArgs: u.dynamicArgs || parent !== undefined,
      replaceString: u.replaceString,
      inputFromFile: u.inputFromFile ? true : undefined,
      callerEnv: u.callerEnv,
      timer: u.timer,
      startupWritten: startupText?.complete ? true : undefined,
      programText,
      envLoaded: this.ctx.loadedEnv ?? (u.wrappers.includes('dotenv') ? '.env' : undefined),
      parent,
      origin: u.wrappers.includes('xargs') ? 'xargs' : u.wrappers.includes('parallel') ? 'parallel' : origin,
      depth: this.depth,
      pipeline,
      stage,
      cwdIsSubdir,
      cwdShift: shift,
      via: via.length ? via : undefined,
    };
    this.out.commands.push(cmd);
    const made = [cmd];
    if (state && (name === 'cd' || name === 'pushd' || name === 'chdir')) {
      // cmd's `cd /d C:\dir` changes drive and directory: `/d` is its option, not a directory.
      const args = cmd.args.length > 1 && /^\/d$/i.test(cmd.args[0]) ? cmd.args.slice(1) : cmd.args;
      const dir = args.find((a) => !a.startsWith('-') || a === '-');
      state.subdir = isProjectSubdir(dir);
      state.shift = state.subdir && state.shift === undefined ? undefined : joinShift(state.shift, dir);
    } else if (state && name === 'popd') state.shift = undefined;
    this.remember(cmd);
    const fn = this.ctx.functions?.get(u.argv[0]?.text ?? '');
    if (fn && u.argv.length) this.recurse('', 'function', cmd.elevated, `the function ${u.argv[0].text}`, u.argv.slice(1), fn, state);
    // An alias defined earlier in the line: its body, with the call's arguments, is what runs.
    const alias = u.argv.length && !u.argv[0].quoted ? this.ctx.aliases?.get(u.argv[0].text) : undefined;
    if (alias !== undefined && !this.via.includes(`the alias ${u.argv[0].text}`)) this.recurse([alias, ...cmd.args.map(shellQuote)].join(' '), 'function', cmd.elevated, `the alias ${u.argv[0].text}`, undefined, undefined, state);
    const pkgScript = this.ctx.pkgScripts ? definedScript(this.ctx.pkgScripts, name, cmd.args) : undefined;
    if (pkgScript && !this.via.some((v) => v.startsWith(`the ${name} script ${pkgScript.name} `))) this.recurse(pkgScript.body, 'shell-c', cmd.elevated, `the ${name} script ${pkgScript.name} defined earlier in the same command`);
    if (startup && startupText) this.recurse(startupText.text, 'script-file', cmd.elevated, `a startup file (${startup.how} ${startup.file}) written earlier in the same command and read by ${name}`);
    const script = this.writtenScript(name, u.argv, shift, cwdIsSubdir);
    if (script !== undefined) this.recurse(script, 'script-file', cmd.elevated, `a script written earlier in the same command and run by ${name}`);
    for (const n of nestedCommands(name, u.argv, cmd.elevated, redirects, cmd.args)) {
      if (n.kind === 'source') {
        // (A nested script that runs in another directory, `ssh localhost cmd` in ~, starts there.)
        const sub = this.recurse(n.src, n.origin, n.elevated, n.via ?? (n.origin === 'shell-c' ? `a ${name} -c string` : undefined), undefined, undefined, n.cwd !== undefined ? { subdir: false, shift: n.cwd } : undefined, n.noexecStops);
        // A script run for each input: under xargs/parallel with a replace string, or by
        // `find -exec sh -c '…' _ {}`, whose `{}` words are find's matches.
        if (cmd.dynamicArgs && (cmd.replaceString !== undefined || (parent !== undefined && n.src.includes('{}')))) for (const c of sub.commands) c.fedBy ??= cmd;
      }
      else if (this.enter()) {
        for (const c of this.makeCommand(n.argv, NO_REDIRECTS, pipeline, stage, cwdIsSubdir, n.origin, cmd)) made.push(c);
        this.ctx.nesting--;
      }
    }
    return made;
  }

  /** Records variable assignments and files written with visible content for later commands. */
  private remember(cmd: SimpleCommand): void {
    if (cmd.name === '' || cmd.name === 'export' || cmd.name === 'declare' || cmd.name === 'local' || cmd.name === 'readonly' || cmd.name === 'typeset') {
      const list = cmd.name === '' ? cmd.assignments : cmd.args.filter((a) => ASSIGNMENT_WORD.test(a));
      // `declare -n r=HOME` (typeset, local): r is a name for HOME, `$r` expands to HOME's value.
      const nameref = cmd.name !== '' && cmd.name !== 'export' && cmd.args.some((a) => /^-[a-zA-Z]*n/.test(a));
      for (const a of list) {
        const eq = a.indexOf('=');
        const value = a.slice(eq + 1);
        const vars = (this.ctx.vars ??= new Map());
        this.ctx.globVars?.delete(a.slice(0, eq));
        vars.set(a.slice(0, eq), nameref ? (referenceTo(value, (n) => vars.get(n) ?? (Object.hasOwn(WELL_KNOWN, n) ? WELL_KNOWN[n] : undefined)) ?? value) : value);
      }
    }
    else if (cmd.name === 'read') {
      // `IFS=, read -ra T <<< "$HOME/.ssh,$HOME/.gnupg"`: the variables hold the fields.
      const here = cmd.redirects.find((r) => r.op === '<<<');
      const read = here ? readOptions(cmd.args) : undefined;
      const line = here?.target.text.split('\n')[0];
      if (read && line !== undefined) {
        const ifs = cmd.assignments.find((a) => a.startsWith('IFS='))?.slice(4) ?? this.ctx.vars?.get('IFS');
        this.bindRead((this.ctx.vars ??= new Map()), read, line, ifs);
      }
    }
    else if (DEFINERS.has(cmd.name)) rememberDefinition(this.ctx, cmd);
    // `source .env`, `. ./.env.production`: the file's variables are in the environment from here on.
    else if ((cmd.name === 'source' || cmd.name === '.') && cmd.args[0] !== undefined && ENV_FILE_NAME.test(cmd.args[0])) this.ctx.loadedEnv = cmd.args[0];
    // `printf -v NAME FMT ARGS` assigns what printf would print (`printf -v d %s "$HOME"`).
    // (Only formats whose conversions are %s, %d and %%: printf's text of others, `%q`, is not computed.)
    else if (cmd.name === 'printf' && cmd.args[0] === '-v' && cmd.args.length >= 3 && ASSIGNMENT_NAME.test(cmd.args[1]) && !/%[^sd%]/.test(cmd.args[2]) && !cmd.argv.some((w) => w.subs.length > 0)) {
      const value = printf(cmd.args.slice(2));
      if (value !== undefined && value.length <= 1024) (this.ctx.vars ??= new Map()).set(cmd.args[1], value);
    }
    else if (cmd.argv.length > 0 && cmd.argv[0].text.charCodeAt(0) === 36 /* $ */) this.rememberPowerShellAssignment(cmd.argv);
    if (cmd.redirects.length || this.ctx.files) rememberWrites(cmd, (this.ctx.files ??= new WrittenFiles()));
  }

  /**
   * A PowerShell assignment, `$p = "$env:LOCALAPPDATA\…"` or `$p="…"`: later `$p` words expand to
   * the value, as a shell assignment's do. Only a single-word value (a path or a name); a value
   * that is an expression (`$t = (gh auth token)`, `$a = 1 + 2`) is left unknown.
   */
  private rememberPowerShellAssignment(argv: readonly Word[]): void {
    const m = PS_ASSIGNMENT.exec(argv[0].text);
    if (!m) return;
    let value: string | undefined;
    if (m[2] !== undefined) value = argv.length === 1 ? m[2] : undefined;
    else if (argv.length === 3 && argv[1].text === '=') value = argv[2].text;
    else if (argv.length === 2 && argv[1].text.length > 1 && argv[1].text[0] === '=' && argv[1].text[1] !== '=') value = argv[1].text.slice(1);
    if (value === undefined || value.length > 1024) return;
    (this.ctx.vars ??= new Map()).set(m[1], value);
  }

  /**
   * The program file an interpreter or `go run` / `deno run` / `bun run` is given, when the line
   * wrote it earlier with visible text. Not `python -m mod` or inline `-c`/`-e` code.
   */
  private writtenProgram(name: string, args: readonly string[], shift: string | undefined, subdir: boolean): string | undefined {
    let k = 0;
    if (name === 'go' || name === 'deno' || name === 'bun') {
      if (args[0] !== 'run' && !(name === 'bun' && args[0] !== undefined && !args[0].startsWith('-'))) return undefined;
      if (args[0] === 'run') k = 1;
    }
    for (; k < args.length; k++) {
      const a = args[k];
      if (a === '-m' || a === '-c' || a === '-e' || a === '--eval' || a === '-r' || a === '-E' || /^-[A-Za-z]*[ce]$/.test(a)) return undefined;
      if (a.startsWith('-')) continue;
      const written = this.ctx.files ? writtenFile(this.ctx.files, a, shift, subdir) : undefined;
      return written?.text;
    }
    return undefined;
  }

  /** The content of a script file written earlier in the line that this command runs, if any. */
  private writtenScript(name: string, argv: Word[], shift: string | undefined, subdir: boolean): string | undefined {
    const files = this.ctx.files;
    if (!files || files.size === 0) return undefined;
    const head = argv[0]?.text ?? '';
    const own = writtenFile(files, head, shift, subdir);
    if (own) return own.text;
    if (SCRIPT_RUNNERS.has(name)) {
      const file = argv.slice(1).find((w) => !w.text.startsWith('-'));
      const written = file ? writtenFile(files, file.text, shift, subdir) : undefined;
      if (written) return written.text;
    }
    // make runs the recipes of the Makefile it is given (`-f FILE`) or finds (`Makefile`).
    if (name === 'make' || name === 'gmake') {
      const file: string | undefined = makefileArgs(argv.slice(1).map((w) => w.text))[0];
      const written = writtenFile(files, file ?? 'Makefile', shift, subdir) ?? (file === undefined ? writtenFile(files, 'makefile', shift, subdir) : undefined);
      if (written) return makefileRecipes(written.text);
    }
    return undefined;
  }
}

/**
 * A Word the parser makes, with the fields of the lexer's word tokens in their order (`t` first):
 * tokens serve as Words, and one hidden class for both keeps the rules' reads of `w.text` monomorphic.
 */
function newWord(text: string, quoted: boolean, subs: readonly Script[]): Word {
  return { t: 'word', text, quoted, subs } as Word;
}

const ASSIGNMENT_WORD = /^[A-Za-z_][A-Za-z0-9_]*=/;
const ASSIGNMENT_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** An env file with real values: `.env`, `.env.production`, `prod.env`; not `.env.example`/`.sample`/`.template`. */
const ENV_FILE_NAME = /(?:^|\/)(?:\.env(?:\.(?!example|sample|template|dist|defaults?\b)[\w.-]+)?|[\w-]+\.env)$/;
/** A word that is one variable reference and nothing else: `$f`, `${f}`. */
const LONE_REFERENCE = /^\$(?:[A-Za-z_][A-Za-z0-9_]*|\{[A-Za-z_][A-Za-z0-9_]*\})$/;
// `$name=value` (PowerShell's assignment; value in the same word) or `$name` before `=`.
const PS_ASSIGNMENT = /^\$([A-Za-z_][A-Za-z0-9_]*)(?:=([^=][\s\S]*))?$/;
const NO_SUBS: readonly Script[] = [];
/** A stand-in command name, so that words expanded outside a command are expanded as arguments. */
const FOR_HEAD = newWord('for', false, NO_SUBS);
/** Rounds of a loop judged one by one (more values than this: the body is read once, as before). */
const MAX_LOOP_ROUNDS = 16;

/** `read`'s variable names and `-a` array from its arguments; undefined for options it cannot follow (`-u FD`, `-d X`). */
function readOptions(args: readonly string[]): { names: string[]; array?: string } | undefined {
  const names: string[] = [];
  let array: string | undefined;
  for (let k = 0; k < args.length; k++) {
    const a = args[k];
    if (a.startsWith('-')) {
      if (/^-[rse]*a$/.test(a)) array = args[++k];
      else if (!/^-[rse]+$/.test(a)) return undefined;
    } else names.push(a);
  }
  if (array === undefined && names.length === 0) names.push('REPLY');
  return array !== undefined || names.every((n) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(n)) ? { names, array } : undefined;
}
/** `${T[@]}`, `${T[*]}` as a whole word: every element of the array. */
const ARRAY_ALL = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\[[@*]\]\}$/;
/** `${T[0]}`: one element. */
const ARRAY_ELEMENT = /\$\{([A-Za-z_][A-Za-z0-9_]*)\[(\d+)\]\}/g;
/** Where a parameter expansion can start: `${`, `$name` (positional ones were put in place before). */
const PARAMETER_START = /\$[{A-Za-z_]/;
/** A reference to a variable whose value is known without an assignment (WELL_KNOWN). */
const WELL_KNOWN_REF = /\$\{?(?:TMPDIR|TMP|TEMP|PWD)\b/;
/** A braced expansion with an operator, flag or transformation (`${x:-y}`, `${~…}`, `${p@P}`, `${(e)p}`). */
const PARAMETER_OPERATOR = /\$\{[^}]*[-=+?@(~^!%#]/;
/** A substitution led by a program static-text.ts can compute the output of (a cheap first test). */
const KNOWN_PRODUCER = /\$\(\s*(?:echo|printf|pwd|git\s+rev-parse|dirname|basename|realpath|readlink|printenv|getent|eval|cd|ls)\b/;
const KNOWN_PRODUCER_BACKTICK = /`\s*(?:echo|printf|pwd|git\s+rev-parse|dirname|basename|realpath|readlink|printenv|getent|eval|cd|ls)\b/;

const SCRIPT_RUNNERS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'source', '.']);
// Programs that run a program file given as their operand (interpreters, `go run`, `deno run`, `bun`).
const PROGRAM_RUNNERS = /^(?:python[0-9.]*|pypy[0-9.]*|node|nodejs|ruby[0-9.]*|perl[0-9.]*|php[0-9.]*|lua[0-9.]*|luajit|rscript|julia|deno|bun|go|tsx|ts-node|osascript)$/;
const SHELL_NAMES = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'ash', 'mksh', 'fish', 'rbash']);

function parseWith(input: string, depth: number, origin: CommandOrigin, elevated: boolean, ctx: Ctx, via: string[] = [], positional?: Word[], preLexed?: Token[], inherit?: ListState, noexecStops = false): Script {
  let text = input;
  if (input.length > ctx.maxLength) {
    giveUp(ctx, `a command longer than ${ctx.maxLength.toLocaleString('en-US')} characters cannot be analysed`);
    text = input.slice(0, ctx.maxLength);
  }
  const { tokens, truncated } = preLexed ? { tokens: preLexed, truncated: false } : lex(text);
  const out: Script = { commands: [], pipelines: [], truncated: truncated || text.length < input.length, unanalysable: undefined };
  new Parser(tokens, depth, origin, elevated, ctx, out, via, positional, inherit, noexecStops).parseList();
  if (ctx.unanalysable) {
    out.truncated = true;
    out.unanalysable = ctx.unanalysable;
  }
  return out;
}

/** Parses a shell command line into simple commands and pipelines (see types.ts). */
export function parseShell(input: string, options: ParseOptions = {}): Script {
  const ctx: Ctx = {
    commandsLeft: options.maxCommands ?? SHELL_LIMITS.maxCommands,
    maxDepth: options.maxDepth ?? SHELL_LIMITS.maxDepth,
    maxLength: options.maxLength ?? SHELL_LIMITS.maxLength,
    nesting: 0,
    charsLeft: Math.min(input.length, options.maxLength ?? SHELL_LIMITS.maxLength) * NESTED_READ_FACTOR + NESTED_READ_ALLOWANCE,
  };
  return parseWith(input, 0, 'top', false, ctx);
}

/** Parses a script body (an `sh -c` string, an inline-code `os.system(…)` argument) one level deeper. */
export function parseNested(input: string, origin: CommandOrigin, depth: number): Script {
  return parseWith(input, depth, origin, false, { commandsLeft: 100, maxDepth: 4, maxLength: 16_384, nesting: depth, charsLeft: Math.min(input.length, 16_384) * NESTED_READ_FACTOR + NESTED_READ_ALLOWANCE });
}
