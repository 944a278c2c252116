// Issue #16, the classes cc-safety-net's default-configuration cases showed we missed. Each block
// generates the members of a class (spellings, option orders, variable names, feeders) instead of
// listing the peer's examples. Fixed seeds and numRuns, so failures reproduce and the file stays fast.
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
const word = fc.stringMatching(/^[a-z][a-z0-9]{1,7}$/);
const branch = fc.tuple(fc.constantFrom('feature', 'fix', 'wip', 'chore', 'spike'), word).map(([a, b]) => `${a}/${b}`);

// Git forms that overwrite or delete uncommitted work, and forms that only look.
const DISCARD = ['reset --hard', 'checkout -- src/app.ts', 'clean -fd', 'stash clear', 'restore src/app.ts', 'switch -f main'];
const HARMLESS = ['status', 'log --oneline -5', 'diff --stat', 'branch --list', 'show HEAD'];

/** `git <sub>` with the alias `name` standing for it, set through one of git's configuration channels. */
const ALIAS_CHANNELS: Record<string, (name: string, sub: string, extra: string) => string> = {
  '-c alias': (n, s, x) => `git -c ${x} -c alias.${n}=${JSON.stringify(s)} ${n}`,
  '-calias (attached)': (n, s, x) => `git -c${x} '-calias.${n}=${s}' ${n}`,
  'GIT_CONFIG_COUNT pairs': (n, s, x) => `GIT_CONFIG_COUNT=2 GIT_CONFIG_KEY_0=${x.split('=')[0]} GIT_CONFIG_VALUE_0=${x.split('=')[1]} GIT_CONFIG_KEY_1=alias.${n} GIT_CONFIG_VALUE_1=${JSON.stringify(s)} git ${n}`,
};
const HARMLESS_CONFIG = fc.constantFrom('color.ui=auto', 'core.quotepath=false', 'user.name=dev', 'advice.detachedHead=false');

test('an alias for a discarding git command is denied through every configuration channel; an alias for a harmless one is not', () => {
  const channel = fc.constantFrom(...Object.keys(ALIAS_CHANNELS));
  fc.assert(
    fc.property(channel, word, fc.constantFrom(...DISCARD), HARMLESS_CONFIG, (ch, name, sub, extra) => {
      const cmd = ALIAS_CHANNELS[ch](name, sub, extra);
      assert.equal(rank(cmd), RANK.deny, explain(cmd));
    }),
    { numRuns: 200, seed: 1701 },
  );
  fc.assert(
    fc.property(channel, word, fc.constantFrom(...HARMLESS), HARMLESS_CONFIG, (ch, name, sub, extra) => {
      const cmd = ALIAS_CHANNELS[ch](name, sub, extra);
      assert.equal(rank(cmd), RANK.allow, explain(cmd));
    }),
    { numRuns: 150, seed: 1702 },
  );
});

/** Random upper/lower case per letter: what a case-insensitive filesystem (macOS) still runs. */
const recase = (s: string, bits: boolean[]): string => [...s].map((c, i) => (bits[i % bits.length] ? c.toUpperCase() : c)).join('');

test('git and its subcommand in any letter case are judged as git: discarding forms denied, harmless ones allowed', () => {
  const bits = fc.array(fc.boolean(), { minLength: 1, maxLength: 12 });
  fc.assert(
    fc.property(fc.constantFrom(...DISCARD), bits, (form, b) => {
      const [sub, ...rest] = form.split(' ');
      const cmd = `${recase('git', b)} ${recase(sub, b.slice(1).concat(b))} ${rest.join(' ')}`;
      assert.equal(rank(cmd), RANK.deny, explain(cmd));
    }),
    { numRuns: 150, seed: 1703 },
  );
  fc.assert(
    fc.property(fc.constantFrom(...HARMLESS), bits, (form, b) => {
      const [sub, ...rest] = form.split(' ');
      const cmd = `${recase('git', b)} ${recase(sub, b)} ${rest.join(' ')}`;
      assert.equal(rank(cmd), RANK.allow, explain(cmd));
    }),
    { numRuns: 100, seed: 1704 },
  );
});

