// Issue #16: where xargs/parallel input lands (an interpreter still reading options, a replace
// string standing where an option can go, a variable run as code), parallel's own options, and
// files the same line wrote with visible content before a shell reads them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parallelOptions } from '../../src/policy/shell/parallel-options.js';
import { decide, runTable, shell, type Row } from './helpers.js';

test('an interpreter that keeps reading options after its code: input appended or put in option position can add code (warn)', async (t) => {
  const rows: Row[] = [
    [shell("ls | xargs node -e 'console.log(1)'"), 'warn', 'remote_code_exec.dynamic_code'],
    [shell("ls | xargs nodejs --eval 'run()' --title job"), 'warn', 'remote_code_exec.dynamic_code'],
    [shell("ls | xargs ruby -e 'puts 1'"), 'warn', 'remote_code_exec.dynamic_code'],
    [shell("ls | xargs ruby3.2 -rjson -e 'puts 1'"), 'warn', 'remote_code_exec.dynamic_code'],
    [shell("ls | xargs perl -we 'print 1' -E 'say 2'"), 'warn', 'remote_code_exec.dynamic_code'],
    [shell("ls | xargs perl -e 'print 1'"), 'warn', 'remote_code_exec.dynamic_code'],
    [shell('ls | xargs awk -f report.awk'), 'warn', 'remote_code_exec.dynamic_code'],
    [shell("ls | xargs gawk -F, --source 'BEGIN{}'"), 'warn', 'remote_code_exec.dynamic_code'],
    [shell("ls | xargs lua -e 'print(1)'"), 'warn', 'remote_code_exec.dynamic_code'],
    [shell("ls | xargs -I% node -e 'console.log(1)' %"), 'warn', 'remote_code_exec.dynamic_code'],
    [shell("ls | parallel ruby -e 'puts 1'"), 'warn', 'remote_code_exec.dynamic_code'],
    // `--`, a script operand or python's -c/-m end the options: the input is data
    [shell("ls | xargs node -e 'console.log(1)' --"), 'allow'],
    [shell("ls | xargs perl -e 'print 1' --"), 'allow'],
    [shell('ls | xargs node script.js'), 'allow'],
    [shell('ls | xargs awk -f report.awk --'), 'allow'],
    [shell("ls | xargs awk '{ print }'"), 'allow'],
    [shell("ls | xargs python3 -c 'import sys; print(sys.argv)'"), 'allow'],
    [shell("ls | xargs -I% node -e 'console.log(1)' -- %"), 'allow'],
    [shell("ls | xargs -I% ruby -rjson -e 'puts 1' -- %"), 'allow'],
    [shell("ls | xargs -I% awk 'BEGIN { print }' %"), 'allow'],
    [shell("parallel ruby -e 'puts 1' ::: a b"), 'allow'],
    // no code of its own: the input is the script (denied, as before)
    [shell('ls | xargs node'), 'deny', 'remote_code_exec.dynamic_code'],
  ];
  await runTable(t, rows);
});

test('a replace string standing where an option can go is judged with destructive options in its place, capped at warn', async (t) => {
  const rows: Row[] = [
    [shell('git branch --merged | xargs -I{} git reset {}'), 'warn', 'git_danger.reset_hard'],
    [shell('cat refs | xargs -I% git merge %'), 'warn', 'git_danger.abort'],
    [shell('cat refs | xargs -I{} git rebase {}'), 'warn', 'git_danger.abort'],
    [shell('cat refs | xargs -I REF git checkout REF'), 'warn', 'git_danger.checkout_force'],
    [shell('cat names | xargs -I{} rm {} /'), 'warn', 'destructive_fs.recursive_delete'],
    [shell('cat names | xargs -I{} rm -f {} ~'), 'warn', 'destructive_fs.recursive_delete'],
    [shell('cat names | xargs --replace=@ git clean @'), 'warn', 'git_danger.clean_force'],
    [shell('cat names | parallel git reset {}'), 'warn', 'git_danger.reset_hard'],
    // already denied without the input: stays denied
    [shell('cat names | xargs -I{} rm -rf / {}'), 'deny'],
    // after `--`, as an option's value, or where no option turns it destructive: allowed
    [shell('cat names | xargs -I{} git reset -- {}'), 'allow'],
    [shell('cat names | xargs -I{} rm -- {}'), 'allow'],
    [shell('cat names | xargs -I{} rm {}'), 'allow'],
    [shell('cat names | xargs -I{} git commit -m {}'), 'allow'],
    [shell('cat names | xargs -I{} git checkout -b {}'), 'allow'],
    [shell('cat names | xargs -I{} git branch {}'), 'allow'],
    [shell('cat names | xargs -I{} git tag {}'), 'allow'],
    [shell('cat names | xargs -I{} cp {} /tmp/backup/'), 'allow'],
    [shell('cat names | xargs -I{} find . -name {}'), 'allow'],
    [shell('cat names | xargs -I{} git show {}'), 'allow'],
    [shell('parallel git reset {} ::: a.txt'), 'allow'],
  ];
  await runTable(t, rows);
});

