// Hostile shell inputs (issue #15): deep nesting, long runs of quoting characters, padding.
// Shared by the regression tests (test/policy/bombs.test.ts) and `npm run bench -- bombs`,
// which compares each one's decision time with that of plain text of the same size.

const KIB64 = 65_536;

/** 64 KiB of ordinary words: the baseline a hostile input of the same size is compared with. */
export function plainText(size = KIB64): string {
  const words = ['the', 'build', 'output', 'lists', 'every', 'module', 'and', 'its', 'size', 'in', 'bytes'];
  let s = 'echo';
  for (let i = 0; s.length < size; i++) s += ' ' + words[i % words.length];
  return s.slice(0, size);
}

/** Each bomb by name; all about 64 KiB except the named-size ones from the issue. */
export function shellBombs(size = KIB64): Record<string, string> {
  const rep = (unit: string): string => unit.repeat(Math.floor(size / unit.length));
  return {
    'parens 2,000 after rm -rf ~': 'rm -rf ~; ' + '('.repeat(2000) + ')'.repeat(2000),
    'braces 2,000 after rm -rf ~': 'rm -rf ~; ' + '{ '.repeat(2000) + '}'.repeat(2000),
    'parens 64 KiB': rep('('),
    'backticks 64 KiB': rep('`'),
    'backtick pairs with a command': rep('`a`'),
    '$( 64 KiB': rep('$('),
    '"$( 64 KiB': rep('"$('),
    // Unclosed substitutions as an argument: each one once made the decoder look again from
    // every later `$(` (quadratic; 20 s for 30 KiB).
    'echo then $( 64 KiB': 'echo ' + rep('$('),
    'echo then "$( 64 KiB': 'echo ' + rep('"$('),
    '${ 64 KiB': rep('${'),
    '$(( 64 KiB': rep('$(('),
    '<( 64 KiB': rep('<('),
    'double quotes': rep('"'),
    'single quotes': rep("'"),
    "$' ANSI-C": rep("$'"),
    'backslashes': rep('\\'),
    'escaped letters in a registry-looking word': 'HKEY_' + rep('\\a'),
    'heredoc operators then bodies': rep('<<a ') + '\n' + 'a\n'.repeat(100),
    'bash -c " nesting': rep('bash -c "'),
    'eval chain': rep('eval '),
    'find -exec chain': rep('find . -exec '),
    'function definitions': rep('f(){ '),
    'if keywords': rep('if '),
    'sudo prefixes': rep('sudo '),
    'commands separated by ;': rep('ls;'),
    'echo 120,000 chars then rm -rf ~': 'echo ' + 'x'.repeat(120_000) + ' ; rm -rf ~',
  };
}
