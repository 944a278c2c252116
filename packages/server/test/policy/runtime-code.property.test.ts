// Issue #16, "code whose text cannot be seen before it runs", generated: every carrier (eval,
// trap, source, ., shells fed by -c, a script file, stdin, here-strings, pipes) × every kind of
// producer (another command, a download, an unknown variable, visible text) × the shell
// structure around it. Fixed seeds and numRuns, so failures reproduce and the file stays fast.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { decide, shell } from './helpers.js';

const RANK = { allow: 0, warn: 1, deny: 2 } as const;
const rank = (cmd: string): number => RANK[decide(shell(cmd)).verdict as keyof typeof RANK];
const explain = (cmd: string): string => {
  const d = decide(shell(cmd));
  return `${cmd} → ${d.verdict} ${d.patternName ?? ''}: ${d.reason}`;
};
const name = fc.stringMatching(/^[a-z][a-z0-9]{2,7}$/).filter((n) => !['cat', 'echo', 'printf', 'tee', 'rev', 'tr', 'xxd', 'curl', 'wget', 'base64', 'openssl', 'gzip', 'zcat', 'bzip2', 'sh', 'zsh', 'ksh', 'dash', 'bash', 'fish', 'env', 'time', 'exec', 'nice', 'http', 'https', 'xh', 'xhs', 'fetch', 'get', 'sudo', 'doas', 'eval', 'trap', 'source'].includes(n));
const arg = fc.constantFrom('', ' --print', ' setup', ' -s', ' env bash', ' init -', ' job.sh');
const shellName = fc.constantFrom('bash', 'sh', 'zsh', 'dash', 'ksh');

/** A carrier: how the output of the command line `p` is run as code. `pre` is a prefix that fits it. */
interface Carrier {
  run: (p: string, sh: string) => string;
  /** Prefixes that keep the carrier what it is (builtins take `builtin`, programs take `env A=1`). */
  prefixes: readonly string[];
}
const CARRIERS: Record<string, Carrier> = {
  'eval "$( )"': { run: (p) => `eval "$(${p})"`, prefixes: ['', 'builtin ', 'X=1 '] },
  'eval `…`': { run: (p) => `eval \`${p}\``, prefixes: ['', 'builtin '] },
  'trap "$( )" SIG': { run: (p) => `trap "$(${p})" EXIT INT`, prefixes: ['', 'builtin '] },
  'source <( )': { run: (p) => `source <(${p})`, prefixes: ['', 'builtin '] },
  '. <( )': { run: (p) => `. <(${p})`, prefixes: ['', 'builtin '] },
  'sh -c "$( )"': { run: (p, sh) => `${sh} -c "$(${p})"`, prefixes: ['', 'command ', 'env A=1 ', 'timeout 60 ', 'nice '] },
  'sh <( )': { run: (p, sh) => `${sh} <(${p})`, prefixes: ['', 'command ', 'env A=1 '] },
  'sh < <( )': { run: (p, sh) => `${sh} < <(${p})`, prefixes: ['', 'command ', 'env A=1 '] },
  'sh <<< "$( )"': { run: (p, sh) => `${sh} <<< "$(${p})"`, prefixes: ['', 'command ', 'env A=1 '] },
  '… | sh': { run: (p, sh) => `${p} | ${sh}`, prefixes: [''] },
  '… | sh -s': { run: (p, sh) => `${p} | ${sh} -s -- a b`, prefixes: [''] },
};
// The run-as-code carriers with a prefix, for the `pre` slot of the pipe carriers it stays empty.
const carrier = fc.constantFrom(...Object.keys(CARRIERS)).chain((k) => fc.tuple(fc.constant(k), fc.constantFrom(...CARRIERS[k].prefixes)));

/** Shell structure around the command: it must not change what runs. */
const STRUCTURES: Record<string, (c: string) => string> = {
  plain: (c) => c,
  'cd first': (c) => `cd src && ${c}`,
  'if block': (c) => `if true; then\n  ${c}\nfi`,
  subshell: (c) => `( ${c} )`,
  function: (c) => `setup() {\n  ${c}\n}\nsetup`,
  'here-document to bash': (c) => `bash <<'EOF'\n${c}\nEOF`,
};
const structure = fc.constantFrom(...Object.keys(STRUCTURES));