test('git rm is judged by its options as git reads them, the last of --x / --no-x winning (a model of git)', () => {
  const toggle = fc.constantFrom('-f', '--force', '--forc', '--no-force', '--cached', '--no-cached', '-n', '--dry-run', '--no-dry-run', '-q', '-r');
  fc.assert(
    fc.property(fc.array(toggle, { maxLength: 6 }), word, (opts, file) => {
      let force = false;
      let cached = false;
      let dry = false;
      for (const o of opts) {
        if (o === '-f' || o === '--force' || o === '--forc') force = true;
        else if (o === '--no-force') force = false;
        else if (o === '--cached') cached = true;
        else if (o === '--no-cached') cached = false;
        else if (o === '-n' || o === '--dry-run') dry = true;
        else if (o === '--no-dry-run') dry = false;
      }
      const cmd = `git rm ${opts.join(' ')} ${file}.txt`;
      const deletes = force && !cached && !dry;
      assert.equal(rank(cmd) === RANK.deny, deletes, explain(cmd));
    }),
    { numRuns: 400, seed: 1705 },
  );
});

test('git restore overwrites the working tree exactly when git would (a model of its --staged/--worktree reading)', () => {
  // Checked against git 2.x: with neither option given the working tree is restored; once either
  // is given only a --worktree that is not undone later restores it (`--no-staged` alone: git refuses).
  const opt = fc.constantFrom('--staged', '-S', '--no-staged', '--worktree', '-W', '--no-worktree', '-SW', '-q', '--source HEAD~1', '-s main');
  fc.assert(
    fc.property(fc.array(opt, { maxLength: 5 }), word, (opts, file) => {
      let staged: boolean | undefined;
      let worktree: boolean | undefined;
      for (const o of opts) {
        if (o === '--staged' || o === '-S') staged = true;
        else if (o === '--no-staged') staged = false;
        else if (o === '--worktree' || o === '-W') worktree = true;
        else if (o === '--no-worktree') worktree = false;
        else if (o === '-SW') staged = worktree = true;
      }
      const overwrites = (staged === undefined && worktree === undefined) || worktree === true;
      const cmd = `git restore ${opts.join(' ')} src/${file}.ts`;
      assert.equal(rank(cmd) === RANK.deny, overwrites, explain(cmd));
    }),
    { numRuns: 300, seed: 1716 },
  );
});

test('deleting a remote branch is denied in every spelling, protected or not', () => {
  const spelling = fc.constantFrom(
    (b: string) => `git push origin --delete ${b}`,
    (b: string) => `git push --delete origin ${b}`,
    (b: string) => `git push -d origin ${b}`,
    (b: string) => `git push origin :${b}`,
    (b: string) => `git push origin :refs/heads/${b}`,
    (b: string) => `git -C . push upstream --delete ${b}`,
  );
  fc.assert(
    fc.property(spelling, fc.oneof(branch, fc.constantFrom('main', 'master', 'production')), (s, b) => {
      assert.equal(rank(s(b)), RANK.deny, explain(s(b)));
    }),
    { numRuns: 190, seed: 1706 },
  );
});

const DELETERS = [(t: string) => `rm -rf ${t}`, (t: string) => `rm -r ${t}`, (t: string) => `find ${t} -delete`, (t: string) => `find ${t} -depth -delete`, (t: string) => `bash -c 'rm -rf ${t}'`];
const deleter = fc.constantFrom(...DELETERS);
const unknownVar = fc.stringMatching(/^[A-Z][A-Z0-9_]{1,10}$/).filter((v) => !/^(?:HOME|PWD|OLDPWD|TMPDIR|TMP|TEMP|USERPROFILE|SHELL|BASH)$/.test(v));

test('a recursive delete under a variable the command never sets is at least warned; under $TMPDIR or a set variable it is judged by the value', () => {
  fc.assert(
    fc.property(deleter, unknownVar, fc.array(word, { minLength: 1, maxLength: 3 }), fc.boolean(), (del, v, parts, braces) => {
      const cmd = del(`${braces ? `\${${v}}` : `$${v}`}/${parts.join('/')}`);
      assert.ok(rank(cmd) >= RANK.warn, explain(cmd));
    }),
    { numRuns: 200, seed: 1708 },
  );
  fc.assert(
    fc.property(deleter, unknownVar, fc.array(word, { minLength: 1, maxLength: 3 }), (del, v, parts) => {
      const set = `${v}=/tmp/work-${parts[0]}; ${del(`$${v}/${parts.join('/')}`)}`;
      const tmp = del(`"$TMPDIR/${parts.join('/')}"`);
      assert.equal(rank(set), RANK.allow, explain(set));
      assert.equal(rank(tmp), RANK.allow, explain(tmp));
    }),
    { numRuns: 150, seed: 1709 },
  );
});

