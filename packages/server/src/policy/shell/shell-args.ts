// How a shell (sh, bash, zsh, dash, ksh, …) reads its own arguments: where its code comes from
// (a -c string, a script operand, or stdin), whether it runs at all (-n / -o noexec) and whether
// it is interactive. One reading shared by the unwrapper and the rules, so `zsh -ocorrect -c …`
// or `bash -O extglob -c …` cannot be read as a -c string by one and as a script by another.

export interface ShellInvocation {
  /** Index in `args` of the -c command string, when there is one. */
  command?: number;
  /** Index in `args` of the script operand (a file), when there is one. */
  script?: number;
  /** The shell reads its script from stdin (no operand, `-s`, or a lone `-`/`--` at the end). */
  stdin: boolean;
  /** `-n`, `-o noexec`, `-onoexec`, `--noexec`: the shell only checks syntax; nothing runs. */
  noexec: boolean;
  /** `-i`: startup files are read and `set -n` is ignored. */
  interactive: boolean;
  /** Index of the first argument after the code: `$0` for -c, `$1` for a script or stdin. */
  params: number;
}

const STDIN_FILES = new Set(['/dev/stdin', '/dev/fd/0', '/proc/self/fd/0']);
// Long options that take the next word as their value.
const LONG_VALUE = new Set(['--rcfile', '--init-file']);

/**
 * One reading of the arguments. `attached`: `-o`/`-O` take the rest of their cluster as the
 * value when there is one (zsh: `-ocorrect`); otherwise the next word, the rest of the cluster
 * being more flags (bash and dash: `-oc pipefail CMD` is `-o pipefail -c CMD`).
 */
function read(args: readonly string[], attached: boolean): ShellInvocation & { invalid: boolean } {
  let invalid = false;
  let commandMode = false;
  let stdinMode = false;
  let noexec = false;
  let interactive = false;
  let i = 0;
  while (i < args.length) {
    const a = args[i];
    // `--` and a lone `-` end the options; the next word is the code or the script.
    if (a === '--' || a === '-') {
      i++;
      break;
    }
    if (a.startsWith('--')) {
      const name = a.split('=')[0];
      if (name === '--command') commandMode = true; // fish
      else if (name === '--noexec' || name === '--no-exec') noexec = true;
      else if (name === '--interactive') interactive = true;
      i += LONG_VALUE.has(a) ? 2 : 1;
      continue;
    }
    if (!/^[-+][A-Za-z]+$/.test(a)) {
      if (a.startsWith('-') || a.startsWith('+')) {
        i++; // an option we do not know (`-2`): skipped, as the shell would reject or ignore it
        continue;
      }
      break; // the first operand
    }
    const on = a[0] === '-';
    i++;
    for (let k = 1; k < a.length; k++) {
      const f = a[k];
      if (f === 'o' || f === 'O') {
        const rest = attached ? a.slice(k + 1) : '';
        const value = rest !== '' ? rest : (args[i++] ?? '');
        // No option name starts with `-`: the shell stops with "invalid option name".
        if (value === '' || value.startsWith('-') || value.startsWith('+')) invalid = true;
        if (on && f === 'o' && value.toLowerCase().replace(/_/g, '') === 'noexec') noexec = true;
        if (rest !== '') break;
        continue;
      }
      if (!on) continue;
      if (f === 'c') commandMode = true;
      else if (f === 's') stdinMode = true;
      else if (f === 'n') noexec = true;
      else if (f === 'i') interactive = true;
    }
  }
  if (commandMode) return { command: i < args.length ? i : undefined, stdin: false, noexec, interactive, params: i + 1, invalid };
  if (stdinMode || i >= args.length) return { stdin: true, noexec, interactive, params: i, invalid };
  // A script named by the stdin device is stdin: `curl … | bash /dev/stdin`.
  if (STDIN_FILES.has(args[i])) return { stdin: true, noexec, interactive, params: i + 1, invalid };
  return { script: i, stdin: false, noexec, interactive, params: i + 1, invalid };
}

/**
 * Reads the arguments of a shell invocation (`args` excludes the program name). zsh takes an
 * attached `-o` value, bash and dash the next word; `sh` may be any of them (`$SHELL -c …`), and
 * a form one shell rejects may run under another. So both readings are made: the shell's own,
 * unless it is one the shell would reject, and the other when only it finds a -c string (the code
 * is then judged: fail closed). Nothing is a syntax check unless each reading is one or is rejected.
 */
