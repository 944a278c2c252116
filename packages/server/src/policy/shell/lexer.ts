// POSIX-ish shell tokenizer. It removes quotes and escapes the way a shell does, keeps
// variables literal, records `$( … )`, backtick and `<( … )` substitutions for recursive
// parsing, reads heredoc bodies, and understands `$'…'` ANSI-C strings (a common way to
// spell `rm` as `$'\x72\x6d'`). Everything is bounded so a hostile input stays cheap.

export interface SubSource {
  src: string;
}

export type Token =
  | { t: 'word'; text: string; quoted: boolean; subs: readonly SubSource[] }
  | { t: 'op'; op: string }
  | { t: 'redir'; op: string };

export interface LexResult {
  tokens: Token[];
  truncated: boolean;
}

const OPERATORS = ['&&', '||', ';;', '|&', ';', '&', '|', '(', ')'];
const OPERATOR_START = new Set([';', '&', '|', '(', ')']);
const REDIRECTS = ['&>>', '<<<', '<<-', '&>', '>>', '>&', '>|', '<<', '<&', '<>', '>', '<'];

/** ASCII characters that end a run of ordinary word characters (blanks, quotes, `\\`, `$`, backtick, operators). */
const SPECIAL = new Uint8Array(128);
for (const ch of ' \t\r\n\'"\\$`<>|&;()') SPECIAL[ch.charCodeAt(0)] = 1;
/** Characters that end a run of literal text inside double quotes. */
const DOUBLE_SPECIAL = new Uint8Array(128);
for (const ch of '"\\$`') DOUBLE_SPECIAL[ch.charCodeAt(0)] = 1;

/** The end of the run of characters from `i` that `table` does not mark (non-ASCII never ends a run). */
function runEnd(input: string, i: number, table: Uint8Array): number {
  const n = input.length;
  let j = i;
  for (; j < n; j++) {
    const code = input.charCodeAt(j);
    if (code < 128 && table[code] === 1) break;
  }
  return j;
}

// Operator and redirection tokens are never changed once made: one shared token per operator
// instead of an object for every `;`, `&&`, `|` or newline.
const OP_TOKENS = new Map<string, Token>([...OPERATORS, '\n'].map((op) => [op, { t: 'op', op }]));
const REDIR_TOKENS = new Map<string, Token>(REDIRECTS.map((op) => [op, { t: 'redir', op }]));
const NEWLINE = OP_TOKENS.get('\n')!;

function startingWith(list: readonly string[], input: string, i: number): string | undefined {
  for (const x of list) if (input.startsWith(x, i)) return x;
  return undefined;
}

