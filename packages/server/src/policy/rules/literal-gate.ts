// Literal gates for the text scanners' long phrase lists (injection.ts). A 100 KB prompt or file
// run through an alternation of twenty phrasings costs milliseconds even when none of them is
// there: the engine tries every alternative at every position. Each alternative of such an
// expression cannot match without certain words ("said", "authori", "maintenance"), so the text
// is asked once which of those words it holds, and only the alternatives that could match are
// run. The answer is the same as running the whole expression (test/policy/literal-gate.test.ts
// checks that on generated texts); only the time differs.
//
// The analysis is conservative: any construct it does not understand (a class, a lookaround, an
// optional part) contributes no required word, and an alternative with no required word is
// always run. Expressions with backreferences or the `u` or `y` flag are never gated.

/** A word the text must hold: as a whole `\w` run (`word`) or anywhere (`!word`). */
interface Literal {
  s: string;
  word: boolean;
}

interface Branch {
  source: string;
  /** Any one of these must be in the text for the branch to match; null: no such set known. */
  need: Literal[] | null;
}

interface Gate {
  ci: boolean;
  branches: Branch[] | null; // null: never gated
  /** Sub-expressions of the branches that may match, by their indices (non-global, no captures). */
  subsets: Map<string, RegExp> | null;
}

type Item =
  | { k: 'char'; c: string; min: number; max: number }
  | { k: 'guard'; min: number } // consumes only non-word characters (`\s`, `:`, `[.!?]`) or asserts a boundary (`\b`, `^`, `$`)
  | { k: 'group'; alts: Item[][]; min: number }
  | { k: 'other'; min: number };

const WORD_CHAR = /^[A-Za-z0-9_]$/;
const WORD_RUN = /^\w+$/;

class Parser {
  i = 0;
  unsafe = false;
  capturing = false;
  constructor(private readonly src: string) {}

  /** The top-level alternatives, each with its own source text (for running a subset of them). */
  topLevel(): { source: string; items: Item[] }[] {
    const out: { source: string; items: Item[] }[] = [];
    for (;;) {
      const start = this.i;
      const items = this.sequence();
      out.push({ source: this.src.slice(start, this.i), items });
      if (this.src[this.i] !== '|') return out;
      this.i++;
    }
  }

  alternatives(): Item[][] {
    const alts: Item[][] = [this.sequence()];
    while (this.src[this.i] === '|') {
      this.i++;
      alts.push(this.sequence());
    }
    return alts;
  }

  sequence(): Item[] {
    const items: Item[] = [];
    const src = this.src;
    while (this.i < src.length && src[this.i] !== '|' && src[this.i] !== ')') {
      const item = this.atom();
      const q = this.quantifier();
      if (item === null) continue; // a lookaround: zero-width, skipped
      if (q) {
        if (item.k === 'char') {
          item.min = q.min;
          item.max = q.max;
        } else item.min = Math.min(item.min, q.min);
      }
      items.push(item);
    }
    return items;
  }

  private quantifier(): { min: number; max: number } | null {
    const src = this.src;
    const c = src[this.i];
    let q: { min: number; max: number } | null = null;
    if (c === '?') q = { min: 0, max: 1 };
    else if (c === '*') q = { min: 0, max: Infinity };
    else if (c === '+') q = { min: 1, max: Infinity };
    else if (c === '{') {
      const m = /^\{(\d+)(?:(,)(\d*))?\}/.exec(src.slice(this.i, this.i + 24));
      if (!m) return null;
      this.i += m[0].length - 1;
      q = { min: Number(m[1]), max: m[2] ? (m[3] ? Number(m[3]) : Infinity) : Number(m[1]) };
    }
    if (!q) return null;
    this.i++;
    if (src[this.i] === '?') this.i++; // lazy
    return q;
  }

  private atom(): Item | null {
    const src = this.src;
    const c = src[this.i++];
    if (c === '(') {
      let capturing = true;
      let look = false;
      if (src[this.i] === '?') {
        capturing = false;
        const next = src[this.i + 1];
        if (next === ':') this.i += 2;
        else if (next === '=' || next === '!') (look = true), (this.i += 2);
        else if (next === '<' && (src[this.i + 2] === '=' || src[this.i + 2] === '!')) (look = true), (this.i += 3);
        else if (next === '<') {
          // a named group
          capturing = true;
          this.i = src.indexOf('>', this.i) + 1;
        } else this.unsafe = true;
      }
      if (capturing) this.capturing = true;
      const alts = this.alternatives();
      if (src[this.i] === ')') this.i++;
      else this.unsafe = true;
      return look ? null : { k: 'group', alts, min: 1 };
    }
    if (c === '[') return this.charClass();
    if (c === '\\') return this.escape();
    if (c === '.') return { k: 'other', min: 1 };
    if (c === '^' || c === '$') return { k: 'guard', min: 1 };
    if (c === '*' || c === '+' || c === '?' || c === '{') {
      // A quantifier with nothing to repeat (only `{` can be literal here).
      if (c !== '{') this.unsafe = true;
      return { k: 'char', c, min: 1, max: 1 };
    }
    return c.charCodeAt(0) < 128 ? { k: 'char', c, min: 1, max: 1 } : { k: 'other', min: 1 };
  }

