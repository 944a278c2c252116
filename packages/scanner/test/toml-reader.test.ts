import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseCodexConfig } from '../src/codex-config.js';
import { readToml, TomlSyntaxError } from '../src/toml-reader.js';

const all = () => true;

describe('readToml', () => {
  test('tables, dotted and quoted keys, and the four string kinds', () => {
    const doc = readToml(
      [
        'top = "basic \\"quoted\\" \\u00e9"',
        "lit = 'C:\\path\\no-escapes'",
        '[a.b]',
        '"quoted key".x = true',
        "[ 'c' . \"d e\" ] # comment",
        'ml = """',
        'line one',
        '[not.a.table]',
        'command = "not a key"',
        '"""',
        "mll = '''raw\\n'''",
        '[[arr]]',
        'n = 1',
      ].join('\n'),
      all,
    );
    assert.deepEqual(doc.tables, [['a', 'b'], ['c', 'd e'], ['arr', '[]']]);
    assert.deepEqual(doc.statements, [
      { path: ['top'], value: 'basic "quoted" é' },
      { path: ['lit'], value: 'C:\\path\\no-escapes' },
      { path: ['a', 'b', 'quoted key', 'x'], value: true },
      { path: ['c', 'd e', 'ml'], value: 'line one\n[not.a.table]\ncommand = "not a key"\n' },
      { path: ['c', 'd e', 'mll'], value: 'raw\\n' },
      { path: ['arr', '[]', 'n'], value: null },
    ]);
  });

  test('multi-line arrays with comments and trailing commas; inline tables flatten', () => {
    const doc = readToml('args = [\n  "a", # first\n  "b",\n]\nmixed = [1, "x"]\nt = { k = "v", n = { deep = "d" } }\n', all);
    assert.deepEqual(doc.statements, [
      { path: ['args'], value: ['a', 'b'] },
      { path: ['mixed'], value: null },
      { path: ['t', 'k'], value: 'v' },
      { path: ['t', 'n', 'deep'], value: 'd' },
    ]);
  });

  test('values the caller does not want are not returned', () => {
    const doc = readToml('keep = "yes"\nsecret = "no"\n', (p) => p[0] === 'keep');
    assert.deepEqual(doc.statements, [{ path: ['keep'], value: 'yes' }, { path: ['secret'] }]);
  });

  test('a line-ending backslash joins lines in multi-line basic strings', () => {
    const doc = readToml('s = """\\\n   joined \\\n   here"""\n', all);
    assert.deepEqual(doc.statements, [{ path: ['s'], value: 'joined here' }]);
  });

  const malformed: [string, string, number][] = [
    ['unclosed table header', '[a\nb = 1', 1],
    ['unterminated string', 'a = "x\n', 1],
    ['missing value', 'a =\n', 1],
    ['two values on a line', 'a = "x" "y"', 1],
    ['bad escape', 'a = "\\q"', 1],
    ['unterminated array', 'ok = 1\na = [1, 2', 2],
    ['unterminated multi-line string', 'a = """\nnever closed', 2],
  ];
  test('deep nesting is a syntax error, not a stack overflow', () => {
    const deep = 'a = ' + '['.repeat(100_000) + ']'.repeat(100_000);
    assert.throws(() => readToml(deep, all), TomlSyntaxError);
    assert.doesNotThrow(() => readToml('a = ' + '['.repeat(10) + ']'.repeat(10), all));
  });

  for (const [name, text, line] of malformed) {
    test(`malformed: ${name}`, () => {
      assert.throws(
        () => readToml(text, all),
        (err: unknown) => err instanceof TomlSyntaxError && err.line === line,
      );
    });
  }
});

describe('parseCodexConfig', () => {
  test('MCP servers, approval and sandbox settings, and hook commands', () => {
    const config = parseCodexConfig(
      [
        'approval_policy = "never"',
        'sandbox_mode = "danger-full-access"',
        '[profiles.safe]',
        'approval_policy = "on-request"',
        '[mcp_servers.one]',
        'command = "npx"',
        'args = ["-y", "pkg"]',
        '[mcp_servers.one.env]',
        'TOKEN = "secret"',
        '[mcp_servers.envonly.env]',
        'X = "y"',
        '[[hooks.PreToolUse]]',
        'matcher = "Bash"',
        '[[hooks.PreToolUse.hooks]]',
        'type = "command"',
        'command = "service hook --surface codex"',
      ].join('\n'),
    );
    assert.deepEqual(config.approvalPolicies, [
      { scope: 'top level', value: 'never' },
      { scope: 'profile safe', value: 'on-request' },
    ]);
    assert.deepEqual(config.sandboxModes, [{ scope: 'top level', value: 'danger-full-access' }]);
    assert.deepEqual(config.mcpServers, [{ name: 'one', command: 'npx', args: ['-y', 'pkg'] }, { name: 'envonly' }]);
    assert.deepEqual(config.hookCommands, [{ event: 'PreToolUse', command: 'service hook --surface codex' }]);
    assert.ok(!JSON.stringify(config).includes('secret'));
  });
});