function build(k: string, pre: string, producer: string, sh: string, around: string): string {
  const c = CARRIERS[k];
  const inner = k.startsWith('…') ? c.run(producer, sh) : `${pre}${c.run(producer, sh)}`;
  return STRUCTURES[around](inner);
}

test('code produced at run time by an unknown command is never allowed, through any carrier, prefix or structure', () => {
  fc.assert(
    fc.property(carrier, name, arg, shellName, structure, ([k, pre], prog, a, sh, around) => {
      const cmd = build(k, pre, `${prog}${a}`, sh, around);
      const d = decide(shell(cmd));
      assert.ok(RANK[d.verdict as keyof typeof RANK] >= RANK.warn, explain(cmd));
      // Warned as run-time code, and the reason names the producer.
      if (d.verdict === 'warn') {
        assert.equal(d.patternName, 'remote_code_exec.runtime_code', explain(cmd));
        assert.ok(d.reason.includes(`\`${prog}${a}\``), explain(cmd));
      }
    }),
    { numRuns: 400, seed: 1601 },
  );
});

test('spliced output decides what runs only in command position: there it is warned, as an argument the code is visible', () => {
  const SPLICED: ((code: string, sh: string) => string)[] = [
    (c) => `eval "${c}"`,
    (c) => `trap "${c}" EXIT`,
    (c, sh) => `${sh} -c "${c}"`,
    (c, sh) => `${sh} <<< "${c}"`,
    (c, sh) => `echo "${c}" | ${sh}`,
  ];
  const commandPlace = fc.constantFrom((p: string) => `cd src && $(${p})`, (p: string) => `A=1 $(${p})`, (p: string) => `true; $(${p}) --flag`, (p: string) => `if true; then $(${p}); fi`, (p: string) => `exec $(${p})`);
  const argumentPlace = fc.constantFrom((p: string) => `cd $(${p}) && ls`, (p: string) => `echo $(${p})`, (p: string) => `rm -f $(${p})`, (p: string) => `export PATH=$(${p}):$PATH`, (p: string) => `printf '%s' $(${p})`);
  fc.assert(
    fc.property(fc.integer({ min: 0, max: SPLICED.length - 1 }), commandPlace, name, arg, shellName, (f, place, prog, a, sh) => {
      const cmd = SPLICED[f](place(`${prog}${a}`), sh);
      const d = decide(shell(cmd));
      assert.equal(d.verdict, 'warn', explain(cmd));
      assert.equal(d.patternName, 'remote_code_exec.runtime_code', explain(cmd));
    }),
    { numRuns: 200, seed: 1611 },
  );
  fc.assert(
    fc.property(fc.integer({ min: 0, max: SPLICED.length - 1 }), argumentPlace, name, fc.constantFrom('', ' --print', ' -s'), shellName, (f, place, prog, a, sh) => {
      const cmd = SPLICED[f](place(`${prog}${a}`), sh);
      assert.equal(rank(cmd), RANK.allow, explain(cmd));
    }),
    { numRuns: 200, seed: 1612 },
  );
});

test('code downloaded at run time is denied through any carrier', () => {
  const download = fc.tuple(fc.constantFrom('curl -fsSL', 'curl -s', 'wget -qO-', 'https --body', 'http GET', 'xh'), name).map(([d, host]) => `${d} ${d.startsWith('curl') || d.startsWith('wget') ? 'https://' : ''}${host}.example.com/install.sh`);
  fc.assert(
    fc.property(carrier, download, shellName, structure, ([k, pre], p, sh, around) => {
      const cmd = build(k, pre, p, sh, around);
      assert.equal(rank(cmd), RANK.deny, explain(cmd));
    }),
    { numRuns: 300, seed: 1602 },
  );
});

