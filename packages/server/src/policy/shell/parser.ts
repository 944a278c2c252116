// Recursive-descent parser for POSIX-ish shell: lists (`;`, `&`, newline), and-or chains,
// pipelines, `( … )` and `{ …; }` groups, redirections, heredocs and function definitions.
// Nested scripts (substitutions, `bash -c`, `eval`, `find -exec`, …) are parsed with a depth
// bound and their commands are flattened into the result, so one rule pass sees them all.
import { lex, type Token } from './lexer.js';
import { nestedCommands, programName, unwrapPrefixes } from './unwrap.js';
import type { CommandOrigin, Pipeline, Redirect, Script, SimpleCommand, Word } from './types.js';

export interface ParseOptions {
  /** Nesting bound for substitutions and `sh -c` strings. */
  maxDepth?: number;
  /** Total simple commands kept across all nesting levels. */
  maxCommands?: number;
  /** Characters of input considered. */
  maxLength?: number;
}

interface Ctx {
  commandsLeft: number;
  maxDepth: number;
  maxLength: number;
}

/** The substitutions of a word without any (most words): one shared empty list. */
const NO_SCRIPTS: readonly Script[] = Object.freeze([]);

// Words that open or close compound commands; the commands inside are what matter.
const SKIP_KEYWORDS = new Set(['if', 'then', 'else', 'elif', 'fi', 'do', 'done', 'while', 'until', '!', 'esac', '}']);
const HEADER_KEYWORDS = new Set(['for', 'case', 'select', 'function']);

function isProjectSubdir(path: string | undefined): boolean {
  return !!path && !/^[/~$-]/.test(path) && path !== '.' && !path.startsWith('..') && !/^[A-Za-z]:/.test(path);
}

