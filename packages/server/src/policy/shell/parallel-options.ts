// GNU parallel's own options, so the command template is found where parallel finds it
// (issue #16: `parallel --nice 10 git reset --hard ::: x` ran `git reset --hard`, but `10` was
// read as the command). Facts from parallel(1) and its option specification: options are read
// by Perl's Getopt::Long with bundling and require_order, so
//   - the first word that is not an option starts the command (`--` ends the options too);
//   - single letters bundle (`-kj4`, `-kj 4`): a letter that takes a value takes the rest of
//     the word, or the next word when it ends the cluster;
//   - a long option may be abbreviated to any unique prefix (`--hea :` is `--header :`), and
//     takes its value attached (`--nice=10`) or as the next word;
//   - an optional value (`-i`/`--replace`, `-e`/`--eof`) takes the next word unless it looks
//     like an option (`parallel -i echo {}` makes `echo` the replace string); `-l`/`--max-lines`
//     takes it only when it is a number.

/** Long options that take a value (every name and alias parallel accepts). */
const LONG_VALUE = [
  'debug', 'sql', 'sql-master', 'sqlmaster', 'sql-worker', 'sqlworker', 'sql-and-worker', 'sqlandworker',
  'joblog', 'jl', 'results', 'result', 'res', 'parens', 'rpl', 'extensionreplace', 'er', 'basenamereplace', 'bnr',
  'dirnamereplace', 'dnr', 'basenameextensionreplace', 'bner', 'seqreplace', 'slotreplace', 'delay', 'ssh-delay',
  'sshdelay', 'load', 'tag-string', 'tagstring', 'ctag-string', 'ctagstring', 'nice', 'sshlogin', 'sshloginfile', 'slf',
  'ssh', 'transfer-file', 'transferfile', 'transfer-files', 'transferfiles', 'tf', 'return', 'trc', 'basefile', 'bf',
  'template', 'tmpl', 'work-dir', 'workdir', 'wd', 'rsync-opts', 'rsyncopts', 'tmpdir', 'tempdir',
  'use-compress-program', 'compress-program', 'usecompressprogram', 'compressprogram', 'use-decompress-program',
  'decompress-program', 'usedecompressprogram', 'decompressprogram', 'total-jobs', 'totaljobs', 'total', 'milestone',
  'ms', 'arg-sep', 'argsep', 'arg-file-sep', 'argfilesep', 'env', 'profile', 'linkinputsource', 'xapplyinputsource',
  'memfree', 'memsuspend', 'retries', 'timeout', 'term-seq', 'termseq', 'max-procs', 'maxprocs', 'jobs', 'delimiter',
  'max-chars', 'maxchars', 'arg-file', 'argfile', 'process-slot-var', 'processslotvar', 'max-args', 'maxargs',
  'max-replace-args', 'maxreplaceargs', 'col-sep', 'colsep', 'match', 'semaphore-timeout', 'semaphoretimeout', 'st',
  'semaphore-name', 'semaphorename', 'id', 'recstart', 'recend', 'block-size', 'blocksize', 'block', 'block-timeout',
  'blocktimeout', 'bt', 'header', 'shard', 'bin', 'group-by', 'groupby', 'filter', 'combineexec', 'combine-exec',
  'combineexecutable', 'combine-executable', 'shell-completion', 'shellcompletion', 'halt-on-error', 'haltonerror',
  'halt', 'limit', 'min-version', 'minversion', 'trim',
];
/** Long options whose value is optional: the next word only when it does not look like an option. */
const LONG_OPTIONAL = ['replace', 'eof'];
/** Long option whose optional value is a number (`--max-lines 3`). */
const LONG_NUMBER = ['max-lines', 'maxlines'];
/** Long options that take no value. */
const LONG_FLAGS = [
  'xargs', 'resume', 'resume-failed', 'resumefailed', 'retry-failed', 'retryfailed', 'silent', 'keep-order', 'keeporder',
  'no-keep-order', 'nokeeporder', 'nok', 'no-k', 'group', 'ungroup', 'latest-line', 'latestline', 'll', 'line-buffer',
  'line-buffered', 'linebuffer', 'linebuffered', 'lb', 'tmux', 'tmux-pane', 'tmuxpane', 'null', 'quote', 'plus',
  'noswap', 'max-line-length-allowed', 'maxlinelengthallowed', 'number-of-cpus', 'numberofcpus', 'number-of-sockets',
  'numberofsockets', 'number-of-cores', 'numberofcores', 'number-of-threads', 'numberofthreads',
  'use-sockets-instead-of-threads', 'usesocketsinsteadofthreads', 'use-cores-instead-of-threads',
  'usecoresinsteadofthreads', 'use-cpus-instead-of-cores', 'usecpusinsteadofcores', 'shell-quote', 'shellquote',
  'shell_quote', 'tag', 'ctag', 'color', 'colour', 'color-failed', 'colour-failed', 'colorfailed', 'colourfailed',
  'color-fail', 'colour-fail', 'colorfail', 'colourfail', 'cf', 'onall', 'nonall', 'filter-hosts', 'filterhosts',
  'filter-host', 'controlmaster', 'transfer', 'cleanup', 'ctrl-c', 'ctrlc', 'no-ctrl-c', 'no-ctrlc', 'noctrlc',
  'compress', 'open-tty', 'tty', 'dry-run', 'dryrun', 'dr', 'progress', 'eta', 'bar', 'shuf', 'recordenv', 'record-env',
  'tollef', 'gnu', 'link', 'xapply', 'bibtex', 'citation', 'will-cite', 'willcite', 'nn', 'nonotice', 'no-notice',
  'no-run-if-empty', 'norunifempty', 'csv', 'help', 'interactive', 'verbose', 'version', 'show-limits', 'showlimits',
  'exit', 'semaphore', 'fg', 'bg', 'wait', 'shebang', 'hashbang', 'shebang-wrap', 'skip-first-line', 'skipfirstline',
  'unsafe', 'pipe', 'spreadstdin', 'round-robin', 'roundrobin', 'round', 'regexp', 'regex', 'remove-rec-sep',
  'removerecsep', 'rrs', 'output-as-files', 'outputasfiles', 'files', 'output-as-files0', 'outputasfiles0', 'files0',
  'cat', 'fifo', 'pipe-part', 'pipepart', 'tee', 'hgrp', 'hostgrp', 'hostgroup', 'hostgroups', 'embed', 'fast', 'session',
];
type Arity = 'value' | 'optional' | 'number' | 'flag';
const LONG = new Map<string, Arity>([
  ...LONG_VALUE.map((n) => [n, 'value'] as const),
  ...LONG_OPTIONAL.map((n) => [n, 'optional'] as const),
  ...LONG_NUMBER.map((n) => [n, 'number'] as const),
  ...LONG_FLAGS.map((n) => [n, 'flag'] as const),
]);
/** Single letters that take a value; `i` and `e` take it optionally, `l` only when numeric. */
const SHORT_VALUE = new Set('DIEULWBHaPjdsnNCJS');
const SHORT_OPTIONAL = new Set('ie');
const NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/** What a long option (`--name`, no `=`) takes: exact name, else the one name it abbreviates. */
function longArity(name: string): Arity {
  const exact = LONG.get(name);
  if (exact) return exact;
  let found: Arity | undefined;
  for (const [n, a] of LONG) {
    if (!n.startsWith(name)) continue;
    if (found !== undefined && found !== a) return 'flag'; // ambiguous: parallel stops with an error
    found = a;
  }
  return found ?? 'flag';
}