test('visible text is judged as the code it is: a dangerous command is denied, a harmless one allowed', () => {
  const literal = (cmd: string) => fc.constantFrom(`printf '%s\\n' '${cmd}'`, `echo '${cmd}'`, `printf '${cmd}\\n'`);
  const dangerous = fc.constantFrom('rm -rf /', 'git reset --hard', 'rm -rf ~').chain(literal);
  const harmless = fc.constantFrom('ls -la', 'git status', 'echo done').chain(literal);
  fc.assert(
    fc.property(carrier, dangerous, shellName, structure, ([k, pre], p, sh, around) => {
      const cmd = build(k, pre, p, sh, around);
      assert.equal(rank(cmd), RANK.deny, explain(cmd));
    }),
    { numRuns: 300, seed: 1603 },
  );
  fc.assert(
    fc.property(carrier, harmless, shellName, fc.constantFrom('plain', 'cd first', 'if block', 'function'), ([k], p, sh, around) => {
      // No prefix: `builtin`, `env A=1` and the like are judged on their own elsewhere.
      const cmd = build(k, '', p, sh, around);
      assert.equal(rank(cmd), RANK.allow, explain(cmd));
    }),
    { numRuns: 300, seed: 1604 },
  );
});

test('code held in a variable whose value is unknown is denied through any carrier', () => {
  const variable = fc.tuple(fc.stringMatching(/^[A-Z][A-Z0-9_]{1,8}$/), fc.boolean()).filter(([v]) => !['HOME', 'PWD', 'OLDPWD', 'SHELL', 'BASH', 'TMPDIR', 'TMP', 'TEMP'].includes(v)).map(([v, braced]) => (braced ? `\${${v}}` : `$${v}`));
  const forms: ((v: string, sh: string) => string)[] = [
    (v) => `eval "${v}"`,
    (v) => `trap "${v}" EXIT`,
    (v, sh) => `${sh} -c "${v}"`,
    (v, sh) => `${sh} <<< "${v}"`,
    (v, sh) => `echo "${v}" | ${sh}`,
    (v, sh) => `${sh} -c '$1' _ "${v}"`,
    (v, sh) => `${sh} -c -- '\${1}' _ "${v}"`,
  ];
  fc.assert(
    fc.property(fc.integer({ min: 0, max: forms.length - 1 }), variable, shellName, fc.constantFrom('plain', 'cd first', 'if block', 'function'), (f, v, sh, around) => {
      // Known gap, not this class: inside a function body the parser binds `$1` even in single
      // quotes, so `sh -c '$1' _ …` there loses its script (the same holds for a literal payload).
      fc.pre(!(around === 'function' && forms[f](v, sh).includes("'$1'") || around === 'function' && forms[f](v, sh).includes("'${1}'")));
      const cmd = STRUCTURES[around](forms[f](v, sh));
      assert.equal(rank(cmd), RANK.deny, explain(cmd));
    }),
    { numRuns: 300, seed: 1605 },
  );
});

// The shell-init generators, plainly written: allowed. Any deviation: warned, never allowed or denied.
const GENERATORS = ['ssh-agent -s', 'ssh-agent', 'direnv hook bash', 'direnv hook zsh', 'brew shellenv', '/opt/homebrew/bin/brew shellenv', 'pyenv init -', 'rbenv init -', 'nodenv init - bash', 'zoxide init zsh', 'starship init bash', 'fnm env --use-on-cd', 'mise activate zsh', 'conda shell.bash hook', 'opam env', 'kubectl completion bash', 'helm completion zsh', 'gh completion -s bash', 'rustup completions bash'];
const PLAIN: ((g: string) => string)[] = [(g) => `eval "$(${g})"`, (g) => `eval $(${g})`, (g) => `eval \`${g}\``, (g) => `source <(${g})`, (g) => `. <(${g})`, (g) => `eval "$(${g})" >/dev/null 2>&1`];

test('the shell-init generators in their plain form stay allowed, in any structure', () => {
  fc.assert(
    fc.property(fc.constantFrom(...GENERATORS), fc.integer({ min: 0, max: PLAIN.length - 1 }), fc.constantFrom('plain', 'cd first', 'if block', 'function', 'subshell', 'here-document to bash'), (g, f, around) => {
      const cmd = STRUCTURES[around](PLAIN[f](g));
      assert.equal(rank(cmd), RANK.allow, explain(cmd));
    }),
    { numRuns: 300, seed: 1606 },
  );
});

