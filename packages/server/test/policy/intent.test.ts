// Commands that spell a dangerous command which may never run (rules/intent.ts): bash finds no
// program for the first word, an unknown program may run the words after it, or an unknown program
// is fed a here-document it may run as shell. Judged for what they spell, warned at most; programs
// whose words are data, and what the spelled command does when it is harmless, stay allowed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isKnownProgram } from '../../src/policy/rules/known-programs.js';
import { decide, policyWith, runTable, shell, type Row } from './helpers.js';

test('a first word bash finds no program for: the command the rest spells is warned, never denied', async (t) => {
  const rows: Row[] = [
    // not assignments: a name starting with a digit, holding `-` or `.`, or missing
    [shell('1A=2 git reset --hard'), 'warn', 'git_danger.reset_hard'],
    [shell('A-B=2 git reset --hard'), 'warn', 'git_danger.reset_hard'],
    [shell('=2 git reset --hard'), 'warn', 'git_danger.reset_hard'],
    [shell('my.var=1 rm -rf ~'), 'warn', 'destructive_fs.recursive_delete'],
    [shell("'' rm -rf ~"), 'warn', 'destructive_fs.recursive_delete'],
    // a whole command line quoted into one word: read as the script it spells
    [shell("'git checkout -x;git checkout -f'"), 'warn', 'git_danger'],
    [shell("'git tag -x|git tag -d v1'"), 'warn', 'git_danger.tag_delete'],
    [shell("'rm rm -rf ~'"), 'warn', 'destructive_fs.recursive_delete'],
    [shell('"rm -rf /" --no-preserve-root'), 'warn', 'destructive_fs'],
    // a line break inside the word read both as a separator and as a space
    [shell("'rm\n--recursive --force /home/x'"), 'warn', 'destructive_fs.recursive_delete'],
    [shell("'git push origin\n+main'"), 'warn', 'git_danger.force_push'],
    [shell("'find .\n-delete'"), 'warn', 'destructive_fs.find_delete'],
    // through a wrapper and inside a shell string, the same
    [shell("sudo '1A=2' rm -rf /etc"), 'warn', 'destructive_fs'],
    [shell("bash -c 'command \"$1\"' _ 'git reset --hard'"), 'warn', 'git_danger.reset_hard'],
    // judged by effect: the spelled command is harmless, or a scratch delete
    [shell("'rm rm -rf /tmp/x'"), 'allow'],
    [shell("'rm\n--recursive --force /tmp/x'"), 'allow'],
    [shell('1A=2 git status'), 'allow'],
    [shell("'ls -la'"), 'allow'],
    // real assignments and paths are what they look like
    [shell('A=2 git reset --hard'), 'deny', 'git_danger.reset_hard'],
    [shell('./a=b.sh --flag'), 'allow'],
  ];
  await runTable(t, rows);
});

