// A linear-time regular expression matcher for org-supplied patterns. V8's backtracking
// engine takes seconds on `.*x` over 100 KB and forever on `(a+)+$`, so custom patterns
// never reach it: they are compiled here to a Thompson NFA and run as a lazily built DFA,
// one table lookup per input character whatever the pattern. Features that need
// backtracking (backreferences, lookaround) are rejected at validation with a message.
//
// Supported: literals, `.`, classes `[a-z_]` / `[^…]`, escapes `\d \w \s \D \W \S \t \n \r
// \xHH \uHHHH` and escaped punctuation, groups `( )` `(?: )` `(?<name> )`, alternation `|`,
// quantifiers `* + ? {n} {n,} {n,m}` (lazy `?` suffix accepted, n,m ≤ 100), anchors `^ $`
// (start and end of the text). Matching is case-insensitive and unanchored (a search).

export class PatternSyntaxError extends Error {}

type CharTest = { ranges: number[]; negated: boolean };
type Node =
  | { t: 'set'; set: CharTest }
  | { t: 'cat'; items: Node[] }
  | { t: 'alt'; items: Node[] }
  | { t: 'rep'; node: Node; min: number; max: number }
  | { t: 'bol' }
  | { t: 'eol' };

const MAX_STATES = 4000;
const MAX_REPEAT = 100;

function lowerCode(c: number): number {
  return c >= 65 && c <= 90 ? c + 32 : c;
}

function single(c: number): CharTest {
  const l = lowerCode(c);
  return { ranges: [l, l], negated: false };
}

const DIGIT = [48, 57];
const WORD = [48, 57, 65, 90, 95, 95, 97, 122];
const SPACE = [9, 13, 32, 32, 160, 160, 0x2028, 0x2029];

function testSet(set: CharTest, c: number): boolean {
  let hit = false;
  const r = set.ranges;
  for (let i = 0; i < r.length && !hit; i += 2) {
    if (c >= r[i] && c <= r[i + 1]) hit = true;
    // Input is lower-cased, so a pattern range over A–Z must also accept a–z.
    else if (c >= 97 && c <= 122 && c - 32 >= r[i] && c - 32 <= r[i + 1]) hit = true;
  }
  return hit !== set.negated;
}

class RegexParser {
  private i = 0;
  constructor(private readonly src: string) {}

  parse(): Node {
    const node = this.alternation();
    if (this.i < this.src.length) throw new PatternSyntaxError(`unmatched ')' at position ${this.i}`);
    return node;
  }

  private alternation(): Node {
    const items = [this.sequence()];
    while (this.src[this.i] === '|') {
      this.i++;
      items.push(this.sequence());
    }
    return items.length === 1 ? items[0] : { t: 'alt', items };
  }

  private sequence(): Node {
    const items: Node[] = [];
    while (this.i < this.src.length && this.src[this.i] !== '|' && this.src[this.i] !== ')') items.push(this.quantified());
    return { t: 'cat', items };
  }