test('a generator written other than plainly is code produced at run time: warned', () => {
  const DEVIATIONS: ((g: string) => string)[] = [
    (g) => `builtin eval "$(${g})"`,
    (g) => `SETUP=1 eval "$(${g})"`,
    (g) => `eval -- "$(${g})"`,
    (g) => `eval "$(${g})" extra`,
    (g) => `eval "$(${g} | cat)"`,
    (g) => `eval "$(${g}; true)"`,
    (g) => `eval "$(command ${g})"`,
    (g) => `eval "$(A=1 ${g})"`,
    (g) => `eval "$(${g} "$MODE")"`,
    (g) => `source <(${g}) extra`,
    (g) => `source <(${g} | sed s/a/b/)`,
    (g) => `trap "$(${g})" EXIT`,
    (g) => `${g} | bash`,
  ];
  fc.assert(
    fc.property(fc.constantFrom(...GENERATORS), fc.integer({ min: 0, max: DEVIATIONS.length - 1 }), (g, f) => {
      const cmd = DEVIATIONS[f](g);
      const d = decide(shell(cmd));
      assert.equal(d.verdict, 'warn', explain(cmd));
      assert.equal(d.patternName, 'remote_code_exec.runtime_code', explain(cmd));
    }),
    { numRuns: 300, seed: 1607 },
  );
});

test('shell options never hide a -c string and its arguments; -n and -o noexec run nothing', () => {
  const option = fc.constantFrom('-o pipefail', '-opipefail', '-o errexit', '-ocorrect', '-onotify', '-O extglob', '-Oextglob', '+O nullglob', '-e', '-x', '-u', '--norc', '--noprofile', '-l', '-eo pipefail', '-xO extglob');
  const payload = fc.constantFrom(["'$1' _", ''], ["'${1}' _", ''], ['\'eval "$1"\' _', ''], ['-- \'$1\' _', '']);
  const danger = fc.constantFrom('git reset --hard', 'rm -rf /', 'rm -rf ~');
  fc.assert(
    fc.property(shellName, fc.array(option, { maxLength: 3 }), payload, danger, (sh, opts, [script], d) => {
      const cmd = `${sh} ${opts.join(' ')} -c ${script} '${d}'`.replace(/\s+/g, ' ');
      assert.equal(rank(cmd), RANK.deny, explain(cmd));
    }),
    { numRuns: 250, seed: 1608 },
  );
  // The -c string inside a cluster after a value option: `-oc pipefail CMD` (bash/dash) reads as `-o pipefail -c CMD`.
  fc.assert(
    fc.property(shellName, fc.constantFrom('o pipefail', 'O extglob', 'o errexit'), fc.constantFrom('', 'e', 'x', 'ex'), danger, (sh, opt, flags, d) => {
      const [letter, value] = opt.split(' ');
      const cmd = `${sh} -${flags}${letter}c ${value} '${d}'`;
      assert.equal(rank(cmd), RANK.deny, explain(cmd));
    }),
    { numRuns: 100, seed: 1610 },
  );
  const noexec = fc.constantFrom('-n', '-xn', '-nx', '-o noexec', '-onoexec', '-en');
  const fed: ((sh: string, n: string, d: string) => string)[] = [
    (sh, n, d) => `printf '%s\\n' '${d}' | ${sh} ${n}`,
    (sh, n, d) => `${sh} ${n} <<< '${d}'`,
    (sh, n, d) => `${sh} ${n} -c '${d}'`,
    (sh, _n, d) => `${sh} -c 'set -n; ${d}'`,
    (sh, _n, d) => `${sh} -c 'set -o noexec\n${d}'`,
    (sh, n, d) => `cat job.sh | ${sh} ${n}`,
  ];
  fc.assert(
    fc.property(shellName, fc.array(option, { maxLength: 2 }), noexec, fc.integer({ min: 0, max: fed.length - 1 }), danger, (sh, opts, n, f, d) => {
      const cmd = fed[f](sh, [...opts, n].join(' '), d);
      assert.equal(rank(cmd), RANK.allow, explain(cmd));
    }),
    { numRuns: 250, seed: 1609 },
  );
});
