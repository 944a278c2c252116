// How a model reads a text that hides an instruction: the disguises folded away before the
// injection rules (injection.ts) match it. Case, zero-width and bidi characters, look-alike letters
// (Cyrillic/Greek/fullwidth/small capitals), combining marks stacked on letters, letters spaced or
// dotted apart, markdown emphasis, HTML comments splitting words, base64 and hex blobs (decoded and
// appended), upside-down letters and right-to-left overrides (turned back), and ROT13 or reversed
// text when the text names the encoding.
// Look-alike letters an attacker swaps in (Cyrillic, Greek, Latin small capitals) → ASCII.
const HOMOGLYPHS: Record<string, string> = {
  '\u0430': 'a', '\u0435': 'e', '\u043e': 'o', '\u0440': 'p', '\u0441': 'c', '\u0443': 'y', '\u0445': 'x', '\u0456': 'i', '\u0455': 's', '\u0458': 'j', '\u0501': 'd', '\u04bb': 'h', '\u0261': 'g', '\u043a': 'k', '\u043c': 'm', '\u0442': 't', '\u043d': 'h', '\u0432': 'b', '\u0491': 'r',
  '\u0410': 'A', '\u0415': 'E', '\u041e': 'O', '\u0420': 'P', '\u0421': 'C', '\u0423': 'Y', '\u0425': 'X', '\u0406': 'I', '\u0405': 'S', '\u0408': 'J', '\u041a': 'K', '\u041c': 'M', '\u0422': 'T', '\u041d': 'H', '\u0412': 'B',
  '\u03b1': 'a', '\u03bf': 'o', '\u03b5': 'e', '\u03b9': 'i', '\u03ba': 'k', '\u03bd': 'v', '\u03c1': 'p', '\u03c4': 't', '\u03c5': 'u', '\u03c7': 'x',
  '\u0391': 'A', '\u0392': 'B', '\u0395': 'E', '\u0396': 'Z', '\u0397': 'H', '\u0399': 'I', '\u039a': 'K', '\u039c': 'M', '\u039d': 'N', '\u039f': 'O', '\u03a1': 'P', '\u03a4': 'T', '\u03a5': 'Y', '\u03a7': 'X',
  '\u1d00': 'a', '\u0299': 'b', '\u1d04': 'c', '\u1d05': 'd', '\u1d07': 'e', '\u0262': 'g', '\u029c': 'h', '\u026a': 'i', '\u1d0a': 'j', '\u1d0b': 'k', '\u029f': 'l', '\u1d0d': 'm', '\u0274': 'n', '\u1d0f': 'o', '\u1d18': 'p', '\u0280': 'r', '\ua731': 's', '\u1d1b': 't', '\u1d1c': 'u', '\u1d20': 'v', '\u1d21': 'w', '\u028f': 'y', '\u1d22': 'z',
};
const COMBINING = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/;
const COMBINING_ON_LATIN = /(?<=[A-Za-z])[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]+/g;
const INVISIBLE = /[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u206a-\u206f\ufeff]/g;
export const NEEDS_NORMALIZING = /[^\x00-\x7f]|<!--|\*|__|~~|\b[a-z](?:[\s.\-_*|]{1,2}[a-z])\b|[A-Za-z0-9+/]{24}/i;

// Character classes of the ASCII range for needsNormalizing, one table look-up per character.
const LETTER = 1;
const WORD = 2; // `\w` without the u flag
const BASE64 = 4;
const GAP = 8; // `[\s.\-_*|]` for ASCII (a non-ASCII space makes the text need normalizing anyway)
const MARK = 16; // `*`, `<`, `_`, `~`: the start of a marker alternative
const ASCII_CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  const letter = /[A-Za-z]/.test(ch);
  const digit = /[0-9]/.test(ch);
  ASCII_CLASS[c] = (letter ? LETTER : 0) | (letter || digit || ch === '_' ? WORD : 0) | (letter || digit || ch === '+' || ch === '/' ? BASE64 : 0) | (/[\s.\-_*|]/.test(ch) ? GAP : 0) | ('*<_~'.includes(ch) ? MARK : 0);
}

