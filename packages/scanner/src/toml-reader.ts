// A small TOML reader for Codex's config.toml. No TOML library is installed, and we need very
// little: table names, key paths, and the values of a few keys the caller asks for. The reader
// still understands the whole lexical grammar (all four string kinds, multi-line arrays, inline
// tables, comments), because a naive line reader would take a "[table]" or "command =" inside a
// multi-line string for the real thing.
//
// Values of keys the caller does not want (env tables, headers, tokens) are scanned over to find
// where they end and then dropped; they are never returned.

export class TomlSyntaxError extends Error {
  constructor(readonly line: number) {
    super(`not valid TOML near line ${line}`);
  }
}

/** Strings, booleans, and arrays made only of strings are kept; everything else reads as null. */
export type TomlValue = string | boolean | string[] | null;

export interface TomlStatement {
  /** Table path plus key path. An array-of-tables header [[a.b]] contributes ['a', 'b', '[]']. */
  path: string[];
  /** Present only when `want(path)` said so. */
  value?: TomlValue;
}

export interface TomlDocument {
  tables: string[][];
  statements: TomlStatement[];
}

const BARE_KEY = /[A-Za-z0-9_-]/;
/** Deeper nesting of arrays and inline tables is rejected instead of exhausting the stack. */
const MAX_NESTING = 64;
const SIMPLE_ESCAPES: Record<string, string> = { b: '\b', t: '\t', n: '\n', f: '\f', r: '\r', '"': '"', '\\': '\\', e: '\x1b' };

class TomlScanner {
  private i = 0;
  private line = 1;
  private depth = 0;
  private readonly tables: string[][] = [];
  private readonly statements: TomlStatement[] = [];

  constructor(
    private readonly src: string,
    private readonly want: (path: string[]) => boolean,
  ) {}

  read(): TomlDocument {
    let table: string[] = [];
    for (;;) {
      this.skipBlank(true);
      if (this.i >= this.src.length) break;
      if (this.src[this.i] === '[') {
        const arrayTable = this.src[this.i + 1] === '[';
        this.i += arrayTable ? 2 : 1;
        const keys = this.keyPath();
        this.expect(arrayTable ? ']]' : ']');
        table = arrayTable ? [...keys, '[]'] : keys;
        this.tables.push(table);
      } else {
        const keys = this.keyPath();
        this.expect('=');
        this.assignment([...table, ...keys], true);
      }
      this.lineEnd();
    }
    return { tables: this.tables, statements: this.statements };
  }

  private fail(): never {
    throw new TomlSyntaxError(this.line);
  }

  private skipSpaces(): void {
    while (this.src[this.i] === ' ' || this.src[this.i] === '\t') this.i++;
  }

  /** Whitespace and comments; newlines too when `newlines`. */
  private skipBlank(newlines: boolean): void {
    for (;;) {
      const c = this.src[this.i];
      if (c === ' ' || c === '\t' || c === '\r') this.i++;
      else if (c === '\n' && newlines) {
        this.i++;
        this.line++;
      } else if (c === '#') {
        while (this.i < this.src.length && this.src[this.i] !== '\n') this.i++;
      } else return;
    }
  }

  private expect(token: string): void {
    this.skipSpaces();
    if (!this.src.startsWith(token, this.i)) this.fail();
    this.i += token.length;
    this.skipSpaces();
  }

  private lineEnd(): void {
    this.skipBlank(false);
    if (this.i >= this.src.length) return;
    if (this.src[this.i] !== '\n') this.fail();
  }

  private keyPath(): string[] {
    const parts: string[] = [];
    for (;;) {
      this.skipSpaces();
      parts.push(this.key());
      this.skipSpaces();
      if (this.src[this.i] !== '.') return parts;
      this.i++;
    }
  }

  private key(): string {
    const c = this.src[this.i];
    if (c === '"') return this.basicString();
    if (c === "'") return this.literalString();
    const start = this.i;
    while (this.i < this.src.length && BARE_KEY.test(this.src[this.i])) this.i++;
    if (this.i === start) this.fail();
    return this.src.slice(start, this.i);
  }

  /** Parses the value at the cursor and records it (inline tables record one statement per key). */
  private assignment(path: string[], topLevel: boolean): void {
    if (this.src[this.i] === '{') {
      this.inlineTable(path);
      return;
    }
    const value = this.value(topLevel);
    this.statements.push(this.want(path) ? { path, value } : { path });
  }

  private value(topLevel: boolean): TomlValue {
    const c = this.src[this.i];
    if (this.src.startsWith('"""', this.i)) return this.multilineString('"');
    if (this.src.startsWith("'''", this.i)) return this.multilineString("'");
    if (c === '"') return this.basicString();
    if (c === "'") return this.literalString();
    if (c === '[') return this.array();
    if (c === '{') {
      // An inline table nested in an array: scanned for its extent, its content dropped.
      const saved = this.statements.length;
      this.inlineTable(['[]']);
      this.statements.length = saved;
      return null;
    }
    return this.scalar(topLevel);
  }

