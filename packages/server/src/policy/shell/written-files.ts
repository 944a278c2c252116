// Files a command line writes with content it shows, so a later command of the same line that
// runs the file (`sh f`, `source f`, `./f`) or reads it as a shell startup file (`BASH_ENV=f bash
// x`, `bash --init-file f -i`) is judged by what it holds (issue #16). A file whose content
// stops being known (written by another program, from a substitution, or handed to a program
// that may change it) is forgotten, and its use is judged as today: unknown code.
import type { SimpleCommand } from './types.js';

/**
 * Files written so far, by key (see `fileKey`): the text written to them, and whether that is all
 * they hold (`complete`: no earlier content of unknown text, no expansion while writing).
 */
export type WrittenFiles = Map<string, { text: string; complete: boolean }>;

const WRITE_OPS = new Set(['>', '>>', '>|', '&>', '&>>', '<>']);
const HERE_OPS = new Set(['<<', '<<-', '<<<']);
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'ash', 'mksh', 'fish', 'rbash']);
// Programs that only read the files they name (or, for chmod, change only their mode).
const READERS = new Set([
  'cat', 'head', 'tail', 'less', 'more', 'wc', 'grep', 'egrep', 'fgrep', 'rg', 'ls', 'stat', 'file', 'diff', 'cmp',
  'md5sum', 'sha1sum', 'sha256sum', 'shasum', 'chmod', 'test', '[', 'echo', 'printf', 'source', '.', 'bat', 'nl', 'od', 'xxd', 'hexdump',
  ...SHELLS,
]);
// Programs whose last operand is what they write: naming the file elsewhere only reads it.
const COPIERS = new Set(['cp', 'install', 'ln', 'rsync', 'scp']);

/**
 * The key of a path as a later command of the line would reach it: absolute paths and `~` as
 * written, relative ones under the working-directory shift in effect (`cd /tmp && … > s.sh` and a
 * later `bash s.sh` elsewhere name different files). After a `cd` into some project subdirectory
 * (`subdir`) which one is not tracked, so those keys are marked and their content never complete.
 */
export function fileKey(path: string, shift: string | undefined, subdir = false): string {
  const p = path.replace(/^(?:\.\/)+/, '');
  return /^[/~$]/.test(p) ? p : `${shift ?? '.'}${subdir ? '/<subdir>' : ''}/${p}`;
}

/**
 * The text a here-document or here-string puts in the file, and whether it is exactly that: with
 * an unquoted delimiter `$…` and backquotes expand while writing, so a body holding either is only
 * partly known. Null without one.
 */
function hereText(cmd: SimpleCommand): { text: string; exact: boolean } | null {
  const here = cmd.redirects.find((r) => HERE_OPS.has(r.op));
  if (!here) return null;
  const text = here.target.text;
  return { text: here.op === '<<<' ? `${text}\n` : text, exact: here.target.subs.length === 0 && !/[$`]/.test(text) };
}

/** Records what `cmd` writes, and forgets files whose content it may change without showing it. */
export function rememberWrites(cmd: SimpleCommand, files: WrittenFiles): void {
  const shift = cmd.cwdShift;
  const sub = cmd.cwdIsSubdir;
  const set = (path: string, text: string, exact: boolean, append: boolean): void => {
    const key = fileKey(path, shift, sub);
    if (sub && key.includes('/<subdir>/')) exact = false;
    const before = files.get(key);
    // An append to a file this line has not written adds to content nobody has seen. An overwrite
    // keeps what was there too: a write the line skips (`false && cat > f …`) leaves the earlier
    // content, so both are judged.
    if (before) files.set(key, { text: `${before.text}\n${text}`, complete: before.complete && exact });
    else files.set(key, { text, complete: exact && !append });
  };
  const out = cmd.redirects.filter((r) => WRITE_OPS.has(r.op));
  const appends = (op: string): boolean => op === '>>' || op === '&>>';
  if ((cmd.name === 'echo' || cmd.name === 'printf') && out.length) {
    const words = cmd.argv.slice(1);
    let text = words.filter((w, k) => !(k === 0 && cmd.name === 'echo' && /^-[neE]+$/.test(w.text))).map((w) => w.text).join(' ');
    if (cmd.name === 'printf') text = text.replace(/\\n/g, '\n');
    // printf formats (`%s`, escapes other than \n) and echo options other than a leading -n/-e/-E
    // change the bytes written; the words are still what the file says.
    const exact = !words.some((w) => w.subs.length > 0 || /[$`]/.test(w.text)) && (cmd.name === 'echo' || !/%|\\[^n]/.test(text));
    for (const r of out) set(r.target.text, text, exact, appends(r.op));
    return;
  }
  const here = hereText(cmd);
  if (cmd.name === 'cat' && here && !cmd.args.some((a) => !a.startsWith('-') || a === '-')) {
    for (const r of out) set(r.target.text, here.text, here.exact, appends(r.op));
    return;
  }
  if (cmd.name === 'tee' && here) {
    const append = cmd.args.some((a) => /^-[a-z]*a/.test(a) || a === '--append');
    for (const a of cmd.args) if (!a.startsWith('-')) set(a, here.text, here.exact, append);
    for (const r of out) set(r.target.text, here.text, here.exact, appends(r.op));
    return;
  }
  if (files.size === 0) return;
  // Anything else that writes a known file, or may change one it names, makes its content unknown.
  for (const r of out) files.delete(fileKey(r.target.text, shift, sub));
  if (READERS.has(cmd.name)) return;
  const operands = cmd.args.filter((a) => !a.startsWith('-'));
  for (const key of [...files.keys()]) {
    const named = cmd.args.some((a) => a.length > 0 && (fileKey(a, shift, sub) === key || fileKey(a.slice(a.indexOf('=') + 1), shift, sub) === key));
    if (!named) continue;
    if (COPIERS.has(cmd.name) && operands.length > 1 && fileKey(operands[operands.length - 1], shift, sub) !== key) continue;
    files.delete(key);
  }
}

/** The startup file a shell reads before its script (BASH_ENV, ENV, --init-file/--rcfile), if any. */
export function startupFile(cmd: Pick<SimpleCommand, 'name' | 'args' | 'assignments'>): { file: string; how: string } | undefined {
  if (!SHELLS.has(cmd.name)) return undefined;
  // bash reads BASH_ENV only when not interactive; sh/ksh/dash read ENV, and bash reads
  // --init-file/--rcfile, only when interactive (-i).
  const interactive = cmd.args.some((a) => /^-[a-zA-Z]*i[a-zA-Z]*$/.test(a));
  const bash = cmd.name === 'bash' || cmd.name === 'rbash';
  const env = cmd.assignments.find((a) => (bash && !interactive && /^BASH_ENV=./.test(a)) || (!bash && cmd.name !== 'zsh' && cmd.name !== 'fish' && interactive && /^ENV=./.test(a)));
  if (env) return { file: env.slice(env.indexOf('=') + 1), how: env.slice(0, env.indexOf('=')) };
  const rc = cmd.args.findIndex((a) => a === '--init-file' || a === '--rcfile');
  if (rc >= 0 && bash && interactive && cmd.args[rc + 1] !== undefined) return { file: cmd.args[rc + 1], how: cmd.args[rc] };
  return undefined;
}
