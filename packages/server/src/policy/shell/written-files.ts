// Files a command line writes with content it shows, so a later command of the same line that
// runs the file (`sh f`, `source f`, `./f`) or reads it as a shell startup file (`BASH_ENV=f bash
// x`, `bash --init-file f -i`) is judged by what it holds (issue #16). A file whose content
// stops being known (written by another program, from a substitution, or handed to a program
// that may change it) is forgotten, and its use is judged as today: unknown code.
import type { SimpleCommand } from './types.js';

/** A file written earlier in the line, by key (see `fileKey`). */
export interface WrittenFile {
  key: string;
  /** The key's last segment: a cheap test that a word cannot name the file. */
  base: string;
  /** The text written to it. */
  text: string;
  /** Whether that is all it holds: no earlier content of unknown text, no expansion while writing. */
  complete: boolean;
}

// A line rarely writes more than a few files; past this many, more are not tracked (their use is
// judged as unknown, as before), which bounds the per-command scans below.
const MAX_FILES = 64;

/** The files written so far in one command line. */
export class WrittenFiles {
  private readonly byKey = new Map<string, WrittenFile>();
  /** The same entries as a list: the per-command scans walk it without an iterator. */
  readonly list: WrittenFile[] = [];
  get size(): number {
    return this.list.length;
  }
  get(key: string): WrittenFile | undefined {
    return this.byKey.get(key);
  }
  add(entry: WrittenFile): void {
    if (this.list.length >= MAX_FILES) return;
    this.byKey.set(entry.key, entry);
    this.list.push(entry);
  }
  delete(key: string): void {
    const entry = this.byKey.get(key);
    if (!entry) return;
    this.byKey.delete(key);
    this.list.splice(this.list.indexOf(entry), 1);
  }
}

const WRITE_OPS = new Set(['>', '>>', '>|', '&>', '&>>', '<>']);
const HERE_OPS = new Set(['<<', '<<-', '<<<']);
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'ash', 'mksh', 'fish', 'rbash']);
// Programs that only read the files they name (or, for chmod, change only their mode).
const READERS = new Set([
  'cat', 'head', 'tail', 'less', 'more', 'wc', 'grep', 'egrep', 'fgrep', 'rg', 'ls', 'stat', 'file', 'diff', 'cmp',
  'md5sum', 'sha1sum', 'sha256sum', 'shasum', 'chmod', 'test', '[', 'echo', 'printf', 'source', '.', 'bat', 'nl', 'od', 'xxd', 'hexdump',
  'make', 'gmake', // (make reads its Makefile; what the recipes then write is judged with them)
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
  const p = path.startsWith('./') ? path.replace(/^(?:\.\/)+/, '') : path;
  const c = p.charCodeAt(0);
  if (c === 47 /* / */ || c === 126 /* ~ */ || c === 36 /* $ */) return p;
  return (shift ?? '.') + (subdir ? '/<subdir>/' : '/') + p;
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

/**
 * Records `text` as written to `path`. An append to a file this line has not written adds to
 * content nobody has seen. An overwrite keeps what was there too: a write the line skips
 * (`false && cat > f …`) leaves the earlier content, so both are judged.
 */
function record(files: WrittenFiles, cmd: SimpleCommand, path: string, text: string, exact: boolean, append: boolean): void {
  const key = fileKey(path, cmd.cwdShift, cmd.cwdIsSubdir);
  const complete = exact && !(cmd.cwdIsSubdir && key.includes('/<subdir>/'));
  const before = files.get(key);
  if (before) {
    before.text = `${before.text}\n${text}`;
    before.complete &&= complete;
  } else files.add({ key, base: key.slice(key.lastIndexOf('/') + 1), text, complete: complete && !append });
}

const NO_REDIRECTS: SimpleCommand['redirects'] = [];

function appends(op: string): boolean {
  return op === '>>' || op === '&>>';
}

/** Records what `cmd` writes, and forgets files whose content it may change without showing it. */
export function rememberWrites(cmd: SimpleCommand, files: WrittenFiles): void {
  if (cmd.redirects.length === 0 && (files.size === 0 || cmd.args.length === 0)) return;
  const shift = cmd.cwdShift;
  const sub = cmd.cwdIsSubdir;
  const out = cmd.redirects.length ? cmd.redirects.filter((r) => WRITE_OPS.has(r.op)) : NO_REDIRECTS;
  if ((cmd.name === 'echo' || cmd.name === 'printf') && out.length) {
    const words = cmd.argv.slice(1);
    let text = words.filter((w, k) => !(k === 0 && cmd.name === 'echo' && /^-[neE]+$/.test(w.text))).map((w) => w.text).join(' ');
    // (\t too: a Makefile's recipe lines start with a tab.)
    if (cmd.name === 'printf') text = text.replace(/\\n/g, '\n').replace(/\\t/g, '\t');
    // printf formats (`%s`, escapes other than \n) and echo options other than a leading -n/-e/-E
    // change the bytes written; the words are still what the file says.
    const exact = !words.some((w) => w.subs.length > 0 || /[$`]/.test(w.text)) && (cmd.name === 'echo' || !/%|\\[^nt]/.test(text));
    for (const r of out) record(files, cmd, r.target.text, text, exact, appends(r.op));
    return;
  }
  const here = cmd.redirects.length ? hereText(cmd) : null;
  if (cmd.name === 'cat' && here && !cmd.args.some((a) => !a.startsWith('-') || a === '-')) {
    for (const r of out) record(files, cmd, r.target.text, here.text, here.exact, appends(r.op));
    return;
  }
  if (cmd.name === 'tee' && here) {
    const append = cmd.args.some((a) => /^-[a-z]*a/.test(a) || a === '--append');
    for (const a of cmd.args) if (!a.startsWith('-')) record(files, cmd, a, here.text, here.exact, append);
    for (const r of out) record(files, cmd, r.target.text, here.text, here.exact, appends(r.op));
    return;
  }
  if (files.size === 0) return;
  // Anything else that writes a known file, or may change one it names, makes its content unknown.
  for (const r of out) files.delete(fileKey(r.target.text, shift, sub));
  if (READERS.has(cmd.name) || cmd.args.length === 0) return;
  let gone: string[] | undefined;
  for (const entry of files.list) {
    // Most commands name none of the files: a suffix test rules them out before any key is built.
    let named = false;
    for (const a of cmd.args) {
      if (a.endsWith(entry.base) && (fileKey(a, shift, sub) === entry.key || fileKey(a.slice(a.indexOf('=') + 1), shift, sub) === entry.key)) {
        named = true;
        break;
      }
    }
    if (!named) continue;
    const operands = cmd.args.filter((a) => !a.startsWith('-'));
    if (COPIERS.has(cmd.name) && operands.length > 1 && fileKey(operands[operands.length - 1], shift, sub) !== entry.key) continue;
    (gone ??= []).push(entry.key);
  }
  if (gone) for (const key of gone) files.delete(key);
}

/** The file `path` names, if the line wrote it (without building a key for words that cannot name one). */
export function writtenFile(files: WrittenFiles, path: string, shift: string | undefined, subdir: boolean): WrittenFile | undefined {
  for (let i = 0; i < files.list.length; i++) {
    if (path.endsWith(files.list[i].base)) return files.get(fileKey(path, shift, subdir));
  }
  return undefined;
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