  private scalar(topLevel: boolean): TomlValue {
    const start = this.i;
    // Inside arrays and inline tables a scalar ends at a separator. At the top level it runs to the
    // end of the line, because date-times may hold a space ("1979-05-27 07:32:00").
    const stop = topLevel ? /[\n#]/ : /[\s,\]}#]/;
    while (this.i < this.src.length && !stop.test(this.src[this.i])) this.i++;
    const raw = this.src.slice(start, this.i).trim();
    if (raw === '') this.fail();
    if (raw === 'true') return true;
    if (raw === 'false') return false;
    return null;
  }

  private enter(): void {
    if (++this.depth > MAX_NESTING) this.fail();
  }

  private array(): TomlValue {
    this.enter();
    this.i++;
    const items: TomlValue[] = [];
    for (;;) {
      this.skipBlank(true);
      if (this.src[this.i] === ']') break;
      if (this.i >= this.src.length) this.fail();
      items.push(this.value(false));
      this.skipBlank(true);
      if (this.src[this.i] === ',') this.i++;
      else if (this.src[this.i] !== ']') this.fail();
    }
    this.i++;
    this.depth--;
    return items.every((x) => typeof x === 'string') ? (items as string[]) : null;
  }

  private inlineTable(path: string[]): void {
    this.enter();
    this.i++;
    this.skipBlank(true);
    if (this.src[this.i] === '}') {
      this.i++;
      this.depth--;
      return;
    }
    for (;;) {
      const keys = this.keyPath();
      this.expect('=');
      this.assignment([...path, ...keys], false);
      this.skipBlank(true);
      const c = this.src[this.i];
      this.i++;
      if (c === '}') {
        this.depth--;
        return;
      }
      if (c !== ',') this.fail();
      this.skipBlank(true);
    }
  }

  private escape(): string {
    const c = this.src[this.i + 1];
    if (c !== undefined && c in SIMPLE_ESCAPES) {
      this.i += 2;
      return SIMPLE_ESCAPES[c];
    }
    const digits = c === 'u' ? 4 : c === 'U' ? 8 : 0;
    if (digits === 0) this.fail();
    const hex = this.src.slice(this.i + 2, this.i + 2 + digits);
    if (!/^[0-9A-Fa-f]+$/.test(hex) || hex.length !== digits) this.fail();
    const code = parseInt(hex, 16);
    if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) this.fail();
    this.i += 2 + digits;
    return String.fromCodePoint(code);
  }

  private basicString(): string {
    this.i++;
    let out = '';
    for (;;) {
      const c = this.src[this.i];
      if (c === undefined || c === '\n') this.fail();
      if (c === '"') break;
      if (c === '\\') out += this.escape();
      else {
        out += c;
        this.i++;
      }
    }
    this.i++;
    return out;
  }

  private literalString(): string {
    const end = this.src.indexOf("'", this.i + 1);
    const newline = this.src.indexOf('\n', this.i + 1);
    if (end === -1 || (newline !== -1 && newline < end)) this.fail();
    const out = this.src.slice(this.i + 1, end);
    this.i = end + 1;
    return out;
  }

  private multilineString(quote: '"' | "'"): string {
    this.i += 3;
    if (this.src[this.i] === '\r' && this.src[this.i + 1] === '\n') this.i++;
    if (this.src[this.i] === '\n') {
      this.i++;
      this.line++;
    }
    let out = '';
    for (;;) {
      const c = this.src[this.i];
      if (c === undefined) this.fail();
      if (c === quote && this.src.startsWith(quote.repeat(3), this.i)) {
        // Up to two quotes may sit right before the closing delimiter and belong to the content.
        let run = 3;
        while (run < 5 && this.src[this.i + run] === quote) run++;
        out += quote.repeat(run - 3);
        this.i += run;
        return out;
      }
      if (c === '\n') this.line++;
      if (quote === '"' && c === '\\') {
        const rest = /^\\[ \t]*\r?\n/.exec(this.src.slice(this.i, this.i + 256));
        if (rest) {
          // A line-ending backslash swallows the newline and the whitespace after it.
          this.i += rest[0].length;
          this.line++;
          while (/\s/.test(this.src[this.i] ?? '')) {
            if (this.src[this.i] === '\n') this.line++;
            this.i++;
          }
          continue;
        }
        out += this.escape();
        continue;
      }
      out += c;
      this.i++;
    }
  }
}

/**
 * Reads `text` as TOML. `want(path)` decides which values are decoded and returned; every other
 * statement is reported by its key path only. Throws TomlSyntaxError on malformed input.
 */
export function readToml(text: string, want: (path: string[]) => boolean): TomlDocument {
  return new TomlScanner(text.replace(/^\uFEFF/, ''), want).read();
}