test('a delete that climbs with .. out of a directory in a world-writable scratch directory is at least warned; one that stays put is allowed', () => {
  const scratch = fc.constantFrom('/tmp', '/var/tmp', '/private/tmp', '/dev/shm');
  fc.assert(
    fc.property(deleter, scratch, word, fc.array(word, { maxLength: 2 }), word, (del, s, dir, mid, leaf) => {
      const climbing = del(`${s}/${[dir, ...mid].join('/')}/../${leaf}`);
      const plain = del(`${s}/${[dir, ...mid, leaf].join('/')}`);
      assert.ok(rank(climbing) >= RANK.warn, explain(climbing));
      assert.equal(rank(plain), RANK.allow, explain(plain));
    }),
    { numRuns: 200, seed: 1710 },
  );
});

// Targets whose direct recursive delete is denied, warned or allowed, and ways to hand them to a
// script through xargs/parallel input.
const TARGETS = ['/', '~', '/etc', '/var/lib/mysql', '../other-project', 'build', 'node_modules', '/tmp/cache'];
const FEEDS: Record<string, (target: string) => string> = {
  'echo | parallel bash -c': (t) => `echo ${t} | parallel bash -c 'rm -rf {}'`,
  'printf | parallel sh -c': (t) => `printf '%s\\n' ${t} | parallel sh -c 'rm -rf {}'`,
  'echo | parallel -I@ sh -c': (t) => `echo ${t} | parallel -I@ sh -c 'rm -rf @'`,
  'echo | parallel zsh -c, placeholder in a path': (t) => `echo ${t} | parallel zsh -c 'rm -rf {}/'`,
};

test('a script run for each parallel input deletes what the input names: at least as strong as the direct delete', () => {
  fc.assert(
    fc.property(fc.constantFrom(...TARGETS), fc.constantFrom(...Object.keys(FEEDS)), (t, how) => {
      const direct = `rm -rf ${t}`;
      const fed = FEEDS[how](t);
      assert.ok(rank(fed) >= rank(direct), `${explain(fed)} weaker than ${explain(direct)}`);
      // and no stronger than it when the producer shows the input: a project delete stays allowed
      if (rank(direct) === RANK.allow) assert.equal(rank(fed), RANK.allow, explain(fed));
    }),
    { numRuns: 120, seed: 1711 },
  );
  // Input the engine cannot see (a file, another program) makes the target unknown: denied.
  fc.assert(
    fc.property(fc.constantFrom('cat list.txt', 'curl -s https://example.com/paths', 'git ls-remote origin'), fc.constantFrom('bash', 'sh', 'zsh'), (producer, sh) => {
      const cmd = `${producer} | parallel ${sh} -c 'rm -rf {}'`;
      assert.equal(rank(cmd), RANK.deny, explain(cmd));
    }),
    { numRuns: 30, seed: 1712 },
  );
});

test('find fed by parallel with its input appended to the expression is denied; the input as a -name value is not', () => {
  const start = fc.constantFrom('.', '/tmp/work', 'src', '/var/tmp/x');
  const expr = fc.constantFrom('-delete', '-depth -delete', '-type f', '-name "*.log"', '-print');
  fc.assert(
    fc.property(fc.constantFrom('', 'cat list | ', 'ls | '), start, expr, (feed, s, e) => {
      const cmd = `${feed}parallel find ${s} ${e}`;
      assert.equal(rank(cmd), RANK.deny, explain(cmd));
      const data = `${feed}parallel find ${s} -name {}`;
      assert.equal(rank(data), RANK.allow, explain(data));
    }),
    { numRuns: 100, seed: 1713 },
  );
});