test('an unknown program followed by a command may run it: warned, with the words after its options', async (t) => {
  const rows: Row[] = [
    [shell('tool git reset --hard'), 'warn', 'git_danger.reset_hard'],
    [shell('tool rm -rf / git reset --hard'), 'warn', 'destructive_fs.recursive_delete'],
    [shell('tool find . -delete'), 'warn', 'destructive_fs.find_delete'],
    [shell("tool sh -c 'git reset --hard'"), 'warn', 'git_danger.reset_hard'],
    [shell('mywrap rm -rf ~'), 'warn', 'destructive_fs.recursive_delete'],
    [shell('mywrap --retries 3 -- rm -rf ~'), 'warn', 'destructive_fs.recursive_delete'],
    [shell('./scripts/with-env.sh staging git push --force origin main'), 'warn', 'git_danger.force_push'],
    [shell('$RUNNER git clean -fdx'), 'warn', 'git_danger'],
    [shell('sudo mywrap rm -rf /etc'), 'warn', 'destructive_fs'],
    // runners the engine does not unwrap are unknown on purpose
    [shell("ssh-agent sh -c 'git reset --hard'"), 'warn', 'git_danger.reset_hard'],
    [shell('mosh dev-box -- rm -rf ~'), 'warn', 'destructive_fs.recursive_delete'],
    [shell('eval "$(ssh-agent -s)" && ssh-add'), 'allow'],
    // the first known program decides: a data program's words are data
    [shell('tool echo git reset --hard'), 'allow'],
    [shell("tool printf '%s\\n' rm -rf ~"), 'allow'],
    [shell('tool git commit -m wip'), 'allow'],
    [shell("tool git commit -m 'rm -rf ~'"), 'allow'],
    // what the command does, not its spelling: harmless or project-local
    [shell('tool install git'), 'allow'],
    [shell('mytool cat README.md'), 'allow'],
    [shell('brew rm -f node'), 'allow'],
    [shell('tool rm -rf /tmp/scratch'), 'allow'],
    [shell('./run-tests.sh git status'), 'allow'],
    // a function defined on the line is judged through its body
    [shell('f() { echo "$@"; }; f git reset --hard'), 'allow'],
    [shell('f() { "$@"; }; f git reset --hard'), 'deny', 'git_danger.reset_hard'],
    // known programs whose words are data or their own operands
    [shell('echo git reset --hard'), 'allow'],
    [shell('man git reset'), 'allow'],
    [shell('which rm git find'), 'allow'],
    [shell('type rm'), 'allow'],
    [shell('command -V git reset --hard'), 'allow'],
    [shell('apropos rm -rf'), 'allow'],
    [shell('tldr git reset'), 'allow'],
    [shell('grep -r git reset --hard .'), 'allow'],
    [shell('docker run --rm alpine rm -rf /tmp/x'), 'allow'],
  ];
  await runTable(t, rows);
});

test('a here-document or here-string fed to an unknown program may be its script; fed to a data program it is data', async (t) => {
  const rows: Row[] = [
    [shell("custom-tool <<'EOF'\ngit reset --hard\nEOF"), 'warn', 'git_danger.reset_hard'],
    [shell('custom-tool run <<EOF\nmake\nrm -rf ~\nEOF'), 'warn', 'destructive_fs.recursive_delete'],
    [shell("remote-exec host1 <<< 'git push --force origin main'"), 'warn', 'git_danger.force_push'],
    // echo/printf output or a cat here-document piped straight into it
    [shell("cat <<'EOF' | custom-tool\nrm -rf ~\nEOF"), 'warn', 'destructive_fs.recursive_delete'],
    [shell("echo 'git reset --hard' | mytool run"), 'warn', 'git_danger.reset_hard'],
    [shell('echo hello | mytool'), 'allow'],
    // a filter in between changes the text: not judged
    [shell("echo 'git reset --hard' | grep reset | mytool"), 'allow'],
    // the body is harmless, or prose: nothing is guessed on top of a guess
    [shell("custom-tool <<'EOF'\ngit status\nEOF"), 'allow'],
    [shell('notes <<EOF\nplease never run rm -rf / here\nEOF'), 'allow'],
    // data programs and git's message from stdin
    [shell("cat <<'EOF'\ngit reset --hard\nEOF"), 'allow'],
    [shell("tee notes.txt <<'EOF'\nrm -rf ~\nEOF"), 'allow'],
    [shell("grep -c reset <<'EOF'\ngit reset --hard\nEOF"), 'allow'],
    [shell("git commit -F - <<'EOF'\nrevert: git reset --hard in the deploy script\nEOF"), 'allow'],
  ];
  await runTable(t, rows);
});