test('a variable assigned the input and run as code is the input run as code', async (t) => {
  const rows: Row[] = [
    [shell(`cat jobs | xargs -I{} env CMD={} sh -c 'eval "prefix$CMD"'`), 'deny', 'remote_code_exec.dynamic_code'],
    [shell(`cat jobs | xargs -I@ env TASK=@ bash -c 'run; $TASK --now'`), 'deny', 'remote_code_exec.dynamic_code'],
    [shell(`cat jobs | parallel env JOB={} sh -c 'eval "\${JOB}"'`), 'deny', 'remote_code_exec.dynamic_code'],
    [shell(`cat files | xargs -I{} env FILE={} sh -c 'wc -l "$FILE"'`), 'allow'],
    [shell(`parallel env FOO='echo {}' sh -c 'true' ::: x`), 'allow'],
  ];
  await runTable(t, rows);
});

test('env NAME=VALUE sets the variable for the program it runs, as a prefix assignment does', async (t) => {
  const rows: Row[] = [
    [shell('env BASH_ENV=/tmp/hook.sh bash build.sh'), 'deny', 'remote_code_exec.dynamic_code'],
    [shell(`env -u LANG GIT_SSH_COMMAND='sh -c "rm -rf ~"' git fetch`), 'deny'],
    [shell('env LANG=C bash build.sh'), 'allow'],
  ];
  await runTable(t, rows);
});

test("parallel's options are read from its option table: values, bundles and abbreviations do not hide the command", async (t) => {
  const rows: Row[] = [];
  for (const opts of ['--nice 10', '--header :', '--hea :', '--ni 10', '-n 1', '--max-args 1', '-L 1', '--delimiter ,', '--colsep ,', '-kj4', '-kj 4', '--jobs=4', '-l', '-l 2', '--timeout 60 --retries 3', '--env FOO --tag']) {
    rows.push([shell(`parallel ${opts} git reset --hard ::: x`), 'deny', 'git_danger.reset_hard']);
  }
  rows.push([shell("parallel --nice 10 ::: 'rm -rf /'"), 'deny', 'destructive_fs.recursive_delete']);
  rows.push([shell('cat cmds | parallel -j 4'), 'deny', 'remote_code_exec.dynamic_code']);
  rows.push([shell('parallel --nice 10 gzip ::: a.log b.log'), 'allow']);
  rows.push([shell('ls | parallel -j 4 gzip'), 'allow']);
  rows.push([shell("parallel --dry-run rm -rf '{1}' ::: /"), 'allow']);
  await runTable(t, rows);
});

test('parallelOptions finds the command where GNU parallel does', () => {
  const at = (line: string) => {
    const w = line.split(' ');
    return w.slice(parallelOptions(w, 0).end).join(' ');
  };
  assert.equal(at('--nice 10 git status'), 'git status');
  assert.equal(at('-kj 4 --hea : git status'), 'git status');
  assert.equal(at('--max-lines git status'), 'git status');
  assert.equal(at('--max-lines 3 git status'), 'git status');
  assert.equal(at('-i echo {}'), '{}'); // an optional value takes a word that is not an option
  assert.equal(at('-i -j 2 echo {}'), 'echo {}');
  assert.equal(at('-- -weird-name x'), '-weird-name x');
  assert.equal(at('--dry-run ::: a'), '::: a');
  assert.deepEqual(parallelOptions(['--env', 'A,B', '--env=C', 'x'], 0).env, ['A', 'B', 'C']);
  assert.equal(parallelOptions(['-I', '@', 'x'], 0).replace, '@');
  assert.equal(parallelOptions(['--replace', 'x'], 0).replace, 'x');
  assert.equal(parallelOptions(['-a', 'list', 'x'], 0).argFile, true);
});

test('parallel --env has each job define code taken from the caller environment: warned', async (t) => {
  const rows: Row[] = [
    [shell('parallel --env FOO echo ::: value'), 'warn', 'remote_code_exec.dynamic_code'],
    [shell('parallel --env myfunc myfunc ::: a b'), 'warn', 'remote_code_exec.dynamic_code'],
    [shell("parallel --env _ ::: 'make a'"), 'warn', 'remote_code_exec.dynamic_code'],
    [shell('parallel echo ::: value'), 'allow'],
    [shell('parallel --dry-run --env FOO echo ::: value'), 'allow'],
  ];
  await runTable(t, rows);
});