class Parser {
  private pos = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly depth: number,
    private readonly origin: CommandOrigin,
    private readonly elevated: boolean,
    private readonly ctx: Ctx,
    private readonly out: Script,
  ) {}

  private peek(): Token | undefined {
    return this.tokens[this.pos];
  }

  private isOp(op: string): boolean {
    const t = this.peek();
    return t?.t === 'op' && t.op === op;
  }

  parseList(closing?: ')' | '}'): void {
    const state = { subdir: false };
    while (this.pos < this.tokens.length) {
      const t = this.peek()!;
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
      if (this.ctx.commandsLeft <= 0) return;
    }
  }

  private parseAndOr(state: { subdir: boolean }): void {
    this.parsePipeline(state);
    while (this.isOp('&&') || this.isOp('||')) {
      this.pos++;
      while (this.isOp('\n')) this.pos++;
      this.parsePipeline(state);
    }
  }

  private parsePipeline(state: { subdir: boolean }): void {
    const pipeline: Pipeline = { stages: [] };
    this.out.pipelines.push(pipeline);
    for (;;) {
      pipeline.stages.push(this.parseStage(pipeline, pipeline.stages.length, state));
      if (!this.isOp('|') && !this.isOp('|&')) break;
      this.pos++;
      while (this.isOp('\n')) this.pos++;
    }
  }

  private parseStage(pipeline: Pipeline, stage: number, state: { subdir: boolean }): SimpleCommand[] {
    const t = this.peek();
    const group = t?.t === 'op' && t.op === '(' ? ')' : t?.t === 'word' && t.text === '{' && !t.quoted ? '}' : undefined;
    if (group) {
      this.pos++;
      const before = this.out.commands.length;
      this.parseList(group);
      this.pos++; // the closing token
      while (this.peek()?.t === 'redir') this.pos += 2;
      return this.out.commands.slice(before);
    }
    return this.parseSimple(pipeline, stage, state);
  }

  private parseSimple(pipeline: Pipeline, stage: number, state: { subdir: boolean }): SimpleCommand[] {
    const words: Word[] = [];
    const redirects: Redirect[] = [];
    for (let t = this.peek(); t; t = this.peek()) {
      if (t.t === 'word') {
        if (words.length === 0 && !t.quoted && SKIP_KEYWORDS.has(t.text)) {
          this.pos++;
          continue;
        }
        if (words.length === 0 && !t.quoted && HEADER_KEYWORDS.has(t.text)) {
          while (this.peek() && !this.isOp(';') && !this.isOp('\n') && !(this.peek()!.t === 'word' && (this.peek() as { text: string }).text === '{')) this.pos++;
          return [];
        }
        words.push(this.word(t));
        this.pos++;
      } else if (t.t === 'redir') {
        this.pos++;
        const target = this.peek();
        if (target?.t === 'word') {
          redirects.push({ op: t.op, target: this.word(target) });
          this.pos++;
        }
      } else if (t.op === '(' && words.length === 1 && this.tokens[this.pos + 1]?.t === 'op') {
        // `name() { …; }` defines a function; its body is parsed like any group.
        this.pos += 2;
        while (this.isOp('\n')) this.pos++;
        return this.parseStage(pipeline, stage, state);
      } else break;
    }
    if (words.length === 0 && redirects.length === 0) return [];
    return this.makeCommand(words, redirects, pipeline, stage, state.subdir, this.origin, undefined, state);
  }

  private word(t: Token & { t: 'word' }): Word {
    return { text: t.text, quoted: t.quoted, subs: t.subs.length === 0 ? NO_SCRIPTS : t.subs.map((s) => this.recurse(s.src, 'substitution', this.elevated)) };
  }

  private recurse(src: string, origin: CommandOrigin, elevated: boolean): Script {
    if (this.depth + 1 > this.ctx.maxDepth || this.ctx.commandsLeft <= 0) {
      this.out.truncated = true;
      return { commands: [], pipelines: [], truncated: true };
    }
    const sub = parseWith(src, this.depth + 1, origin, elevated, this.ctx);
    this.out.commands.push(...sub.commands);
    this.out.pipelines.push(...sub.pipelines);
    if (sub.truncated) this.out.truncated = true;
    return sub;
  }

  private makeCommand(
    words: Word[],
    redirects: Redirect[],
    pipeline: Pipeline,
    stage: number,
    cwdIsSubdir: boolean,
    origin: CommandOrigin,
    parent: SimpleCommand | undefined,
    state?: { subdir: boolean },
  ): SimpleCommand[] {
    if (this.ctx.commandsLeft-- <= 0) {
      this.out.truncated = true;
      return [];
    }
    const u = unwrapPrefixes(words);
    const name = programName(u.argv[0]);
    const cmd: SimpleCommand = {
      argv: u.argv,
      name,
      args: u.argv.slice(1).map((w) => w.text),
      redirects,
      assignments: u.assignments,
      elevated: this.elevated || u.elevated,
      wrappers: u.wrappers,
      dynamicArgs: u.dynamicArgs || parent !== undefined,
      parent,
      origin: u.wrappers.includes('xargs') ? 'xargs' : origin,
      depth: this.depth,
      pipeline,
      stage,
      cwdIsSubdir,
    };
    this.out.commands.push(cmd);
    const made = [cmd];
    if (state && name === 'cd') state.subdir = isProjectSubdir(cmd.args[0]);
    for (const n of nestedCommands(name, u.argv, cmd.elevated)) {
      if (n.kind === 'source') this.recurse(n.src, n.origin, n.elevated);
      else made.push(...this.makeCommand(n.argv, [], pipeline, stage, cwdIsSubdir, n.origin, cmd));
    }
    return made;
  }
}

function parseWith(input: string, depth: number, origin: CommandOrigin, elevated: boolean, ctx: Ctx): Script {
  const text = input.length > ctx.maxLength ? input.slice(0, ctx.maxLength) : input;
  const { tokens, truncated } = lex(text);
  const out: Script = { commands: [], pipelines: [], truncated: truncated || text.length < input.length };
  new Parser(tokens, depth, origin, elevated, ctx, out).parseList();
  return out;
}

/** Parses a shell command line into simple commands and pipelines (see types.ts). */
export function parseShell(input: string, options: ParseOptions = {}): Script {
  const ctx: Ctx = {
    commandsLeft: options.maxCommands ?? 400,
    maxDepth: options.maxDepth ?? 4,
    maxLength: options.maxLength ?? 65_536,
  };
  return parseWith(input, 0, 'top', false, ctx);
}

/** Parses a script body (an `sh -c` string, an inline-code `os.system(…)` argument) one level deeper. */
export function parseNested(input: string, origin: CommandOrigin, depth: number): Script {
  return parseWith(input, depth, origin, false, { commandsLeft: 100, maxDepth: 4, maxLength: 16_384 });
}
