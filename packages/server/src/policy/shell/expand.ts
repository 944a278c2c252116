// Parameter expansion as far as it is known without running anything: variables assigned earlier
// in the line, the operators that give an unset variable a value (`${x:-word}`, `${x-word}`,
// `${x:=word}`, zsh's `${:-word}` and its `${~…}`/`${=…}`/`${^…}` flags), and the transformations
// that turn a value into code or decode it (`${p@P}` prompt expansion runs the value's command
// substitutions, `${p@E}` decodes its escapes, zsh `${(e)p}` expands it again). A word whose
// expansion is known is judged as what the shell would run: `x=; rm -rf ${x:-~}` deletes home.

/** Variables the shell always sets: an operator's word never replaces them (`${HOME:-/tmp/x}` is home). */
const ALWAYS_SET = new Set(['HOME', 'PWD', 'USER', 'LOGNAME', 'PATH', 'SHELL', 'OLDPWD', 'HOSTNAME', 'UID', 'EUID']);

// `${[flags]name[op word]}` (flags: zsh's ~ = ^; the name may be empty in zsh), `${name@X}`,
// zsh `${(flags)name}`, `$name`, or bash's indirect `${!name}` (the variable named by name's value).
const PARAMETER = /\$\{([~=^]*)([A-Za-z_][A-Za-z0-9_]*|)(?:(:?[-=+?]|%%?|##?)([^}]*)|@([PEQULaAuK]))?\}|\$\{\(([a-zA-Z@]{1,8})\)([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)|\$\{!([A-Za-z_][A-Za-z0-9_]*)\}/g;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The value a nameref or `${!x}` leads to: the named variable's value when known, else a
 * reference to it (`x=HOME; ${!x}` is `${HOME}`, judged as the home directory).
 */
export function referenceTo(target: string, lookup: (name: string) => string | undefined): string | undefined {
  if (!NAME.test(target)) return undefined;
  return lookup(target) ?? `\${${target}}`;
}

export interface Expansion {
  text: string;
  /** Values that the expansion turned into code (`${p@P}`): their command substitutions run. */
  code: string[];
}

/** Decodes `$'…'`-style escapes, as `${x@E}` does. */
export function decodeEscapes(body: string): string {
  return body.replace(/\\(x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|[0-7]{1,3}|.)/g, (_, e: string) => {
    if (e[0] === 'x' || e[0] === 'u') return String.fromCharCode(parseInt(e.slice(1), 16));
    if (/^[0-7]/.test(e)) return String.fromCharCode(parseInt(e, 8));
    const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', e: '\x1b', f: '\f', v: '\v' };
    return simple[e] ?? e;
  });
}

const NO_CODE: string[] = [];

/** Where assigned values live: the parser's context (`${x:=word}` adds to it). */
export interface Scope {
  vars?: Map<string, string>;
}

/**
 * `text` with every parameter whose value is known put in place: values assigned earlier
 * (`scope.vars`, where `${x:=word}` also records), then `wellKnown` ones. Unknown variables stay
 * written out.
 */
export function expandParameters(text: string, scope: Scope, wellKnown: Readonly<Record<string, string>>): Expansion {
  let code = NO_CODE;
  const lookup = (name: string): string | undefined => scope.vars?.get(name) ?? (Object.hasOwn(wellKnown, name) ? wellKnown[name] : undefined);
  PARAMETER.lastIndex = 0;
  const out = text.replace(PARAMETER, (m, _flags: string | undefined, name: string | undefined, op: string | undefined, word: string | undefined, transform: string | undefined, zflags: string | undefined, zname: string | undefined, bare: string | undefined, indirect: string | undefined) => {
    if (bare !== undefined) return lookup(bare) ?? m;
    if (indirect !== undefined) {
      const target = lookup(indirect);
      return (target !== undefined && referenceTo(target, lookup)) || m;
    }
    if (zname !== undefined) {
      const v = lookup(zname);
      if (v === undefined) return m;
      if (zflags!.includes('e')) code = [...code, v];
      return v;
    }
    const v = name ? lookup(name) : undefined;
    if (transform !== undefined) {
      if (v === undefined) return m;
      if (transform === 'P') code = [...code, v];
      if (transform === 'E') return decodeEscapes(v);
      if (transform === 'U') return v.toUpperCase();
      if (transform === 'L') return v.toLowerCase();
      return v;
    }
    if (op === undefined) return v ?? (name ? m : '');
    // `${HOME%/}`, `${p##*/}`: a prefix or suffix removed from a known value.
    if (op[0] === '%' || op[0] === '#') {
      if (v !== undefined) return removeMatch(v, word!, op);
      // A variable the shell always sets, value unknown here: a literal suffix (`${HOME%/}`) leaves
      // it as it is, `${HOME%/*}` is its parent.
      if (name && ALWAYS_SET.has(name) && op === '%') return word === '/*' ? `$${name}/..` : /[*?[]/.test(word!) ? m : `$${name}`;
      return m;
    }
    const set = v !== undefined && (op[0] !== ':' || v !== '');
    if (op.endsWith('+')) return set || (name && ALWAYS_SET.has(name)) ? word! : '';
    if (set) return v!;
    if (name && ALWAYS_SET.has(name)) return `$${name}`;
    if (op.endsWith('?')) return m; // unset: the shell stops with an error
    if (op.endsWith('=') && name) (scope.vars ??= new Map()).set(name, word!);
    // The word itself is expanded too (`${a:-$b}`); one level is enough for what is written by hand.
    return word!.replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (w, n: string) => lookup(n) ?? w);
  });
  return { text: out, code };
}

/**
 * `${v%pat}` / `${v%%pat}` remove the shortest / longest suffix matching the glob `pat`, `#` and
 * `##` a prefix. Only `*`, `?` and literal text are read; a pattern with a bracket or an
 * expansion in it leaves the value as it is (it can only remove part of it).
 */
function removeMatch(value: string, pat: string, op: string): string {
  if (pat === '' || /[[\]$`\\]/.test(pat) || pat.length > 128) return value;
  const body = pat.replace(/[.+^(){}|]/g, '\\$&').replace(/\*/g, op.length === 2 ? '.*' : '.*?').replace(/\?/g, '.');
  const suffix = op[0] === '%';
  if (suffix) {
    // The shortest suffix is the match that starts latest: try each start from the end.
    const re = new RegExp(`^(?:${body})$`, 's');
    if (op.length === 2) {
      for (let k = 0; k <= value.length; k++) if (re.test(value.slice(k))) return value.slice(0, k);
    } else for (let k = value.length; k >= 0; k--) if (re.test(value.slice(k))) return value.slice(0, k);
    return value;
  }
  const re = new RegExp(`^(?:${body})`, 's');
  const m = re.exec(value);
  return m ? value.slice(m[0].length) : value;
}

/** The separators `$IFS` holds, as a pattern for splitting an unquoted expansion into words. */
export function ifsSplitter(ifs: string | undefined): RegExp {
  if (ifs === undefined) return /\s+/;
  const chars = [...new Set(ifs)].map((c) => (/[\\\]^-]/.test(c) ? `\\${c}` : c)).join('');
  return chars ? new RegExp(`[${chars}]+`) : /(?!)/;
}

/**
 * `read [-r] [-a ARR] NAME…` of one input line: the fields split at `ifs`, the last name taking
 * the rest of the line; with `-a`, every field is an element of the array.
 */
export function readFields(line: string, ifs: string | undefined, names: readonly string[], array: boolean): string[] {
  const seps = ifs ?? ' \t\n';
  // Blanks in IFS are trimmed and run together; any other separator ends one field (`a::b` has an empty one).
  const blank = (c: string) => (c === ' ' || c === '\t' || c === '\n') && seps.includes(c);
  let i = 0;
  let end = line.length;
  while (i < end && blank(line[i])) i++;
  while (end > i && blank(line[end - 1])) end--;
  const out: string[] = [];
  let field = '';
  for (; i < end; i++) {
    const c = line[i];
    if (!seps.includes(c) || (!array && out.length === names.length - 1)) {
      field += c;
      continue;
    }
    out.push(field);
    field = '';
    while (i + 1 < end && blank(line[i + 1])) i++;
  }
  out.push(field);
  return array ? out.filter((f) => f !== '') : out;
}

/**
 * Brace expansion of one unquoted word, as bash and zsh do it before tilde expansion:
 * `~/{Documents,Desktop}` is two paths, `{build,~}` ends in the home directory. Only comma
 * lists are expanded (a `{1..3}` sequence or a `{}` placeholder stays as written); `${…}` is a
 * parameter, not a list. At most `limit` words, so a product of lists cannot blow up.
 */
export function expandBraces(word: string, limit = 32): string[] {
  for (let i = 0; i < word.length; i++) {
    if (word[i] !== '{' || word[i - 1] === '$') continue;
    let depth = 0;
    let end = -1;
    const commas: number[] = [];
    for (let j = i; j < word.length && end < 0; j++) {
      const c = word[j];
      if (c === '{') depth++;
      else if (c === '}' && --depth === 0) end = j;
      else if (c === ',' && depth === 1) commas.push(j);
    }
    if (end < 0) return [word];
    if (commas.length === 0) continue;
    const pre = word.slice(0, i);
    const post = word.slice(end + 1);
    const out: string[] = [];
    let from = i + 1;
    for (const at of [...commas, end]) {
      for (const w of expandBraces(pre + word.slice(from, at) + post, limit - out.length)) {
        out.push(w);
        if (out.length >= limit) return out;
      }
      from = at + 1;
    }
    return out;
  }
  return [word];
}