/** How many words an optional value consumes: the next word, unless it looks like an option. */
function optionalTakes(next: string | undefined, numeric: boolean): number {
  if (next === undefined) return 0;
  if (numeric) return NUMBER.test(next) ? 1 : 0;
  return next.startsWith('-') && next.length > 1 ? 0 : 1;
}

export interface ParallelOptions {
  /** Index of the first word after parallel's options (the command template, `:::`, or the end). */
  end: number;
  /** The replace string set by `-I X`, `-i[X]`, `--replace[=X]`; undefined when none was given. */
  replace?: string;
  /** Inputs read from a file (`-a F`, `--arg-file F`) rather than stdin. */
  argFile: boolean;
  /** Variables named by `--env` (comma-separated lists split). */
  env: string[];
  /** `--dry-run`: the jobs are printed, not run. */
  dryRun: boolean;
}

/** Reads parallel's options in `words` from index `from`. */
export function parallelOptions(words: readonly string[], from: number): ParallelOptions {
  const out: ParallelOptions = { end: words.length, argFile: false, env: [], dryRun: false };
  const take = (name: string, value: string | undefined): void => {
    if (name === 'I' || name === 'replace' || name === 'i') out.replace = value || '{}';
    else if (name === 'a' || name === 'arg-file' || name === 'argfile') out.argFile = true;
    else if (name === 'env' && value !== undefined) out.env.push(...value.split(',').filter(Boolean));
  };
  let i = from;
  while (i < words.length) {
    const t = words[i];
    if (t === '--') {
      out.end = i + 1;
      return out;
    }
    if (!t.startsWith('-') || t === '-') break;
    if (t.startsWith('--')) {
      const eq = t.indexOf('=');
      const typed = eq > 0 ? t.slice(2, eq) : t.slice(2);
      const arity = longArity(typed);
      const name = LONG.has(typed) ? typed : ([...LONG.keys()].find((n) => n.startsWith(typed)) ?? typed);
      if (name === 'dry-run' || name === 'dryrun' || name === 'dr') out.dryRun = true;
      if (eq > 0) {
        take(name, t.slice(eq + 1));
        i++;
        continue;
      }
      const n = arity === 'value' ? 1 : arity === 'optional' || arity === 'number' ? optionalTakes(words[i + 1], arity === 'number') : 0;
      take(name, n ? words[i + 1] : undefined);
      i += 1 + n;
      continue;
    }
    // A cluster of single letters.
    let used = 1;
    for (let k = 1; k < t.length; k++) {
      const c = t[k];
      const rest = t.slice(k + 1);
      if (SHORT_VALUE.has(c)) {
        const value = rest || words[i + 1];
        if (!rest) used = 2;
        take(c, value);
        break;
      }
      if (SHORT_OPTIONAL.has(c) || c === 'l') {
        let value: string | undefined = rest;
        if (!rest && optionalTakes(words[i + 1], c === 'l')) {
          value = words[i + 1];
          used = 2;
        }
        take(c, value);
        break;
      }
    }
    i += used;
  }
  out.end = i;
  return out;
}