  private escape(): Item {
    const c = this.src[this.i++];
    if (c === 'b') return { k: 'guard', min: 1 };
    if (c === 's' || c === 'W' || c === 'n' || c === 'r' || c === 't' || c === 'f' || c === 'v') return { k: 'guard', min: 1 };
    if (/[1-9k]/.test(c)) this.unsafe = true; // a backreference
    if (c === 'x') (this.i += 2);
    else if (c === 'u') this.i += this.src[this.i] === '{' ? this.src.indexOf('}', this.i) - this.i + 1 : 4;
    else if (c === 'c' || c === 'p' || c === 'P') this.unsafe = true;
    if (/[A-Za-z0-9]/.test(c)) return { k: 'other', min: 1 };
    return { k: 'char', c, min: 1, max: 1 };
  }

  /** A class is a guard when every character it can match is a non-word character. */
  private charClass(): Item {
    const src = this.src;
    const negated = src[this.i] === '^';
    if (negated) this.i++;
    let wordFree = true;
    let first = true;
    while (this.i < src.length && (src[this.i] !== ']' || first)) {
      first = false;
      let c = src[this.i++];
      if (c === '\\') {
        const e = src[this.i++];
        if (e === 'x') (this.i += 2), (wordFree = false);
        else if (e === 'u') (this.i += 4), (wordFree = false);
        else if (!/[snrtfv]/.test(e) && (/[A-Za-z0-9_]/.test(e) || e === undefined)) wordFree = false;
        continue;
      }
      if (src[this.i] === '-' && src[this.i + 1] !== ']' && this.i + 1 < src.length) {
        this.i++;
        let end = src[this.i++];
        if (end === '\\') end = src[this.i++];
        if (rangeHoldsWordChar(c.charCodeAt(0), end.charCodeAt(0))) wordFree = false;
        c = end;
        continue;
      }
      if (WORD_CHAR.test(c)) wordFree = false;
    }
    this.i++; // ]
    return wordFree && !negated ? { k: 'guard', min: 1 } : { k: 'other', min: 1 };
  }
}

function rangeHoldsWordChar(from: number, to: number): boolean {
  const meets = (a: number, b: number): boolean => from <= b && to >= a;
  return meets(48, 57) || meets(65, 90) || meets(95, 95) || meets(97, 122);
}

/** A guard that always consumes or asserts a non-word boundary. */
function isGuard(item: Item | undefined): boolean {
  return item !== undefined && item.k === 'guard' && item.min > 0;
}

/**
 * The best set of literals one of which every match of the sequence contains. `left`/`right`:
 * whether the sequence is bounded by a guard on that side in its context.
 */
function needOf(items: Item[], left: boolean, right: boolean, ci: boolean): Literal[] | null {
  const candidates: Literal[][] = [];
  let run = '';
  let runLeft = left;
  const flush = (rightGuard: boolean): void => {
    if (run) {
      // Whole words are looked up among the text's words, which are lower-cased.
      const word = runLeft && rightGuard && WORD_RUN.test(run);
      candidates.push([{ s: ci || word ? run.toLowerCase() : run, word }]);
    }
    run = '';
  };
  for (let k = 0; k < items.length; k++) {
    const it = items[k];
    const after = k + 1 < items.length ? isGuard(items[k + 1]) : right;
    if (it.k === 'char' && it.min >= 1) {
      if (!run) runLeft = k === 0 ? left : isGuard(items[k - 1]);
      run += it.c;
      // A repeated character ends the run: how many times it appears is not known.
      if (it.max !== 1 || it.min !== 1) flush(false);
      else if (k + 1 === items.length || items[k + 1].k !== 'char' || items[k + 1].min < 1) flush(after);
      continue;
    }
    flush(false);
    if (it.k === 'group' && it.min >= 1) {
      const l = k === 0 ? left : isGuard(items[k - 1]);
      const sets = it.alts.map((alt) => needOf(alt, l, after, ci));
      if (sets.every((s) => s !== null)) candidates.push(sets.flat() as Literal[]);
    }
  }
  flush(right);
  let best: Literal[] | null = null;
  let bestScore = 0;
  for (const set of candidates) {
    // A whole word is selective even when short ("hi"); a bare substring only when long.
    const score = Math.min(...set.map((l) => (l.word ? 8 + l.s.length : l.s.length))) - set.length / 100;
    if (score > bestScore) (best = set), (bestScore = score);
  }
  return bestScore >= 3 ? best : null;
}

const gates = new WeakMap<RegExp, Gate>();

