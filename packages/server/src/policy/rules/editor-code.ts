// Editors evaluating code given on their command line (`emacs --batch --eval '(…)'`,
// `vim -es -c 'call delete(…)'`): the files that code deletes, written as the shell command
// that would do the same (`rm -rf ~`), so the deletion rules judge the target. Shell escapes
// (`:!cmd`, `(shell-command …)`) are found by editorShellCommands in inline-code.ts.

type Sexp = string | { str: string } | Sexp[];

/** Reads elisp into nested lists: symbols as strings, string literals as `{ str }`. Bounded. */
function readElisp(src: string): Sexp[] {
  const root: Sexp[] = [];
  const stack: Sexp[][] = [root];
  for (let i = 0; i < src.length && i < 16_384; i++) {
    const c = src[i];
    if (c === '(') {
      if (stack.length > 32) return root;
      const list: Sexp[] = [];
      stack[stack.length - 1].push(list);
      stack.push(list);
    } else if (c === ')') {
      if (stack.length > 1) stack.pop();
    } else if (c === '"') {
      let j = i + 1;
      let s = '';
      for (; j < src.length && src[j] !== '"'; j++) s += src[j] === '\\' ? src[++j] ?? '' : src[j];
      stack[stack.length - 1].push({ str: s });
      i = j;
    } else if (c === ';') {
      while (i < src.length && src[i] !== '\n') i++;
    } else if (!/[\s']/.test(c)) {
      let j = i;
      while (j < src.length && !/[\s()"';]/.test(src[j])) j++;
      stack[stack.length - 1].push(src.slice(i, j));
      i = j - 1;
    }
  }
  return root;
}

/** The path an elisp expression names, when it is built from literals and the home directory. */
function elispPath(e: Sexp | undefined): string | undefined {
  if (e === undefined) return undefined;
  if (typeof e === 'object' && !Array.isArray(e)) return e.str;
  if (typeof e === 'string') return e === 'user-emacs-directory' ? '~/.emacs.d' : e === 'default-directory' ? '.' : undefined;
  const [head, ...rest] = e;
  if (head === 'getenv') {
    const name = elispPath(rest[0]);
    return name === undefined ? undefined : name === 'HOME' ? '~' : `$${name}`;
  }
  if (head === 'expand-file-name' || head === 'file-truename') {
    const name = elispPath(rest[0]);
    const dir = elispPath(rest[1]);
    if (name === undefined) return undefined;
    return dir === undefined || /^[/~]/.test(name) ? name : `${dir.replace(/\/$/, '')}/${name}`;
  }
  if (head === 'file-name-as-directory' || head === 'directory-file-name' || head === 'substitute-in-file-name') return elispPath(rest[0]);
  if (head === 'concat') {
    const parts = rest.map(elispPath);
    return parts.every((p) => p !== undefined) ? parts.join('') : undefined;
  }
  return undefined;
}

const DELETERS: Record<string, 'dir' | 'file'> = { 'delete-directory': 'dir', 'delete-file': 'file', 'f-delete': 'dir', 'dired-delete-file': 'dir' };

function walkElisp(e: Sexp, out: string[]): void {
  if (!Array.isArray(e) || out.length >= 16) return;
  const kind = typeof e[0] === 'string' ? DELETERS[e[0]] : undefined;
  if (kind) {
    const path = elispPath(e[1]);
    // delete-directory deletes recursively when its second argument is non-nil.
    const recursive = kind === 'dir' && e[2] !== undefined && e[2] !== 'nil';
    if (path !== undefined) out.push(`rm ${recursive ? '-rf ' : kind === 'dir' ? '-d ' : ''}${quote(path)}`);
  }
  for (const x of e) walkElisp(x, out);
}

function quote(p: string): string {
  // `~` and `$HOME` must stay expandable for the path rules; anything else is quoted.
  return /^[\w@%+=:,./~$-]+$/.test(p) ? p : `'${p.replace(/'/g, `'\\''`)}'`;
}

/** The deletions of elisp code, as shell commands. */
export function elispDeletes(code: string): string[] {
  if (!code.includes('delete')) return [];
  const out: string[] = [];
  for (const e of readElisp(code)) walkElisp(e, out);
  return out;
}

// Vim script's delete(): `call delete(expand('~'), 'rf')`, also nvim's `vim.fn.delete(…)`.
const VIM_DELETE = /\bdelete\s{0,3}\(\s{0,3}(?:expand\s{0,3}\(\s{0,3}(['"])([^'"]{1,512})\1\s{0,3}\)|(['"])([^'"]{1,512})\3|(\$\w+))\s{0,3}(?:,\s{0,3}(['"])([a-z]{0,3})\6)?\s{0,3}\)/g;

/** The deletions of Vim script, as shell commands. */
export function vimDeletes(code: string): string[] {
  if (!code.includes('delete')) return [];
  const out: string[] = [];
  VIM_DELETE.lastIndex = 0;
  for (let m = VIM_DELETE.exec(code); m && out.length < 16; m = VIM_DELETE.exec(code)) {
    // Only expand() turns `~` and `$HOME` into the home directory; a bare literal is a file of that name.
    const expanded = m[2] !== undefined || m[5] !== undefined;
    const raw = m[2] ?? m[4] ?? m[5];
    const path = expanded ? raw : raw.startsWith('~') || raw.startsWith('$') ? `./${raw}` : raw;
    const flags = m[7] ?? '';
    out.push(`rm ${flags.includes('r') ? '-rf ' : flags.includes('d') ? '-d ' : ''}${quote(path)}`);
  }
  return out;
}
