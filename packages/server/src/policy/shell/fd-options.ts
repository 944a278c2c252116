// How fd (`fdfind` on Debian and Ubuntu) reads its arguments, from fd(1): the first operand is
// the pattern, the others are search paths (the working directory when there are none), and
// `-x`/`--exec` or `-X`/`--exec-batch` take every word after them (up to a `;`) as the command
// run on what it finds. One reading shared by the unwrapper (the command it runs) and the
// delete rules (where it looks and whether it narrows), so the two cannot disagree on where
// the command starts.

export const FD_PROGRAMS: ReadonlySet<string> = new Set(['fd', 'fdfind']);

// Options that take the next word (or `=value`, or the rest of a short cluster) as their value.
const VALUE_OPTIONS = new Set([
  '-e', '--extension', '-t', '--type', '-E', '--exclude', '-d', '--max-depth', '--min-depth', '--exact-depth',
  '-S', '--size', '--changed-within', '--changed-before', '--change-newer-than', '--change-older-than', '--newer',
  '--older', '-o', '--owner', '-c', '--color', '-j', '--threads', '--max-results', '--base-directory',
  '--path-separator', '--search-path', '--ignore-file', '--batch-size', '--format', '--and', '--max-buffer-time',
  '--hyperlink',
]);
// Options that narrow the listing, as find's `-name`/`-type`/`-size` tests do.
const FILTERS = new Set([
  '-e', '--extension', '-t', '--type', '-S', '--size', '--changed-within', '--changed-before', '--change-newer-than',
  '--change-older-than', '--newer', '--older', '-o', '--owner', '--and', '--max-results', '-1',
]);
// Patterns that match every name: the regex ones, and the globs of `-g`.
const MATCH_ALL = /^(?:|\.|\^|\.\*|\^\.\*\$?|\^\$|\*|\*\*(?:\/\*)?)$/;
const EXEC = new Set(['-x', '--exec', '-X', '--exec-batch']);
// A cluster of value-less short flags ending in the exec flag: `-Hx rm`, `-uX rm`.
const EXEC_CLUSTER = /^-[HIuisgFaLlpq01]+[xX]$/;

export interface FdInvocation {
  /** Where fd looks: its path operands, `--search-path`/`--base-directory` values, else `.`. */
  paths: string[];
  /** A pattern or filter narrows the listing; false when fd lists everything below `paths`. */
  selective: boolean;
  /** Index in `args` of the first word of the `-x`/`-X` command, when there is one. */
  exec?: number;
  /** Index in `args` one past the command (its `;`, or the end). */
  execEnd?: number;
}

export function fdInvocation(args: readonly string[]): FdInvocation {
  const paths: string[] = [];
  let pattern: string | undefined;
  let selective = false;
  let operandsOnly = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (!operandsOnly && (EXEC.has(a) || EXEC_CLUSTER.test(a))) {
      let end = i + 1;
      while (end < args.length && args[end] !== ';') end++;
      return finish(pattern, paths, selective, i + 1, end);
    }
    if (!operandsOnly && a === '--') { operandsOnly = true; continue; }
    if (!operandsOnly && a.length > 1 && a.startsWith('-')) {
      const eq = a.startsWith('--') ? a.indexOf('=') : -1;
      let opt = eq > 0 ? a.slice(0, eq) : a;
      let value = eq > 0 ? a.slice(eq + 1) : undefined;
      if (!a.startsWith('--') && a.length > 2 && VALUE_OPTIONS.has(a.slice(0, 2))) { opt = a.slice(0, 2); value = a.slice(2); }
      if (VALUE_OPTIONS.has(opt) && value === undefined) value = args[++i];
      if (FILTERS.has(opt)) selective = true;
      if ((opt === '--search-path' || opt === '--base-directory') && value !== undefined) paths.push(value);
      continue;
    }
    if (pattern === undefined) pattern = a;
    else paths.push(a);
  }
  return finish(pattern, paths, selective);
}

function finish(pattern: string | undefined, paths: string[], selective: boolean, exec?: number, execEnd?: number): FdInvocation {
  return { paths: paths.length ? paths : ['.'], selective: selective || (pattern !== undefined && !MATCH_ALL.test(pattern)), exec, execEnd };
}