test('a file written from a here-document by cat or tee and then run on the same line is executed: judged in full', async (t) => {
  const rows: Row[] = [
    [shell("cat > s.sh <<'EOF'\nrm -rf ~\nEOF\nbash s.sh"), 'deny', 'destructive_fs.recursive_delete'],
    [shell("cat <<'EOF' > s.sh\ngit reset --hard\nEOF\nsh s.sh"), 'deny', 'git_danger.reset_hard'],
    [shell("cat > s.sh <<'EOF'\nrm -rf ~\nEOF\nchmod +x s.sh && ./s.sh"), 'deny', 'destructive_fs.recursive_delete'],
    [shell("cat >> s.sh <<< 'rm -rf /etc'\nsource ./s.sh"), 'deny', 'destructive_fs'],
    [shell("tee -a s.sh <<'EOF'\nrm -rf ~\nEOF\n. s.sh"), 'deny', 'destructive_fs.recursive_delete'],
    // `./f` and `f` are one file, for echo too
    [shell("echo 'rm -rf ~' > s.sh && chmod +x s.sh && ./s.sh"), 'deny', 'destructive_fs.recursive_delete'],
    // written but never run, or harmless when run
    [shell("cat > s.sh <<'EOF'\nrm -rf ~\nEOF"), 'allow'],
    [shell("cat > s.sh <<'EOF'\nrm -rf ~\nEOF\nbash other.sh"), 'allow'],
    [shell("cat > s.sh <<'EOF'\nmake test\nEOF\nbash s.sh"), 'allow'],
    // cat also copies a file whose content is unknown: not recorded as the here-document
    [shell("cat header.sh > s.sh <<'EOF'\nrm -rf ~\nEOF\nbash s.sh"), 'allow'],
  ];
  await runTable(t, rows);
});

test('intent without effect is a medium finding: denied under strict, warned under balanced, allowed under permissive', () => {
  for (const cmd of ['1A=2 git reset --hard', 'tool rm -rf ~', "custom-tool <<'EOF'\ngit reset --hard\nEOF", "'git checkout -x;git checkout -f'"]) {
    assert.equal(decide(shell(cmd), policyWith({ security_level: 'strict' })).verdict, 'deny', cmd);
    assert.equal(decide(shell(cmd), policyWith({ security_level: 'balanced' })).verdict, 'warn', cmd);
    assert.equal(decide(shell(cmd), policyWith({ security_level: 'permissive' })).verdict, 'allow', cmd);
    assert.equal(decide(shell(cmd)).severity, 'medium', cmd);
  }
});

test('every reason names the effect and why it may never happen', () => {
  const reason = (cmd: string) => decide(shell(cmd)).reason;
  assert.match(reason('1A=2 git reset --hard'), /^git reset --hard discards .*"1A=2" is not an assignment .*runs nothing: the intent is warned\.$/);
  assert.match(reason("'rm rm -rf ~'"), /deletes the home directory; but bash finds no program named "rm rm -rf ~"/);
  assert.match(reason("tool sh -c 'git reset --hard'"), /discards .* \(inside a sh -c string, inside `sh -c "git reset --hard"`, which the unknown program tool may run as a command, as nice or chrt do\)\.$/);
  assert.match(reason("custom-tool <<'EOF'\nrm -rf ~\nEOF"), /deletes the home directory \(inside a here-document fed to the unknown program custom-tool, which may run it as a shell script\)\.$/);
  assert.match(reason("bash -c 'tool rm -rf ~'"), /\(inside `rm -rf ~`, which the unknown program tool may run as a command, as nice or chrt do\) \(inside a bash -c string\)\.$/);
});

test('the known-program table: wrappers, shells, interpreters and data programs are known; versions do not hide a name', () => {
  for (const name of ['echo', 'printf', 'grep', 'man', 'which', 'type', 'command', 'apropos', 'tldr', 'git', 'docker', 'sudo', 'nice', 'chrt', 'npx', 'bash', 'python3', 'python3.12', 'pip3', 'node', 'gcc-13', 'cat', 'tee']) {
    assert.ok(isKnownProgram(name), name);
  }
  for (const name of ['tool', 'mywrap', 'custom-tool', './run.sh', '$runner', '1a=2', '']) assert.ok(!isKnownProgram(name), name);
});