function gateOf(re: RegExp): Gate {
  let g = gates.get(re);
  if (g) return g;
  const ci = re.flags.includes('i');
  g = { ci, branches: null, subsets: null };
  if (!/[uvy]/.test(re.flags)) {
    const whole = new Parser(re.source);
    const branches = whole.topLevel();
    if (!whole.unsafe && whole.i === re.source.length) {
      g.branches = branches.map(({ source, items }) => ({ source, need: needOf(items, false, false, ci) }));
      if (!whole.capturing && !re.global) g.subsets = new Map();
    }
  }
  gates.set(re, g);
  return g;
}

/** What a text holds, worked out once per text for all the gates asked about it. */
class TextView {
  private lowerText: string | undefined;
  private wordSet: Set<string> | undefined;
  private wordText: string | undefined;
  // Substring answers, by literal (lower-cased ones prefixed): the gates share many words.
  private readonly found = new Map<string, boolean>();
  constructor(readonly text: string) {}
  has(l: Literal, ci: boolean): boolean {
    if (l.word) return this.words().has(l.s);
    const key = ci ? `i${l.s}` : `c${l.s}`;
    let yes = this.found.get(key);
    if (yes === undefined) {
      // A literal of word characters lies inside one of the text's words: looked for among the
      // distinct words (a few hundred characters for prose) rather than in the whole text.
      if (WORD_RUN.test(l.s)) yes = this.distinctWords().includes(ci ? l.s : l.s.toLowerCase());
      else yes = ci ? this.lower().includes(l.s) : this.text.includes(l.s);
      this.found.set(key, yes);
    }
    return yes;
  }
  /** The distinct words, space-separated. */
  private distinctWords(): string {
    if (this.wordText === undefined) this.wordText = [...this.words()].join(' ');
    return this.wordText;
  }
  private lower(): string {
    return (this.lowerText ??= this.text.toLowerCase());
  }
  /** The text's `\w` runs, ASCII letters lower-cased (the `\w` and `\b` of expressions without `u`). */
  private words(): Set<string> {
    if (this.wordSet) return this.wordSet;
    const set = new Set<string>();
    const t = this.text;
    let start = -1;
    let upper = false;
    for (let i = 0; i <= t.length; i++) {
      const c = i < t.length ? t.charCodeAt(i) : 32;
      if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95) {
        if (start < 0) (start = i), (upper = false);
      } else if (c >= 65 && c <= 90) {
        if (start < 0) start = i;
        upper = true;
      } else if (start >= 0) {
        const w = t.slice(start, i);
        set.add(upper ? w.toLowerCase() : w); // only ASCII word characters: as the `\w` of the expressions
        start = -1;
      }
    }
    return (this.wordSet = set);
  }
}


// The texts asked about in the current scan: findInjection asks a dozen gates about the same
// text. Forgotten when a scan starts (newScan), so no answer outlives the decision it was for.
const recent: TextView[] = [];

/** Starts a scan: what earlier scans learnt about their texts is dropped. */
export function newScan(): void {
  recent.length = 0;
}
function viewOf(text: string): TextView {
  for (const v of recent) if (v.text === text) return v;
  const v = new TextView(text);
  recent.unshift(v);
  if (recent.length > 4) recent.pop();
  return v;
}

function passing(g: Gate, view: TextView): number[] {
  const out: number[] = [];
  const branches = g.branches!;
  for (let b = 0; b < branches.length; b++) {
    const need = branches[b].need;
    if (need === null || need.some((l) => view.has(l, g.ci))) out.push(b);
  }
  return out;
}

// Below this length the expressions are cheap and listing a text's words costs more than it saves.
export const GATE_FROM = 4096;

/** False only when `re` cannot match `text`: no alternative's required words are in it. */
export function mayMatch(re: RegExp, text: string): boolean {
  if (text.length < GATE_FROM) return true;
  const g = gateOf(re);
  return g.branches === null || passing(g, viewOf(text)).length > 0;
}

/**
 * `re.exec(text)` for the match's position and text (`m.index`, `m[0]`), running only the
 * alternatives whose required words the text holds. Captures are not kept: expressions with
 * capturing groups, and global ones, are run whole.
 */
export function gatedExec(re: RegExp, text: string): RegExpExecArray | null {
  if (text.length < GATE_FROM) return re.exec(text);
  const g = gateOf(re);
  if (g.branches === null) return re.exec(text);
  const ok = passing(g, viewOf(text));
  if (ok.length === 0) return null;
  if (ok.length === g.branches.length || g.subsets === null) return re.exec(text);
  const key = ok.join(',');
  let sub = g.subsets.get(key);
  if (!sub) {
    sub = new RegExp(ok.map((b) => g.branches![b].source).join('|'), re.flags);
    if (g.subsets.size < 256) g.subsets.set(key, sub);
  }
  return sub.exec(text);
}

/** `re.test(text)`, running only the alternatives that may match. */
export function gatedTest(re: RegExp, text: string): boolean {
  if (re.global || re.sticky) return mayMatch(re, text) && re.test(text);
  return gatedExec(re, text) !== null;
}