  private quantified(): Node {
    const atom = this.atom();
    const c = this.src[this.i];
    let min = -1;
    let max = -1;
    if (c === '*') [min, max] = [0, Infinity];
    else if (c === '+') [min, max] = [1, Infinity];
    else if (c === '?') [min, max] = [0, 1];
    else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.i));
      if (m) {
        min = Number(m[1]);
        max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
        if (min > MAX_REPEAT || (max !== Infinity && max > MAX_REPEAT) || max < min) throw new PatternSyntaxError(`repetition ${m[0]} is out of range (bounds up to ${MAX_REPEAT})`);
        this.i += m[0].length - 1;
      }
    }
    if (min < 0) return atom;
    if (atom.t === 'bol' || atom.t === 'eol') throw new PatternSyntaxError(`nothing to repeat at position ${this.i}`);
    this.i++;
    if (this.src[this.i] === '?') this.i++;
    else if (this.src[this.i] === '+') throw new PatternSyntaxError('possessive quantifiers are not supported');
    const after = this.src[this.i];
    if (after !== undefined && ('*+?'.includes(after) || (after === '{' && /^\{\d+(,\d*)?\}/.test(this.src.slice(this.i))))) {
      throw new PatternSyntaxError(`a quantifier cannot follow another quantifier at position ${this.i}`);
    }
    return { t: 'rep', node: atom, min, max };
  }

  private atom(): Node {
    const c = this.src[this.i];
    if (c === '(') {
      this.i++;
      if (this.src[this.i] === '?') {
        const rest = this.src.slice(this.i, this.i + 3);
        if (rest.startsWith('?:')) this.i += 2;
        else if (/^\?<[A-Za-z_]/.test(rest)) this.i = this.src.indexOf('>', this.i) + 1;
        else if (/^\?(?:=|!|<=|<!)/.test(rest)) throw new PatternSyntaxError('lookaround ((?=…), (?!…), (?<=…), (?<!…)) is not supported');
        else throw new PatternSyntaxError(`unsupported group syntax '(${rest}' (inline flags are not supported; matching is always case-insensitive)`);
      }
      const inner = this.alternation();
      if (this.src[this.i] !== ')') throw new PatternSyntaxError("missing ')'");
      this.i++;
      return inner;
    }
    if (c === '[') return { t: 'set', set: this.charClass() };
    if (c === '.') {
      this.i++;
      return { t: 'set', set: { ranges: [10, 10], negated: true } };
    }
    if (c === '^') {
      this.i++;
      return { t: 'bol' };
    }
    if (c === '$') {
      this.i++;
      return { t: 'eol' };
    }
    if (c === '*' || c === '+' || c === '?') throw new PatternSyntaxError(`nothing to repeat at position ${this.i}`);
    if (c === '\\') return { t: 'set', set: this.escape(false) };
    this.i++;
    return { t: 'set', set: single(c.charCodeAt(0)) };
  }

  private escape(inClass: boolean): CharTest {
    const e = this.src[this.i + 1];
    if (e === undefined) throw new PatternSyntaxError('pattern ends with a lone backslash');
    this.i += 2;
    if (/[1-9]/.test(e) || e === 'k') throw new PatternSyntaxError(`backreferences (\\${e}…) are not supported`);
    if ((e === 'b' || e === 'B') && !inClass) throw new PatternSyntaxError('word boundaries (\\b, \\B) are not supported; use (^|\\W) and (\\W|$) instead');
    if (e === 'p' || e === 'P' || e === 'c') throw new PatternSyntaxError(`\\${e} escapes are not supported`);
    const classes: Record<string, CharTest> = {
      d: { ranges: DIGIT, negated: false }, D: { ranges: DIGIT, negated: true },
      w: { ranges: WORD, negated: false }, W: { ranges: WORD, negated: true },
      s: { ranges: SPACE, negated: false }, S: { ranges: SPACE, negated: true },
    };
    if (classes[e]) return classes[e];
    const simple: Record<string, number> = { t: 9, n: 10, r: 13, f: 12, v: 11, '0': 0, b: 8 };
    if (e in simple) return single(simple[e]);
    if (e === 'x' || e === 'u') {
      const len = e === 'x' ? 2 : 4;
      const hex = this.src.slice(this.i, this.i + len);
      if (!new RegExp(`^[0-9a-fA-F]{${len}}$`).test(hex)) throw new PatternSyntaxError(`invalid \\${e} escape`);
      this.i += len;
      return single(parseInt(hex, 16));
    }
    if (/[A-Za-z]/.test(e)) throw new PatternSyntaxError(`unknown escape \\${e}`);
    return single(e.charCodeAt(0));
  }

  private charClass(): CharTest {
    this.i++;
    const negated = this.src[this.i] === '^';
    if (negated) this.i++;
    const ranges: number[] = [];
    let first = true;
    while (this.i < this.src.length && (this.src[this.i] !== ']' || first)) {
      first = false;
      let lo: CharTest;
      if (this.src[this.i] === '\\') lo = this.escape(true);
      else lo = single(this.src.charCodeAt(this.i++));
      if (lo.ranges.length === 2 && !lo.negated && this.src[this.i] === '-' && this.src[this.i + 1] !== ']' && this.i + 1 < this.src.length) {
        this.i++;
        const hi = this.src[this.i] === '\\' ? this.escape(true) : single(this.src.charCodeAt(this.i++));
        const a = lo.ranges[0];
        const b = hi.ranges[0];
        if (b < a) throw new PatternSyntaxError('character class range out of order');
        ranges.push(a, b);
      } else if (lo.negated) {
        throw new PatternSyntaxError('negated escapes (\\D, \\W, \\S) are not supported inside [ ]');
      } else ranges.push(...lo.ranges);
    }
    if (this.src[this.i] !== ']') throw new PatternSyntaxError("missing ']'");
    this.i++;
    return { ranges, negated };
  }
}

// Thompson NFA: kinds 0 = char set, 1 = split, 2 = match, 3 = ^, 4 = $.
interface NState {
  kind: 0 | 1 | 2 | 3 | 4;
  set?: CharTest;
  out: number;
  out2: number;
}

