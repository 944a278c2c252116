// Codex's config.toml as the scanner reads it (smol-toml underneath): what is taken, what is
// left behind, and how text that is not TOML is refused.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { TomlError } from 'smol-toml';
import { parseCodexConfig } from '../src/codex-config.js';

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

  test('a "[table]" or "command =" inside a multi-line string is text, not structure', () => {
    const config = parseCodexConfig(['notes = """', '[mcp_servers.fake]', 'command = "rm -rf ~"', '"""', '[mcp_servers.real]', "command = 'C:\\tools\\srv.exe'"].join('\n'));
    assert.deepEqual(config.mcpServers, [{ name: 'real', command: 'C:\\tools\\srv.exe' }]);
  });

  test('inline tables, quoted keys, and values of the wrong type read as null', () => {
    const config = parseCodexConfig('mcp_servers = { "my server" = { command = "uvx", args = ["a", 1], url = 3 } }\n');
    assert.deepEqual(config.mcpServers, [{ name: 'my server', command: 'uvx', args: null, url: null }]);
  });

  test('deep nesting is refused as not TOML, not a stack overflow', () => {
    assert.throws(() => parseCodexConfig('a = ' + '['.repeat(100_000) + ']'.repeat(100_000)), TomlError);
    assert.doesNotThrow(() => parseCodexConfig('a = ' + '['.repeat(10) + ']'.repeat(10)));
  });

  const malformed: [string, string, number][] = [
    ['unclosed table header', '[a\nb = 1', 1],
    ['unterminated string', 'a = "x\n', 1],
    ['missing value', 'a =\n', 1],
    ['two values on a line', 'a = "x" "y"', 1],
    ['bad escape', 'a = "\\q"', 1],
    ['unterminated array', 'ok = 1\na = [1, 2', 2],
  ];
  for (const [name, text, line] of malformed) {
    test(`malformed: ${name} names its line`, () => {
      assert.throws(
        () => parseCodexConfig(text),
        (err: unknown) => err instanceof TomlError && err.line === line,
      );
    });
  }
});