export function shellInvocation(args: readonly string[], shell = 'sh'): ShellInvocation {
  if (!args.some((a) => /^[-+][A-Za-z]*[oO][A-Za-z]/.test(a))) return strip(read(args, false)); // no attached value: one reading
  const own = read(args, shell === 'zsh');
  const other = read(args, shell !== 'zsh');
  const pick = (own.invalid && !other.invalid) || (own.command === undefined && other.command !== undefined) ? other : own;
  // A reading the shell rejects runs nothing either: `bash -opipefail -n` stops on `-n` as an
  // option name, zsh reads it as `-o pipefail -n`.
  const quiet = (r: typeof own) => r.noexec || r.invalid;
  return { ...strip(pick), noexec: (own.noexec || other.noexec) && quiet(own) && quiet(other) };
}

function strip(r: ShellInvocation & { invalid: boolean }): ShellInvocation {
  const { invalid: _invalid, ...inv } = r;
  return inv;
}

// sudo and doas options that take the next word as their value (the ones unwrap.ts skips).
const OPENER_VALUES: Record<string, ReadonlySet<string>> = {
  sudo: new Set(['-u', '-g', '-h', '-p', '-C', '-D', '-r', '-t', '-T', '-U', '--user', '--group', '--host', '--prompt', '--chdir', '--close-from', '--role', '--type', '--other-user', '--command-timeout']),
  doas: new Set(['-u', '-C']),
  su: new Set(['-s', '--shell', '-g', '--group', '-G', '--supp-group', '-w', '--whitelist-environment']),
};

/**
 * A shell opened by `sudo -s`, `sudo -i`, `su [-] [user]` or `doas -s` with no command of its own:
 * like a bare `bash`, it reads its commands from stdin, so a here-document, a here-string or text
 * piped into it is the script it runs (`sudo -s <<<'rm -rf /'`, `echo CMD | su -`). `args`
 * excludes the program name. `root` is false when the options name another user
 * (`sudo -u deploy -i`, `su postgres`). Undefined when this use runs a command instead (`sudo -s
 * CMD`, `su -c CMD`) or opens no shell (`sudo -v`, `sudo -l`).
 */
export function stdinShellOpener(name: string, args: readonly string[]): { root: boolean } | undefined {
  const values = OPENER_VALUES[name];
  if (!values) return undefined;
  let shell = name === 'su';
  let user: string | undefined;
  let operands = 0;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (name === 'su' && (a === '-' || a === '-l' || a === '--login')) continue;
    if (a === '--') {
      operands += args.length - i - 1;
      user = name === 'su' ? args[i + 1] : user;
      break;
    }
    if (!a.startsWith('-') || a === '-') {
      operands++;
      if (name === 'su' && operands === 1) user = a;
      continue;
    }
    if (a === '-c' || a === '--command' || a.startsWith('--command=') || a === '--session-command') return undefined;
    const eq = a.indexOf('=');
    const opt = eq > 0 ? a.slice(0, eq) : a;
    if (values.has(opt)) {
      const v = eq > 0 ? a.slice(eq + 1) : args[++i];
      if (opt === '-u' || opt === '--user') user = v;
      continue;
    }
    if (a === '--shell' || a === '--login') shell = true;
    else if (/^-[A-Za-z]+$/.test(a)) {
      // A cluster: `-iu deploy` is `-i -u deploy`; `-uroot` carries its value.
      if (name !== 'su' && /^-u./.test(a)) user = a.slice(2);
      else {
        if (name !== 'su' && /[si]/.test(a)) shell = true;
        if (name === 'su' && a.includes('c')) return undefined;
        if (name !== 'su' && values.has(`-${a[a.length - 1]}`)) user = a[a.length - 1] === 'u' ? args[++i] : (i++, user);
      }
    }
  }
  // su runs its one operand (the user) as a login; more words are passed to the shell as a script.
  if (!shell || operands > (name === 'su' ? 1 : 0)) return undefined;
  return { root: user === undefined || /^(?:root|#?0)$/.test(user) };
}