class NfaBuilder {
  readonly states: NState[] = [];
  add(s: NState): number {
    if (this.states.length >= MAX_STATES) throw new PatternSyntaxError('pattern is too large once repetitions are expanded');
    this.states.push(s);
    return this.states.length - 1;
  }
  /** Builds `node` so that it continues to `next`; returns its entry state. */
  build(node: Node, next: number): number {
    switch (node.t) {
      case 'set':
        return this.add({ kind: 0, set: node.set, out: next, out2: -1 });
      case 'bol':
        return this.add({ kind: 3, out: next, out2: -1 });
      case 'eol':
        return this.add({ kind: 4, out: next, out2: -1 });
      case 'cat': {
        let entry = next;
        for (let k = node.items.length - 1; k >= 0; k--) entry = this.build(node.items[k], entry);
        return entry;
      }
      case 'alt': {
        let entry = this.build(node.items[node.items.length - 1], next);
        for (let k = node.items.length - 2; k >= 0; k--) entry = this.add({ kind: 1, out: this.build(node.items[k], next), out2: entry });
        return entry;
      }
      case 'rep': {
        let entry = next;
        if (node.max === Infinity) {
          const loop = this.add({ kind: 1, out: -1, out2: next });
          this.states[loop].out = this.build(node.node, loop);
          entry = loop;
        } else {
          for (let k = node.max - node.min; k > 0; k--) entry = this.add({ kind: 1, out: this.build(node.node, entry), out2: next });
        }
        for (let k = node.min; k > 0; k--) entry = this.build(node.node, entry);
        return entry;
      }
    }
  }
}

interface DState {
  chars: number[];
  eols: number[];
  match: boolean;
  next: Map<number, DState>;
}

export class SafeRegex {
  private readonly states: NState[];
  private readonly start: number;
  private cache = new Map<string, DState>();
  private startFirst: DState;
  private startLater: number[];

  constructor(readonly source: string) {
    if (source.length > 1000) throw new PatternSyntaxError('pattern is longer than 1000 characters');
    const ast = new RegexParser(source).parse();
    const b = new NfaBuilder();
    const match = b.add({ kind: 2, out: -1, out2: -1 });
    this.start = b.build(ast, match);
    this.states = b.states;
    this.startLater = this.closure([this.start], false).chars;
    this.startFirst = this.dstate([this.start], true, false);
  }

  private closure(seeds: number[], atStart: boolean): { chars: number[]; eols: number[]; match: boolean } {
    const seen = new Set<number>();
    const chars: number[] = [];
    const eols: number[] = [];
    let match = false;
    const stack = [...seeds];
    while (stack.length) {
      const id = stack.pop()!;
      if (id < 0 || seen.has(id)) continue;
      seen.add(id);
      const s = this.states[id];
      if (s.kind === 0) chars.push(id);
      else if (s.kind === 1) stack.push(s.out2, s.out);
      else if (s.kind === 2) match = true;
      else if (s.kind === 3) {
        if (atStart) stack.push(s.out);
      } else eols.push(id);
    }
    return { chars, eols, match };
  }

  private dstate(seeds: number[], atStart: boolean, withStart: boolean): DState {
    const c = this.closure(seeds, atStart);
    const chars = withStart ? [...new Set([...c.chars, ...this.startLater])] : c.chars;
    chars.sort((a, b) => a - b);
    c.eols.sort((a, b) => a - b);
    const key = `${chars.join(',')}|${c.eols.join(',')}|${c.match ? 1 : 0}`;
    let d = this.cache.get(key);
    if (!d) {
      if (this.cache.size > 2000) this.cache = new Map(); // bounded memory; correctness unaffected
      d = { chars, eols: c.eols, match: c.match, next: new Map() };
      this.cache.set(key, d);
    }
    return d;
  }

  /** True when the pattern occurs anywhere in `text` (case-insensitive). O(len(text)). */
  test(text: string): boolean {
    let cur = this.startFirst;
    if (cur.match) return true;
    for (let i = 0; i < text.length; i++) {
      const code = lowerCode(text.charCodeAt(i));
      let nxt = cur.next.get(code);
      if (!nxt) {
        const seeds: number[] = [];
        for (const id of cur.chars) if (testSet(this.states[id].set!, code)) seeds.push(this.states[id].out);
        nxt = this.dstate(seeds, false, true);
        if (cur.next.size < 256) cur.next.set(code, nxt);
      }
      if (nxt.match) return true;
      cur = nxt;
    }
    if (cur.eols.length === 0) return false;
    const seen = new Set<number>();
    const stack = cur.eols.map((id) => this.states[id].out);
    while (stack.length) {
      const id = stack.pop()!;
      if (id < 0 || seen.has(id)) continue;
      seen.add(id);
      const s = this.states[id];
      if (s.kind === 2) return true;
      if (s.kind === 1) stack.push(s.out, s.out2);
      else if (s.kind === 4) stack.push(s.out);
    }
    return false;
  }
}