/** Index of the `)` closing the `(` just before `start`, skipping quotes; -1 when unclosed. */
export function matchParen(input: string, start: number, nesting = 0): number {
  let depth = 1;
  for (let i = start; i < input.length; i++) {
    const c = input[i];
    if (c === '\\') i++;
    else if (c === "'") {
      const end = input.indexOf("'", i + 1);
      if (end < 0) return -1;
      i = end;
    } else if (c === '"') {
      // A `$( … )` inside the double quotes has its own quoting: `"$(printf '")')"`.
      for (i++; i < input.length && input[i] !== '"'; i++) {
        if (input[i] === '\\') i++;
        else if (input[i] === '$' && input[i + 1] === '(' && nesting < 64) {
          const end = matchParen(input, i + 2, nesting + 1);
          if (end < 0) return -1;
          i = end;
        }
      }
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return -1;
}

/**
 * The command substitutions of text expanded like a double-quoted string (an unquoted
 * here-document body): `$( … )` and backticks, also inside `$(( … ))`; `\$` and `\`` stay literal.
 */
export function substitutionsIn(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '$' && text[i + 1] === '(' && text[i + 2] !== '(') {
      const close = matchParen(text, i + 2);
      const to = close < 0 ? text.length : close;
      out.push(text.slice(i + 2, to));
      i = to;
    } else if (c === '`') {
      let j = i + 1;
      while (j < text.length && text[j] !== '`') j += text[j] === '\\' ? 2 : 1;
      out.push(text.slice(i + 1, Math.min(j, text.length)).replace(/\\`/g, '`'));
      i = j;
    }
  }
  return out;
}

function ansiC(body: string): string {
  return body.replace(/\\(x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|[0-7]{1,3}|.)/g, (_, e: string) => {
    if (e[0] === 'x' || e[0] === 'u') return String.fromCharCode(parseInt(e.slice(1), 16));
    if (/^[0-7]/.test(e)) return String.fromCharCode(parseInt(e, 8));
    const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', e: '\x1b', f: '\f', v: '\v' };
    return simple[e] ?? e;
  });
}

/** The word being read; it becomes its own token when it ends. */
type OpenWord = Token & { t: 'word' };

/** Most words hold no substitution: they share this empty list (a sub replaces it, never mutates it). */
const NO_SUBS: readonly SubSource[] = Object.freeze([]);

// A class rather than closures: the lexer runs on every shell call, so per-call function
// allocation matters.
class Lexer {
  readonly tokens: Token[] = [];
  private cur: OpenWord | null = null;
  private readonly heredocs: { token: Token & { t: 'word' }; delim: string; stripTabs: boolean }[] = [];
  private expectHeredocDelim: boolean | null = null; // stripTabs flag while waiting for the delimiter word
  /** Whether the open word is a Windows path or registry key; decided once per word. */
  private curWindows: boolean | undefined = undefined;
  truncated = false;

  constructor(private readonly input: string, private readonly maxTokens: number) {}

  private word(): OpenWord {
    return (this.cur ??= { t: 'word', text: '', quoted: false, subs: NO_SUBS });
  }

  private addSub(src: string): void {
    this.addSubTo(this.word(), src);
  }

  private addSubTo(word: OpenWord, src: string): void {
    // Append in place once the word owns its list: copying it per substitution made a word
    // of 30,000 backticks quadratic (issue #15).
    if (word.subs === NO_SUBS) word.subs = [{ src }];
    else (word.subs as SubSource[]).push({ src });
  }

  private finish(): void {
    const cur = this.cur;
    if (!cur) return;
    this.tokens.push(cur);
    if (this.expectHeredocDelim !== null) {
      this.heredocs.push({ token: cur, delim: cur.text, stripTabs: this.expectHeredocDelim });
      this.expectHeredocDelim = null;
    }
    this.cur = null;
    this.curWindows = undefined;
  }

  // `$(`, backticks and `${` inside or outside double quotes.
  private dollar(i: number, inDouble: boolean): number {
    const input = this.input;
    const next = input[i + 1];
    if (next === '(' && input[i + 2] === '(') {
      const end = matchParen(input, i + 2);
      // matchParen gives the `)` matching the first `(`: the arithmetic ends right after it.
      const stop = end < 0 ? input.length : Math.min(input.length, end + 1);
      this.arithmeticSubs(i + 3, stop);
      this.word().text += input.slice(i, stop);
      return stop;
    }
    if (next === '(') {
      const end = matchParen(input, i + 2);
      const stop = end < 0 ? input.length : end;
      this.addSub(input.slice(i + 2, stop));
      this.word().text += input.slice(i, Math.min(stop + 1, input.length));
      return stop + 1;
    }
    if (next === '{') {
      const end = input.indexOf('}', i + 2);
      const stop = end < 0 ? input.length : end + 1;
      this.word().text += input.slice(i, stop);
      return stop;
    }
    if (next === "'" && !inDouble) {
      let j = i + 2;
      while (j < input.length && input[j] !== "'") j += input[j] === '\\' ? 2 : 1;
      this.word().text += ansiC(input.slice(i + 2, Math.min(j, input.length)));
      this.word().quoted = true;
      return j + 1;
    }
    this.word().text += '$';
    return i + 1;
  }

  /** Arithmetic runs the command substitutions inside it: `$(( $(rm -rf /) + 1 ))`. */
  private arithmeticSubs(from: number, stop: number): void {
    const input = this.input;
    for (let j = from; j < stop - 1; j++) {
      if (input[j] === '$' && input[j + 1] === '(' && input[j + 2] !== '(') {
        const close = matchParen(input, j + 2);
        const to = close < 0 || close > stop ? stop : close;
        this.addSub(input.slice(j + 2, to));
        j = to;
      } else if (input[j] === '`') {
        const close = input.indexOf('`', j + 1);
        const to = close < 0 || close > stop ? stop : close;
        this.addSub(input.slice(j + 1, to));
        j = to;
      }
    }
  }

  private backtick(i: number): number {
    const input = this.input;
    let j = i + 1;
    while (j < input.length && input[j] !== '`') j += input[j] === '\\' ? 2 : 1;
    this.addSub(input.slice(i + 1, Math.min(j, input.length)).replace(/\\`/g, '`'));
    this.word().text += input.slice(i, Math.min(j + 1, input.length));
    return j + 1;
  }

  run(): void {
    const input = this.input;
    const tokens = this.tokens;
    let i = 0;
    while (i < input.length) {
      if (tokens.length >= this.maxTokens) {
        this.truncated = true;
        break;
      }
      const code = input.charCodeAt(i);
      if (code >= 128 || (SPECIAL[code] === 0 && code !== 35 /* # */)) {
        // The common case first: a run of ordinary word characters, most often a whole word
        // (made with its text at once rather than as an empty word appended to).
        const end = runEnd(input, i, SPECIAL);
        const cur = this.cur;
        if (cur === null) this.cur = { t: 'word', text: input.slice(i, end), quoted: false, subs: NO_SUBS };
        else cur.text += input.slice(i, end);
        i = end;
        continue;
      }
      const c = input[i];
      if (c === ' ' || c === '\t' || c === '\r') {
        this.finish();
        i++;
      } else if (c === '\\' && input[i + 1] === '\n') {
        i += 2;
      } else if (c === '\n') {
        this.finish();
        tokens.push(NEWLINE);
        i++;
        // (Tested first: taking the pending list with splice made a new empty list at every newline.)
        if (this.heredocs.length) for (const h of this.heredocs.splice(0)) {
          const lines: string[] = [];
          while (i < input.length) {
            let end = input.indexOf('\n', i);
            if (end < 0) end = input.length;
            const line = input.slice(i, end);
            i = end + 1;
            if ((h.stripTabs ? line.replace(/^\t+/, '') : line) === h.delim) break;
            lines.push(line);
          }
          h.token.text = lines.join('\n');
          // With an unquoted delimiter the body is expanded like a double-quoted string: its
          // substitutions run (`cat <<EOF` … `$(rm -rf ~)` … `EOF`). A quoted one keeps it data.
          if (!h.token.quoted) for (const src of substitutionsIn(h.token.text)) this.addSubTo(h.token, src);
          h.token.quoted = true;
        }
      } else if (c === '#' && !this.cur) {
        while (i < input.length && input[i] !== '\n') i++;
      } else if ((c === '<' || c === '>') && input[i + 1] === '(') {
        const end = matchParen(input, i + 2);
        const stop = end < 0 ? input.length : end;
        this.addSub(input.slice(i + 2, stop));
        this.word().text += input.slice(i, Math.min(stop + 1, input.length));
        i = stop + 1;
      } else if (c === "'") {
        const end = input.indexOf("'", i + 1);
        const stop = end < 0 ? input.length : end;
        this.word().text += input.slice(i + 1, stop);
        this.word().quoted = true;
        i = stop + 1;
      } else if (c === '"') {
        this.word().quoted = true;
        i++;
        while (i < input.length && input[i] !== '"') {
          const d = input[i];
          if (d === '\\' && '$`"\\\n'.includes(input[i + 1] ?? '')) {
            if (input[i + 1] !== '\n') this.word().text += input[i + 1];
            i += 2;
          } else if (d === '$') i = this.dollar(i, true);
          else if (d === '`') i = this.backtick(i);
          else {
            // A whole run of literal characters at once (a lone `\` not escaping anything is one of them).
            const end = d === '\\' ? i + 1 : runEnd(input, i, DOUBLE_SPECIAL);
            this.word().text += input.slice(i, end);
            i = end;
          }
        }
        i++;
      } else if (c === '\\') {
        // Windows paths and registry keys (`C:\Windows`, `.\bin`, `~\.claude`, `HKCU\Software`) keep their separators;
        // elsewhere a backslash escapes the next character as in POSIX shells.
        // Decided at the first backslash of a word, while the word is short, and remembered:
        // re-testing the growing word at every backslash was quadratic (issue #15).
        if (this.curWindows === undefined || (!this.curWindows && (this.cur?.text.length ?? 0) <= 64)) {
          const sofar = this.cur?.text ?? '';
          this.curWindows = sofar.length <= 64 && (/^(?:[A-Za-z]:|\.{1,2}$|~$|%\w+%|\$env:\w+|HK(?:LM|CU|CR|U|CC|EY_\w+):?$)/i.test(sofar) || /^[A-Za-z]:\\|^HK\w*:?\\/i.test(sofar));
        }
        if (this.curWindows) {
          this.word().text += '\\';
          i++;
        } else {
          this.word().text += input[i + 1] ?? '';
          // `<<\EOF` quotes the delimiter: the here-document body stays unexpanded.
          if (this.expectHeredocDelim !== null) this.word().quoted = true;
          i += 2;
        }
      } else if (c === '$') {
        i = this.dollar(i, false);
      } else if (c === '`') {
        i = this.backtick(i);
      } else {
        // An all-digit word directly before `<`/`>` is a file descriptor (`2>&1`), not an argument.
        const open = this.cur;
        // (The cheap character test comes first: testing the open word at every character was quadratic.)
        const isFd = (c === '<' || c === '>') && open !== null && !open.quoted && open.text.length <= 10 && /^\d+$/.test(open.text);
        const redir = c === '<' || c === '>' || c === '&' ? startingWith(REDIRECTS, input, i) : undefined;
        const op = redir || !OPERATOR_START.has(c) ? undefined : startingWith(OPERATORS, input, i);
        if (redir) {
          if (isFd) {
            this.cur = null;
            this.curWindows = undefined;
          }
          else this.finish();
          tokens.push(REDIR_TOKENS.get(redir)!);
          if (redir === '<<' || redir === '<<-') this.expectHeredocDelim = redir === '<<-';
          i += redir.length;
        } else if (op) {
          this.finish();
          tokens.push(OP_TOKENS.get(op)!);
          i += op.length;
        } else {
          // Copy a whole run of ordinary characters at once rather than one by one.
          const run = runEnd(input, i, SPECIAL);
          const end = run > i ? run : i + 1;
          this.word().text += input.slice(i, end);
          i = end;
        }
      }
    }
    this.finish();
  }
}

/** Tokenizes `input` in time linear in its length (no token bound by default: the parser bounds commands). */
export function lex(input: string, maxTokens = Number.POSITIVE_INFINITY): LexResult {
  const lexer = new Lexer(input, maxTokens);
  lexer.run();
  return { tokens: lexer.tokens, truncated: lexer.truncated };
}
