// What a command line defines for its own later commands, so that the later command is judged as
// what it runs: aliases (`alias tidy='rm -rf ~/'; tidy`), positional parameters (`set -- -rf ~;
// rm "$@"`), links and copies (`ln -s ~/.aws/credentials n && cat n`) and package scripts
// (`npm pkg set scripts.x='…' && npm run x`). Variables, functions and written files are kept by
// the parser itself.
import type { Redirect, SimpleCommand, Word } from './types.js';

export interface LineDefinitions {
  /** Aliases defined earlier in the line, by name. */
  aliases?: Map<string, string>;
  /** Positional parameters set by `set -- …` at the top level. */
  positional?: Word[];
  /** Paths made links or copies of another path earlier in the line: path → source. */
  links?: Map<string, string>;
  /** Those of `links` made by `ln -s`/`link`: a path through them (`link/`, `link/x`) reaches the source. */
  symlinks?: Set<string>;
  /** Package scripts defined earlier in the line, by name. */
  pkgScripts?: Map<string, string>;
}

/**
 * Link sources worth following: outside the project, climbing out of it, led by a variable, or
 * named like a secret. (A copy of a build output changes nothing the rules judge.)
 */
const LINK_SOURCE = /^[~/$]|\.\.|env|key|pem|secret|cred|token|id_|netrc|npmrc|pypirc|config|\.ssh|\.aws|\.kube|\.gnupg/i;
/** Commands that make one path stand for another. */
const LINKERS = new Set(['ln', 'cp', 'mv', 'link']);
/** Commands that act on a link itself rather than on what it leads to. */
const LINK_SELF = new Set(['ln', 'cp', 'mv', 'link', 'rm', 'unlink', 'rmdir', 'ls', 'stat', 'readlink', 'test', '[', '[[', 'file', 'touch', 'chmod']);

/** The programs rememberDefinition looks at (a cheap first test for every command). */
export const DEFINERS = new Set(['alias', 'set', 'npm', 'pnpm', ...LINKERS]);

/** Records what `cmd` defines for later commands (nothing for most commands). */
export function rememberDefinition(defs: LineDefinitions, cmd: SimpleCommand): void {
  const name = cmd.name;
  const args = cmd.args;
  if (name === 'alias') {
    for (const a of args) {
      const eq = a.indexOf('=');
      if (eq > 0 && !a.startsWith('-')) (defs.aliases ??= new Map()).set(a.slice(0, eq), a.slice(eq + 1));
    }
  } else if (name === 'set') {
    // `set -- a b` or `set a b` (a first word that is no option) replaces the positional parameters.
    const at = args.indexOf('--');
    if (at >= 0) defs.positional = cmd.argv.slice(at + 2);
    else if (args.length && !/^[-+]/.test(args[0])) defs.positional = cmd.argv.slice(1);
  } else if (LINKERS.has(name)) rememberLink(defs, args, name === 'ln' || name === 'link');
  else if ((name === 'npm' || name === 'pnpm') && args[0] === 'pkg' && args[1] === 'set') {
    for (const a of args.slice(2)) {
      const m = /^scripts\.([^=]+)=(.*)$/s.exec(a);
      if (m) (defs.pkgScripts ??= new Map()).set(m[1], m[2]);
    }
  } else if (name === 'npm' && args[0] === 'set-script' && args.length >= 3) (defs.pkgScripts ??= new Map()).set(args[1], args[2]);
}

/**
 * `ln [-s] SRC DEST`, `cp SRC DEST`, `mv SRC DEST`: later in the line DEST is SRC (its contents,
 * or the path it leads to), so `ln -s ~/.aws/credentials n && cat n` reads the credentials.
 */
function rememberLink(defs: LineDefinitions, args: readonly string[], link: boolean): void {
  let src: string | undefined;
  let dest: string | undefined;
  for (const a of args) {
    if (a.startsWith('-')) {
      if (a === '-t' || a.startsWith('--target-directory')) return;
    } else if (src === undefined) src = a;
    else if (dest === undefined) dest = a;
    else return;
  }
  if (src === undefined || dest === undefined || !LINK_SOURCE.test(src)) return;
  const base = src.replace(/\/+$/, '').split('/').pop() ?? src;
  const key = dest === '.' || dest.endsWith('/') ? `${dest === '.' ? '' : dest}${base}` : dest;
  const path = key.replace(/^\.\//, '');
  (defs.links ??= new Map()).set(path, src);
  if (link) (defs.symlinks ??= new Set()).add(path);
  else defs.symlinks?.delete(path);
}

/**
 * The words (and `<` redirections) of a command with every path that an earlier `ln`/`cp`/`mv`
 * made stand for another put back to that other path; `label` names the link for the wrapper
 * path. Commands that act on the link itself are left alone, unless the path goes through a
 * symbolic link (`ln -s ~ out && rm -rf out/`: the trailing slash makes rm follow it into ~).
 */
export function throughLinks(links: Map<string, string> | undefined, argv: Word[], name: string, redirects: Redirect[], symlinks?: Set<string>): { argv: Word[]; redirects: Redirect[]; label?: string } {
  const self = LINK_SELF.has(name);
  if (!links || (self && !symlinks?.size)) return { argv, redirects };
  let label: string | undefined;
  const swap = (w: Word): Word => {
    // The path may follow an option's `=` or curl's `@` (`-F f=@notes.txt`, `--file=notes.txt`).
    const at = Math.max(w.text.lastIndexOf('@'), w.text.lastIndexOf('='));
    const lead = at >= 0 ? w.text.slice(0, at + 1) : '';
    const t = w.text.slice(lead.length).replace(/^\.\//, '');
    const slash = t.indexOf('/');
    const head = slash < 0 ? t : t.slice(0, slash);
    if (self && (slash < 0 || !symlinks!.has(head))) return w;
    const src = self ? links.get(head) : links.get(t) ?? links.get(head);
    if (src === undefined) return w;
    label ??= `the path ${w.text.slice(lead.length)}, linked or copied from ${src} earlier in the same command`;
    return { ...w, text: lead + (!self && links.has(t) ? src : src.replace(/\/+$/, '') + t.slice(slash)) };
  };
  const out = argv.map((w, k) => (k === 0 ? w : swap(w)));
  // A file read through `<` is read through the link too.
  const reds = redirects.map((r) => (r.op === '<' || r.op === '<>' ? { op: r.op, target: swap(r.target) } : r));
  return { argv: label ? out : argv, redirects: label ? reds : redirects, label };
}

export function shellQuote(s: string): string {
  return /^[\w@%+=:,./~-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The package script `npm run NAME` (pnpm, yarn, bun; `npm test`, `yarn NAME`) runs, among those defined earlier. */
export function definedScript(scripts: Map<string, string>, name: string, args: readonly string[]): { name: string; body: string } | undefined {
  if (name !== 'npm' && name !== 'pnpm' && name !== 'yarn' && name !== 'bun') return undefined;
  const sub = args[0];
  let script: string | undefined;
  if (sub === 'run' || sub === 'run-script' || sub === 'rum' || sub === 'urn') script = args.find((a, k) => k > 0 && !a.startsWith('-'));
  else if (name !== 'npm') script = sub; // `yarn x`, `pnpm x`, `bun x`
  else if (sub === 't' || sub === 'tst') script = 'test';
  else if (sub === 'test' || sub === 'start' || sub === 'stop' || sub === 'restart') script = sub;
  const body = script === undefined ? undefined : scripts.get(script);
  return body === undefined ? undefined : { name: script!, body };
}