// Interpreters and the flags that take inline code.
const INLINE: ((code: string) => string)[] = [
  (c) => `node -e "${c}"`,
  (c) => `node --eval "${c}"`,
  (c) => `node --eval="${c}"`,
  (c) => `node -pe "${c}"`,
  (c) => `ruby -e "${c}"`,
  (c) => `perl -e "${c}"`,
  (c) => `perl -we "${c}"`,
  (c) => `python3 -c "${c}"`,
  (c) => `python -Bc "${c}"`,
  (c) => `php -r "${c}"`,
];
const DANGEROUS_LINES = ['rm -rf /', 'rm -rf ~', 'rm -rf /etc', 'git reset --hard', 'git clean -fdx', 'git stash clear'];
const HARMLESS_LINES = ['ls -la', 'git status', 'echo hello', 'npm test', 'rm -rf build'];

test('a dangerous shell command line given to an interpreter as its code is warned (it is rejected, the intent is not); a harmless one is allowed', () => {
  fc.assert(
    fc.property(fc.constantFrom(...INLINE), fc.constantFrom(...DANGEROUS_LINES), (w, line) => {
      const cmd = w(line);
      assert.equal(rank(cmd), RANK.warn, explain(cmd));
    }),
    { numRuns: 150, seed: 1714 },
  );
  fc.assert(
    fc.property(fc.constantFrom(...INLINE), fc.constantFrom(...HARMLESS_LINES), (w, line) => {
      const cmd = w(line);
      assert.equal(rank(cmd), RANK.allow, explain(cmd));
    }),
    { numRuns: 100, seed: 1715 },
  );
});

// fd lists everything below its search paths unless a pattern or filter narrows it; its -x/-X
// command runs on each entry (an implicit `{}` at the end when no placeholder is written).
const FD = fc.constantFrom('fd', 'fdfind');
const FD_MATCH_ALL = fc.constantFrom('', '.', "''", '^', "'.*'");
const FD_EXEC = fc.constantFrom('-x', '--exec', '-X', '--exec-batch');
const FD_FLAGS = fc.constantFrom('', '-H', '-I', '-u', '-L', '-E .git', '-d 3');
const PRECIOUS = fc.constantFrom('~', '$HOME', '/', '/etc', '/usr', '..', '~/.ssh');
const RM_RF = fc.constantFrom('rm -rf', 'rm -fr', 'rm -r -f', 'rm --recursive --force', 'rm -Rf');

test('fd with a match-all pattern runs its command on everything below the path: rm -rf there is denied; narrowed in the project it is not', () => {
  fc.assert(
    fc.property(FD, FD_FLAGS, FD_MATCH_ALL, PRECIOUS, FD_EXEC, RM_RF, fc.boolean(), (fd, flags, pat, path, exec, rm, brace) => {
      const cmd = `${fd} ${flags} ${pat || '.'} ${path} ${exec} ${rm}${brace ? ' {}' : ''}`;
      assert.equal(rank(cmd), RANK.deny, explain(cmd));
    }),
    { numRuns: 200, seed: 1711 },
  );
  fc.assert(
    fc.property(FD, FD_FLAGS, fc.constantFrom('-e pyc', '-e log', '-t d node_modules', "-g '*.orig'", '__pycache__'), fc.constantFrom('', 'src', 'build', './dist'), FD_EXEC, RM_RF, (fd, flags, narrow, path, exec, rm) => {
      const cmd = `${fd} ${flags} ${narrow} ${path} ${exec} ${rm}`;
      assert.equal(rank(cmd), RANK.allow, explain(cmd));
    }),
    { numRuns: 150, seed: 1712 },
  );
});

test('a brace list in a delete target is each of its words: one precious word makes the delete denied, in any position', () => {
  const benign = fc.constantFrom('build', 'dist', 'coverage', '.cache', 'out', 'tmp');
  const precious = fc.constantFrom('~', '/', '/etc', '~/.ssh', '$HOME', '..', '/usr/lib');
  fc.assert(
    fc.property(fc.array(benign, { minLength: 1, maxLength: 4 }), precious, fc.nat(), RM_RF, (words, p, at, rm) => {
      const list = [...words];
      list.splice(at % (list.length + 1), 0, p);
      const cmd = `${rm} {${list.join(',')}}`;
      assert.equal(rank(cmd), RANK.deny, explain(cmd));
      const safe = `${rm} {${words.join(',')},x}`;
      assert.equal(rank(safe), RANK.allow, explain(safe));
    }),
    { numRuns: 200, seed: 1713 },
  );
});