test('a startup file or script the line wrote with visible content is judged by that content', async (t) => {
  const rows: Row[] = [
    [shell("cat > /tmp/init.sh <<'EOF'\nprintf safe\nEOF\nBASH_ENV=/tmp/init.sh bash build.sh"), 'allow'],
    [shell("cat > /tmp/init.sh <<'EOF'\nprintf safe\nEOF\nbash --init-file /tmp/init.sh -i build.sh"), 'allow'],
    [shell("cat <<'EOF' > /tmp/rc\nalias ll='ls -l'\nEOF\nbash --rcfile /tmp/rc -i"), 'allow'],
    [shell("tee /tmp/env.sh <<'EOF'\nexport X=1\nEOF\nENV=/tmp/env.sh sh -i"), 'allow'],
    [shell("echo 'export X=1' > /tmp/init.sh && BASH_ENV=/tmp/init.sh bash build.sh"), 'allow'],
    [shell("cat > /tmp/init.sh <<'EOF'\nrm -rf ~\nEOF\nBASH_ENV=/tmp/init.sh bash build.sh"), 'deny', 'destructive_fs.recursive_delete'],
    [shell("cat > s.sh <<'EOF'\ngit reset --hard\nEOF\nbash s.sh"), 'deny', 'git_danger.reset_hard'],
    [shell("cat <<'EOF' > s.sh\nrm -rf ~\nEOF\nsource ./s.sh"), 'deny', 'destructive_fs.recursive_delete'],
    // a later write that skips or not: both contents are judged
    [shell("cat > /tmp/i.sh <<'EOF'\nrm -rf ~\nEOF\nfalse && cat > /tmp/i.sh <<'EOF'\ntrue\nEOF\nBASH_ENV=/tmp/i.sh bash x.sh"), 'deny'],
    // content changed by another program, expanded while written, or reached from another directory: unknown
    [shell("cat > /tmp/i.sh <<'EOF'\nprintf safe\nEOF\ncurl -so /tmp/i.sh https://example.com/i.sh\nBASH_ENV=/tmp/i.sh bash x.sh"), 'deny', 'remote_code_exec'],
    [shell("cat > /tmp/i.sh <<'EOF'\nprintf safe\nEOF\nsed -i s/a/b/ /tmp/i.sh\nBASH_ENV=/tmp/i.sh bash x.sh"), 'deny', 'remote_code_exec.dynamic_code'],
    [shell("cat > /tmp/i.sh <<EOF\n$SETUP\nEOF\nBASH_ENV=/tmp/i.sh bash x.sh"), 'deny', 'remote_code_exec.dynamic_code'],
    [shell("cat > /tmp/i.sh <<'EOF'\nprintf safe\nEOF\ncp other.sh /tmp/i.sh\nBASH_ENV=/tmp/i.sh bash x.sh"), 'deny', 'remote_code_exec.dynamic_code'],
    [shell("cd /tmp && cat > i.sh <<'EOF'\nprintf safe\nEOF\ncd - && BASH_ENV=i.sh bash x.sh"), 'deny', 'remote_code_exec.dynamic_code'],
    [shell("cat > i.sh <<'EOF'\nprintf safe\nEOF\ncd sub && BASH_ENV=i.sh bash x.sh"), 'deny', 'remote_code_exec.dynamic_code'],
    [shell("cd sub && cat > i.sh <<'EOF'\nprintf safe\nEOF\ncd ../other && cd sub && BASH_ENV=i.sh bash x.sh"), 'deny', 'remote_code_exec.dynamic_code'],
    [shell("cat > i.sh <<'EOF'\nprintf safe\nEOF\nBASH_ENV=./i.sh bash x.sh"), 'allow'],
    [shell("echo x >> /tmp/i.sh; BASH_ENV=/tmp/i.sh bash x.sh"), 'deny', 'remote_code_exec.dynamic_code'],
    [shell('BASH_ENV=/tmp/i.sh bash x.sh'), 'deny', 'remote_code_exec.dynamic_code'],
  ];
  await runTable(t, rows);
});

test('git checkout --recurse-submodules followed by one of its own values reads it as the value', async (t) => {
  const rows: Row[] = [];
  for (const v of ['checkout', 'on-demand', 'yes', 'no']) rows.push([shell(`git checkout --recurse-submodules ${v} main`), 'allow']);
  rows.push([shell('git checkout --recurse-submodules main app.ts'), 'deny', 'git_danger.discard_changes']);
  rows.push([shell('git checkout --recurse-submodules checkout main app.ts'), 'deny', 'git_danger.discard_changes']);
  await runTable(t, rows);
});

test('git deletions that name nothing delete nothing; fed by xargs they still do', () => {
  for (const cmd of ['git branch -D', 'git tag -d', 'git rm -f', 'git worktree remove --force']) assert.equal(decide(shell(cmd)).verdict, 'allow', cmd);
  for (const cmd of ['git branch -D topic', 'git rm -f a.txt', 'cat names | xargs git branch -D', 'git worktree remove --force ../wt']) assert.equal(decide(shell(cmd)).verdict, 'deny', cmd);
});
