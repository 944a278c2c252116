import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseShell, SHELL_LIMITS } from '../../src/policy/shell/parser.js';

function commands(src: string): string[] {
  return parseShell(src).commands.map((c) => [c.name, ...c.args].join(' '));
}

test('parser: simple commands, quoting and escapes', () => {
  const cases: [string, string[]][] = [
    ['echo "rm -rf /"', ['echo rm -rf /']],
    ["grep -r 'rm -rf' .", ['grep -r rm -rf .']],
    ['r\\m -rf build', ['rm -rf build']],
    ["r''m -rf build", ['rm -rf build']],
    ["$'\\x72\\x6d' -rf x", ['rm -rf x']],
    ['"/usr/bin/RM" -f a', ['rm -f a']],
    ['echo a\\\nb', ['echo ab']],
    ['ls # rm -rf /', ['ls']],
    ['FOO=1 BAR="x y" make', ['make']],
  ];
  for (const [src, want] of cases) assert.deepEqual(commands(src), want, src);
});

test('parser: lists, pipelines and groups', () => {
  const cases: [string, string[]][] = [
    ['a; b && c || d & e', ['a', 'b', 'c', 'd', 'e']],
    ['a | b | c', ['a', 'b', 'c']],
    ['(a; b) | c', ['a', 'b', 'c']],
    ['{ a; b; } > out', ['a', 'b']],
    ['if test -f x; then rm x; fi', ['test -f x', 'rm x']],
    // A loop over known words runs its body once per word, the variable set to it.
    ['for f in *.log; do rm "$f"; done', ['rm *.log']],
    ['for f in a b; do rm "$f"; done', ['rm a', 'rm b']],
    ['for f in ./a ~/Documents/* b; do rm "$f"; done', ['rm ./a', 'rm ~/Documents/*', 'rm b']],
    ['for f in $(ls); do rm "$f"; done', ['ls', 'rm $f']],
    // A definition runs nothing; the body is read at each call, with the call's arguments.
    ['f() { echo hi; }; f', ['f', 'echo hi']],
  ];
  for (const [src, want] of cases) assert.deepEqual(commands(src), want, src);
  const s = parseShell('curl -s x | sudo bash -s');
  const p = s.pipelines[0];
  assert.equal(p.stages.length, 2);
  assert.equal(p.stages[1][0].name, 'bash');
  assert.equal(p.stages[1][0].elevated, true);
  const grouped = parseShell('(crontab -l; echo x) | crontab -');
  const outer = grouped.pipelines.find((x) => x.stages.length === 2)!;
  assert.deepEqual(outer.stages[0].map((c) => c.name), ['crontab', 'echo']);
});

test('parser: wrappers are unwrapped', () => {
  const cases: [string, string, boolean][] = [
    ['sudo rm -rf /', 'rm', true],
    ['sudo -u root -E rm x', 'rm', true],
    ['doas rm x', 'rm', true],
    ['env -i PATH=/bin FOO=1 rm x', 'rm', false],
    ['nohup nice -n 10 timeout 5 rm x', 'rm', false],
    ['command rm x', 'rm', false],
    ['exec rm x', 'rm', false],
    ['time -p rm x', 'rm', false],
    ['xargs -0 -n 1 rm -rf', 'rm', false],
  ];
  for (const [src, name, elevated] of cases) {
    const c = parseShell(src).commands[0];
    assert.equal(c.name, name, src);
    assert.equal(c.elevated, elevated, src);
  }
  assert.equal(parseShell('env').commands[0].name, 'env', 'a bare wrapper is the command');
  assert.equal(parseShell('command -v rm').commands[0].name, 'command', 'command -v only looks up');
  assert.equal(parseShell('ls | xargs rm -rf').commands[1].dynamicArgs, true);
});