/** The class bits of the character at `i` (0 past the end; non-ASCII is handled before). */
function classAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  return c < 128 ? ASCII_CLASS[c] : 0;
}

/**
 * `NEEDS_NORMALIZING.test(text)` in one pass. The regex tried its base64 alternative from every
 * position of every word, about 1 ms per 100 KB of prose; this counts the run instead.
 * test/policy/injection-scan.test.ts checks the two agree.
 */
export function needsNormalizing(text: string): boolean {
  const n = text.length;
  let run = 0; // base64-alphabet characters in a row
  let prevWord = false;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128) return true;
    const k = ASCII_CLASS[c];
    if (k & BASE64) {
      if (++run >= 24) return true;
    } else run = 0;
    if (k & MARK) {
      if (c === 42 /* * */) return true;
      if (c === 60 /* < */ ? text.startsWith('<!--', i) : text.charCodeAt(i + 1) === c) return true; // `<!--`, `__`, `~~`
    }
    // `\b[a-z](?:[gap]{1,2}[a-z])\b`: a lone letter, one or two gap characters, a lone letter.
    if (k & LETTER && !prevWord && classAt(text, i + 1) & GAP) {
      if (classAt(text, i + 2) & LETTER && !(classAt(text, i + 3) & WORD)) return true;
      if (classAt(text, i + 2) & GAP && classAt(text, i + 3) & LETTER && !(classAt(text, i + 4) & WORD)) return true;
    }
    prevWord = (k & WORD) !== 0;
  }
  return false;
}
const BASE64_RUN = /(?:[A-Za-z0-9+/]{4}){6,}(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?/g;

function foldHomoglyphs(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFKC')) out += HOMOGLYPHS[ch] ?? ch;
  return out;
}

/** Decoded base64 blobs that are readable text (an instruction smuggled past a reader). */
function decodedBlobs(text: string): string[] {
  const out: string[] = [];
  BASE64_RUN.lastIndex = 0;
  for (let m = BASE64_RUN.exec(text); m && out.length < 8; m = BASE64_RUN.exec(text)) {
    if (m[0].length > 20_000) continue;
    let decoded: string;
    try {
      // A run of hex digits is hex (a hash decodes to bytes that are not text and is dropped below).
      decoded = Buffer.from(m[0], /^(?:[0-9a-f]{2})+$/i.test(m[0]) ? 'hex' : 'base64').toString('utf8');
    } catch {
      continue;
    }
    if (decoded.length >= 12 && /^[\x09\x0a\x0d\x20-\x7e]+$/.test(decoded) && /[a-z]{3,}\s[a-z]{2,}/i.test(decoded)) out.push(decoded);
  }
  return out;
}

/**
 * The text as the model would read it: invisible characters removed, look-alikes folded,
 * emphasis and empty HTML comments dropped, spaced-out letters joined, base64 decoded and
 * appended. Returns the same string when nothing needed changing.
 */
export function normalizeForInjection(text: string): string {
  if (!needsNormalizing(text)) return text.length <= MAX_TURNED && ENCODING_NAMED.test(text) ? `${text}\n${REVERSAL_NAMED.test(text) ? turnedAround(text) : ''}\n${ROT13_NAMED.test(text) ? rot13(text) : ''}` : text;
  let t = text.replace(INVISIBLE, '');
  if (/[^\x00-\x7f]/.test(t)) {
    // Combining marks stacked on Latin letters (underline, strike-through, tildes, "zalgo") are
    // decoration; they come off before folding would compose some of them into accented letters.
    if (COMBINING.test(t)) t = t.normalize('NFD').replace(COMBINING_ON_LATIN, '');
    t = foldHomoglyphs(t);
  }
  // A comment splitting a word ("ig<!-- x -->nore") is cut out; its text is kept, at the end.
  const comments: string[] = [];
  if (t.includes('<!--')) t = t.replace(/<!--([\s\S]{0,2000}?)-->/g, (_, body: string) => (comments.push(body), '')).replace(/<!--|-->/g, ' ');
  // Emphasis markers next to letters ("**Ignore**", "ig**nore"); a `*` glob in a path stays.
  if (/\*|__|~~/.test(t)) t = t.replace(/([A-Za-z])(?:\*{1,3}|__|~~)(?=[A-Za-z])/g, '$1').replace(/(?<=^|[\s(])(?:\*{1,3}|__|~~)(?=[A-Za-z])|(?<=[A-Za-z])(?:\*{1,3}|__|~~)(?=$|[\s).,;:!?])/g, '');
  if (comments.length) t = `${t}\n${comments.join('\n')}`;
  // "i g n o r e", "i.g.n.o.r.e", "n o" → "ignore", "no" (words stay apart where the gap is
  // wider than the gap between letters).
  // With letters split by punctuation the spaces are the word gaps ("i-g-n-o-r-e a-l-l").
  t = t.replace(/\b[A-Za-z](?:(?: |[.\-|] ?)[A-Za-z])+\b/g, (run) => (/[.\-|]/.test(run) ? run.split(/ +/).map((w) => w.replace(/[.\-|]/g, '')).join(' ') : run.replace(/ /g, '')));
  const blobs = /[A-Za-z0-9+/]{24}/.test(text) ? decodedBlobs(text) : [];
  // Text turned around (upside-down letters, a right-to-left override, "read this backwards") or
  // put through ROT13 is read as the model would read it once told how: the decoding is appended.
  if (text.length <= MAX_TURNED) {
    if (UPSIDE_DOWN_CHAR.test(text) || /\u202e/.test(text) || REVERSAL_NAMED.test(text)) blobs.push(turnedAround(text.replace(INVISIBLE, '')));
    if (ROT13_NAMED.test(text)) blobs.push(rot13(t));
  }
  return blobs.length ? `${t}\n${blobs.join('\n')}` : t;
}

// Upside-down look-alikes (as flip-text generators write them) → the letter they stand for.
const UPSIDE_DOWN: Record<string, string> = {
  '\u0250': 'a', '\u0254': 'c', '\u01dd': 'e', '\u025f': 'f', '\u0183': 'g', '\u0265': 'h', '\u1d09': 'i', '\u027e': 'j', '\u029e': 'k', '\u026f': 'm', '\u0279': 'r', '\u0287': 't', '\u028c': 'v', '\u028d': 'w', '\u028e': 'y',
  '\u029c': 'h', '\ua780': 'L', '\ua781': 'l', '\u02d9': '.', '\u00a1': '!', '\u00bf': '?', '\u2200': 'A', '\u018e': 'E', '\u2132': 'F', '\u05df': 'l', '\u1d1a': 'R', '\u2229': 'U', '\u039b': 'V', '\u2144': 'Y',
};
const FLIP_PAIRS: Record<string, string> = { b: 'q', q: 'b', d: 'p', p: 'd', n: 'u', u: 'n', '6': '9', '9': '6' };
const UPSIDE_DOWN_CHAR = /[\u0250\u0254\u01dd\u025f\u0183\u0265\u1d09\u027e\u029e\u026f\u0279\u0287\u028c\u028d\u028e\ua780\ua781\u02d9\u2200\u018e\u2132]/;
const REVERSAL_NAMED = /\b(?:revers(?:e|ed|ing)|backwards?|right[\s-]to[\s-]left)\b/i;
// Orders turned around are short; a long text (a source file calling .reverse()) is not decoded so.
const MAX_TURNED = 20_000;
const ENCODING_NAMED = /\b(?:rot[\s-]?13|caesar|revers(?:e|ed|ing)|backwards?|right[\s-]to[\s-]left)\b/i;
const ROT13_NAMED = /\brot[\s-]?13\b|\bcaesar\b/i;

/** Every line read right to left with upside-down letters turned upright ("ʜsɐq | lɹnɔ" → "curl | bash"). */
function turnedAround(text: string): string {
  return text
    .split('\n', 2000)
    .map((line) => {
      // On a line written upside down the letters that are each other's flips swap back too.
      const flipped = UPSIDE_DOWN_CHAR.test(line);
      let out = '';
      for (const ch of line) out = (UPSIDE_DOWN[ch] ?? (flipped ? FLIP_PAIRS[ch] : undefined) ?? ch) + out;
      return out;
    })
    .join('\n');
}

function rot13(text: string): string {
  return text.replace(/[A-Za-z]/g, (c) => {
    const base = c <= 'Z' ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });
}
