// GNU sed runs shell commands from its script: `e command` runs command, a bare `e` runs the
// pattern space, and the `e` flag of `s///e` runs the pattern space after the substitution.
// `sed '1e rm -rf ~' f` and `sed 's/.*/rm -rf ~/e' f` delete the home directory; `sed 's/^/sh /e'`
// runs whatever the input holds. `--sandbox` refuses all three.

export const SED_PROGRAMS: ReadonlySet<string> = new Set(['sed', 'gsed']);

// Options that take the next word as their value (`-f` names a script file, not read here).
const VALUE_OPTIONS = new Set(['-e', '--expression', '-f', '--file', '-l', '--line-length']);
// An address: a line number, `$`, a /regex/ (or \cregexc), optionally a range or step, then `!`.
const ADDRESS = String.raw`(?:(?:\d+(?:~\d+)?|\$|\/(?:\\.|[^/\\\n])*\/[IM]*|\\(\S)(?:\\.|(?!\1)[^\\\n])*\1[IM]*)(?:\s*,\s*(?:[+~]?\d+|\$|\/(?:\\.|[^/\\\n])*\/[IM]*))?\s*!?\s*)?`;
// Where a command starts: the script's start, or after `;`, a newline or a brace.
const START = String.raw`(?:^|[;\n{}])\s*`;
const E_COMMAND = new RegExp(`${START}${ADDRESS}e(?:[ \\t]+([^\\n]*))?[ \\t]*(?=\\n|$|;|})`, 'g');
const S_COMMAND = new RegExp(`${START}${ADDRESS}s([^\\s\\\\\\n])((?:\\\\.|(?!\\2)[^\\\\\\n])*)\\2((?:\\\\.|(?!\\2)[^\\\\\\n])*)\\2([a-zA-Z0-9]*)`, 'g');
// A regex that matches the whole line, so the replacement alone is the command.
const WHOLE_LINE = /^\^?\.\*\$?$/;

export interface SedExec {
  /** Commands the script runs as written (`e rm -rf ~`, `s/.*\/rm -rf ~/e`). */
  commands: string[];
  /** The script runs text taken from its input (`e` alone, `s/x/y/e` on input lines). */
  fromInput: boolean;
}

/** The sed scripts on the command line: `-e` values, else the first operand. */
function scripts(args: readonly string[]): string[] | undefined {
  const out: string[] = [];
  let operand: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--sandbox') return undefined;
    if (a === '--') { operand ??= args[i + 1]; break; }
    if (a === '-e' || a === '--expression') { if (args[i + 1] !== undefined) out.push(args[++i]); continue; }
    if (a.startsWith('--expression=')) { out.push(a.slice(13)); continue; }
    if (VALUE_OPTIONS.has(a)) { i++; continue; }
    if (/^-[a-zA-Z]*e./.test(a) && !a.startsWith('--') && !/^-i/.test(a)) { out.push(a.slice(a.indexOf('e') + 1)); continue; }
    if (a.startsWith('-') && a.length > 1) continue;
    operand ??= a;
  }
  return out.length ? out : operand !== undefined ? [operand] : [];
}

export function sedExec(args: readonly string[]): SedExec | undefined {
  const list = scripts(args);
  if (!list) return undefined;
  let found: SedExec | undefined;
  for (const script of list) {
    // (Every form needs an `e`: most scripts are ruled out here.)
    if (!script.includes('e')) continue;
    for (const m of script.matchAll(E_COMMAND)) {
      found ??= { commands: [], fromInput: false };
      if (m[2]?.trim()) found.commands.push(m[2].trim());
      else found.fromInput = true;
    }
    for (const m of script.matchAll(S_COMMAND)) {
      if (!m[5].includes('e')) continue;
      found ??= { commands: [], fromInput: false };
      const delim = m[2];
      const replacement = m[4].split(`\\${delim}`).join(delim);
      // `s/.*/cmd/e` replaces the whole line with cmd, which then runs; a replacement that keeps
      // part of the line (`&`, `\1`) or a regex that matches only part of it runs input text.
      if (WHOLE_LINE.test(m[3]) && !/&|\\\d/.test(replacement)) found.commands.push(replacement);
      else found.fromInput = true;
    }
  }
  return found;
}