test('parser: nested scripts are parsed recursively', () => {
  const cases: [string, string][] = [
    ["bash -c 'rm -rf ~'", 'rm'],
    ['sh -lc "rm -rf ~"', 'rm'],
    ['zsh -c "rm x"', 'rm'],
    ['eval "rm -rf x"', 'rm'],
    ['echo $(rm -rf x)', 'rm'],
    ['echo `rm x`', 'rm'],
    ['diff <(rm x) y', 'rm'],
    ["su -c 'rm x' root", 'rm'],
    ["ssh host 'rm -rf /var/www'", 'rm'],
    ['find . -name "*.tmp" -exec rm -f {} \\;', 'rm'],
    ["cmd /c rd /s /q C:\\", 'rd'],
    ["powershell -Command Remove-Item -Recurse -Force C:\\", 'remove-item'],
  ];
  for (const [src, inner] of cases) {
    const names = parseShell(src).commands.map((c) => c.name);
    assert.ok(names.includes(inner), `${src} → ${names.join(',')}`);
  }
  const enc = Buffer.from('Remove-Item -Recurse -Force C:\\', 'utf16le').toString('base64');
  assert.ok(parseShell(`powershell -enc ${enc}`).commands.some((c) => c.name === 'remove-item'));
  const sub = parseShell('sudo bash -c "rm -rf /"').commands.find((c) => c.name === 'rm')!;
  assert.equal(sub.elevated, true, 'elevation carries into sh -c');
  assert.equal(parseShell('find . -exec rm {} +').commands[1].parent?.name, 'find');
});

test('parser: redirections and heredocs', () => {
  const c = parseShell('echo hi >> ~/.bashrc 2>&1').commands[0];
  assert.deepEqual(c.redirects.map((r) => [r.op, r.target.text]), [['>>', '~/.bashrc'], ['>&', '1']]);
  assert.deepEqual(c.args, ['hi']);
  const h = parseShell("cat <<'EOF' > out.sh\ncurl x | sh\nEOF\necho done");
  assert.equal(h.commands[0].redirects[0].target.text, 'curl x | sh');
  assert.deepEqual(h.commands.map((x) => x.name), ['cat', 'echo']);
});

test('parser: bounded on hostile input', () => {
  const deep = 'bash -c "'.repeat(50) + 'rm -rf /' + '"'.repeat(50);
  const s = parseShell(deep);
  assert.ok(s.commands.length < 50);
  const long = parseShell('echo a; '.repeat(100_000));
  assert.equal(long.truncated, true);
  // The command bound is 2,000 (was 400); past it the script is marked unanalysable (issue #15).
  assert.ok(long.commands.length <= SHELL_LIMITS.maxCommands);
  assert.match(long.unanalysable ?? '', /cannot be analysed/);
  const unbalanced = parseShell('echo "$(((( `x');
  assert.ok(unbalanced.commands.length >= 1);
});

// Classes a real bash grammar (tree-sitter-bash, mvdan-sh) read right and this parser did not
// (bench/parsers.ts, docs/detection.md "Parser choice").
test('parser: here-document bodies expand unless the delimiter is quoted', () => {
  const cases: [string, string[]][] = [
    ['cat <<EOF\nhello $(rm -rf ~/x)\nEOF', ['rm -rf ~/x', 'cat']],
    ['cat <<-EOF > f\n\t`curl -s x | sh`\n\tEOF\necho after', ['curl -s x', 'sh', 'cat', 'echo after']],
    ["cat <<'EOF'\n$(rm -rf ~/x)\nEOF", ['cat']],
    ['cat <<"EOF"\n$(rm -rf ~/x)\nEOF', ['cat']],
    ['cat <<\\EOF\n$(rm -rf ~/x)\nEOF', ['cat']],
    ['cat <<EOF\nprice: \\$(not run)\nEOF', ['cat']],
  ];
  for (const [src, want] of cases) assert.deepEqual(commands(src), want, src);
});

test('parser: case arms, arithmetic commands, for headers and the function keyword', () => {
  const cases: [string, string[]][] = [
    ['case x in *) rm -rf ~;; esac', ['rm -rf ~']],
    ['case "$1" in\n  start) rm -rf ~ ;;\n  (stop|halt) echo stop ;;\nesac; ls', ['rm -rf ~', 'echo stop', 'ls']],
    ['case $(id -u) in 0) echo root;; esac', ['id -u', 'echo root']],
    ['for ((i=0; i<3; i++)); do touch "f$i"; done', ['touch f$i']],
    ['for (( i = $(id -u); i < 3; i++ )); do :; done', ['id -u', ':']],
    // POSIX sh reads a command-position `((…))` as nested subshells: its words stay commands.
    ['((rm -rf x))', ['rm -rf x']],
    ['for f in $(rm -rf ~/y); do :; done', ['rm -rf ~/y', ':']],
    ['function g { rm -rf "$1"; }; g /tmp/y', ['g /tmp/y', 'rm -rf /tmp/y']],
    ['function h() { ls; }', []],
  ];
  for (const [src, want] of cases) assert.deepEqual(commands(src), want, src);
});
