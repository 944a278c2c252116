// A Makefile given inline (`make -f - target <<'EOF' … EOF`, `make -f /dev/stdin <<< …`): its
// recipe lines are shell commands make runs, so they are judged as the script they are. Make's
// own expansion is applied first: `$(HOME)` and `${HOME}` are the environment's HOME, `$$` is one
// `$`, variables the Makefile assigns are put in place, and `$(shell cmd)` runs cmd.

const ASSIGN = /^([A-Za-z_][A-Za-z0-9_.-]*)\s*(?::{1,3}=|\?=|\+=|!=|=)\s*(.*)$/;
const RECIPE_PREFIX = /^[@+-]+/;

/** The Makefiles make's options name, in order (`-f FILE`, `-fFILE`, `--file=FILE`, `--makefile FILE`). */
export function makefileArgs(args: readonly string[]): string[] {
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '-f' || a === '--file' || a === '--makefile') {
      if (args[i + 1] !== undefined) files.push(args[i + 1]);
      i++;
    } else if (a.startsWith('--file=') || a.startsWith('--makefile=')) files.push(a.slice(a.indexOf('=') + 1));
    else if (a.startsWith('-f') && a.length > 2) files.push(a.slice(2));
  }
  return files;
}

/** True when make's options read the Makefile from standard input. */
export function makefileFromStdin(args: readonly string[]): boolean {
  return makefileArgs(args).some((f) => f === '-' || f === '/dev/stdin');
}

/** The shell text of every recipe of `makefile`, with make's variables expanded. */
export function makefileRecipes(makefile: string): string {
  const vars = new Map<string, string>();
  const lines = makefile.replace(/\\\n/g, ' ').split('\n');
  const out: string[] = [];
  for (const line of lines) {
    if (line.startsWith('\t')) {
      out.push(line.slice(1).trim().replace(RECIPE_PREFIX, ''));
      continue;
    }
    const a = ASSIGN.exec(line);
    if (a && !line.startsWith('#')) {
      vars.set(a[1], a[2]);
      continue;
    }
    // `target: prereqs ; command` puts a recipe on the rule's own line.
    const semi = /^[^#=]*:[^=]*?;(.*)$/.exec(line);
    if (semi && semi[1].trim()) out.push(semi[1].trim().replace(RECIPE_PREFIX, ''));
  }
  return out.map((l) => expandMake(l, vars)).join('\n');
}

function expandMake(line: string, vars: Map<string, string>, depth = 0): string {
  return line.replace(/\$\$|\$\((shell\s+)?([^()]*)\)|\$\{([A-Za-z_][A-Za-z0-9_.-]*)\}/g, (m, shell: string | undefined, inner: string | undefined, braced: string | undefined) => {
    if (m === '$$') return '$';
    if (shell) return `$(${inner})`;
    const name = (inner ?? braced ?? '').trim();
    if (name === 'CURDIR') return '.';
    const v = vars.get(name);
    if (v !== undefined) return depth < 4 ? expandMake(v, vars, depth + 1) : v;
    return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? `$${name}` : m;
  });
}
