import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { commandBasename, runPostureChecks, scanInventory, type McpServerInventoryEntry } from '../src/index.js';
import { runnerPinning } from '../src/mcp-entries.js';
import { makeFixture } from './fixture-home.js';

const H = 'home/dev';
const SECRETS = ['sk-live-ARGSECRET', 'ENVSECRET-123', 'HEADERSECRET', 'URLSECRET', 'TOMLENVSECRET', 'INLINESECRET'];

const key = (e: McpServerInventoryEntry) => `${e.platform}/${e.source}/${e.name}`;
const byKey = (entries: McpServerInventoryEntry[]) => Object.fromEntries(entries.map((e) => [key(e), e]));

describe('MCP servers of every agent', () => {
  test('Claude Code user, local and project scopes with types and command basenames', async (t) => {
    const f = await makeFixture(t);
    const cwd = f.path('srv/app');
    await f.json(`${H}/.claude.json`, {
      mcpServers: {
        github: { command: '/usr/local/bin/npx', args: ['-y', '@modelcontextprotocol/server-github'], env: { GITHUB_TOKEN: 'ENVSECRET-123' } },
        remote: { type: 'http', url: 'https://mcp.example.com/mcp?key=URLSECRET', headers: { Authorization: 'Bearer HEADERSECRET' } },
        events: { type: 'sse', url: 'https://mcp.example.com/sse' },
      },
      projects: { [cwd]: { mcpServers: { localdb: { command: 'uvx', args: ['mcp-db', '--password', 'sk-live-ARGSECRET'] } } } },
    });
    await f.json(`${H}/.claude/settings.json`, { mcpServers: { fromsettings: { command: 'node', args: ['server.js'] } } });
    await f.json('srv/app/.mcp.json', { mcpServers: { docs: { type: 'http', url: 'https://docs.example.com/mcp' } } });
    await f.json('srv/app/.claude/settings.local.json', { mcpServers: { localsettings: { command: 'C:\\Program Files\\nodejs\\node.exe' } } });
    const inv = await scanInventory({ home: f.home, cwd });
    assert.deepEqual(byKey(inv.installed_mcp_servers), {
      'claude_code/global/github': { name: 'github', type: 'stdio', command: 'npx', source: 'global', platform: 'claude_code' },
      'claude_code/global/remote': { name: 'remote', type: 'http', source: 'global', platform: 'claude_code' },
      'claude_code/global/events': { name: 'events', type: 'sse', source: 'global', platform: 'claude_code' },
      'claude_code/global/fromsettings': { name: 'fromsettings', type: 'stdio', command: 'node', source: 'global', platform: 'claude_code' },
      'claude_code/project/localdb': { name: 'localdb', type: 'stdio', command: 'uvx', source: 'project', platform: 'claude_code' },
      'claude_code/project/docs': { name: 'docs', type: 'http', source: 'project', platform: 'claude_code' },
      'claude_code/project/localsettings': { name: 'localsettings', type: 'stdio', command: 'node.exe', source: 'project', platform: 'claude_code' },
    });
  });

  test('Cursor, Gemini, Codex, Windsurf, Copilot, VS Code and Antigravity files', async (t) => {
    const f = await makeFixture(t);
    const cwd = f.path('srv/app');
    await f.json(`${H}/.cursor/mcp.json`, { mcpServers: { 'cursor-user': { command: 'docker', args: ['run', '-e', 'TOKEN=ENVSECRET-123'] } } });
    await f.json('srv/app/.cursor/mcp.json', { mcpServers: { 'cursor-proj': { url: 'https://x.example.com/sse' } } });
    await f.write(
      `${H}/.gemini/settings.json`,
      '// comments are allowed here\n{ "mcpServers": { "gem-sse": { "url": "https://g.example.com/events" }, "gem-http": { "httpUrl": "https://g.example.com/mcp", }, }, }',
    );
    await f.json('srv/app/.gemini/settings.json', { mcpServers: { 'gem-proj': { command: 'python3', args: ['-m', 'srv'] } } });
    await f.write(
      `${H}/.codex/config.toml`,
      [
        'model = "gpt-5"',
        '[mcp_servers.docs]',
        'command = "/opt/bin/docs-server"',
        'args = ["--token", "sk-live-ARGSECRET"]',
        '[mcp_servers.docs.env]',
        'API_KEY = "TOMLENVSECRET"',
        '[mcp_servers."quoted name"]',
        'url = "https://c.example.com/mcp"',
        '[mcp_servers]',
        'inline = { command = "uvx", args = ["tool"], env = { K = "INLINESECRET" } }',
      ].join('\n'),
    );
    await f.write('srv/app/.codex/config.toml', '[mcp_servers.projcodex]\ncommand = "deno"\n');
    await f.json(`${H}/.codeium/windsurf/mcp_config.json`, { mcpServers: { surf: { serverUrl: 'https://w.example.com/mcp' } } });
    await f.json(`${H}/.copilot/mcp-config.json`, { mcpServers: { cop: { type: 'local', command: 'npx', args: ['-y', 'pkg@1.2.3'] } } });
    await f.write(`${H}/.config/Code/User/mcp.json`, '{ "servers": { "vsuser": { "type": "stdio", "command": "node" } } /* trailing */ }');
    await f.json('srv/app/.vscode/mcp.json', { servers: { vsproj: { type: 'sse', url: 'https://v.example.com/events' } } });
    await f.json(`${H}/.gemini/antigravity/mcp_config.json`, { mcpServers: { agy: { command: 'agy-tool' } } });
    await f.json('srv/app/.agents/mcp_config.json', { mcpServers: { 'agy-proj': { serverUrl: 'https://a.example.com/mcp' } } });
    const inv = await scanInventory({ home: f.home, cwd, platform: 'linux' });
    const found = Object.fromEntries(inv.installed_mcp_servers.map((e) => [key(e), `${e.type}${e.command ? ` ${e.command}` : ''}`]));
    assert.deepEqual(found, {
      'cursor/global/cursor-user': 'stdio docker',
      'cursor/project/cursor-proj': 'sse',
      'gemini/global/gem-sse': 'sse',
      'gemini/global/gem-http': 'http',
      'gemini/project/gem-proj': 'stdio python3',
      'codex/global/docs': 'stdio docs-server',
      'codex/global/quoted name': 'http',
      'codex/global/inline': 'stdio uvx',
      'codex/project/projcodex': 'stdio deno',
      'windsurf/global/surf': 'http',
      'copilot/global/cop': 'stdio npx',
      'copilot/global/vsuser': 'stdio node',
      'copilot/project/vsproj': 'sse',
      'antigravity/global/agy': 'stdio agy-tool',
      'antigravity/project/agy-proj': 'http',
    });
    assert.deepEqual(inv.warnings, []);
  });

  test('secrets in args, env, headers and URLs never appear in the inventory or the posture report', async (t) => {
    const f = await makeFixture(t);
    const cwd = f.path('srv/app');
    const server = {
      command: 'API_KEY=ENVSECRET-123 npx',
      args: ['-y', 'srv', '--api-key', 'sk-live-ARGSECRET'],
      env: { TOKEN: 'ENVSECRET-123' },
      headers: { Authorization: 'Bearer HEADERSECRET' },
    };
    await f.json(`${H}/.claude.json`, { mcpServers: { a: server, b: { url: 'https://h.example.com/URLSECRET/sse', headers: { X: 'HEADERSECRET' } } } });
    await f.json('srv/app/.mcp.json', { mcpServers: { c: { command: 'npx -y pkg --token INLINESECRET' } } });
    await f.json(`${H}/.cursor/mcp.json`, { mcpServers: { d: server } });
    await f.write(`${H}/.codex/config.toml`, '[mcp_servers.e]\ncommand = "npx"\nargs = ["sk-live-ARGSECRET"]\nenv = { K = "TOMLENVSECRET" }\n');
    const inventory = JSON.stringify(await scanInventory({ home: f.home, cwd }));
    const posture = JSON.stringify(await runPostureChecks({ home: f.home, cwd, systemRoot: f.systemRoot }));
    for (const secret of SECRETS) {
      assert.ok(!inventory.includes(secret), `${secret} leaked into the inventory`);
      assert.ok(!posture.includes(secret), `${secret} leaked into the posture report`);
    }
    assert.match(inventory, /"name":"a","type":"stdio","command":"npx"/);
  });
});

describe('malformed configuration', () => {
  test('a malformed file is skipped with a warning and the rest of the scan goes on', async (t) => {
    const f = await makeFixture(t);
    const cwd = f.path('srv/app');
    await f.write(`${H}/.claude.json`, '{"mcpServers": {"leaky": {"command": "x", "env": {"K": "ENVSECRET-123"}}');
    await f.write(`${H}/.claude/settings.json`, '[1, 2]');
    await f.write(`${H}/.codex/config.toml`, '[mcp_servers.bad\ncommand = "x"\n');
    await f.write(`${H}/.cursor/mcp.json`, '{"mcpServers": "not an object"}');
    await f.json(`${H}/.gemini/settings.json`, { mcpServers: { broken: 'nope', empty: {} } });
    await f.json('srv/app/.mcp.json', { mcpServers: { fine: { command: 'node' } } });
    await f.write(`${H}/.claude/skills/still-found.md`, 'ok');
    const inv = await scanInventory({ home: f.home, cwd });
    assert.deepEqual(inv.installed_mcp_servers.map(key), ['claude_code/project/fine']);
    assert.deepEqual(inv.installed_skills.map((s) => s.name), ['still-found']);
    const warnings = inv.warnings.join('\n');
    assert.match(warnings, /\.claude\.json: skipped \(not a valid JSON object\)/);
    assert.match(warnings, /\.claude\/settings\.json: skipped \(not a valid JSON object\)/);
    assert.match(warnings, /config\.toml: skipped \(not valid TOML near line 1\)/);
    assert.match(warnings, /\.cursor\/mcp\.json: MCP servers skipped \(not an object\)/);
    assert.match(warnings, /"broken" skipped \(not an object\)/);
    assert.match(warnings, /"empty" skipped \(neither a command nor a URL\)/);
    assert.ok(!warnings.includes('ENVSECRET'), 'warnings quote no file content');
    // Each file is warned about once even though several parts of the scan read it.
    assert.equal(inv.warnings.filter((w) => w.includes('.claude.json')).length, 1);
  });

  test('an empty settings file is an empty object, not an error', async (t) => {
    const f = await makeFixture(t);
    await f.write(`${H}/.claude/settings.json`, '');
    assert.deepEqual((await scanInventory({ home: f.home, cwd: f.home })).warnings, []);
  });
});

describe('commandBasename', () => {
  const cases: [string, string | undefined][] = [
    ['npx', 'npx'],
    ['/usr/local/bin/node', 'node'],
    ['C:\\Program Files\\nodejs\\node.exe', 'node.exe'],
    ['C:\\Program Files\\nodejs\\npx.cmd -y pkg', 'npx.cmd'],
    ['"/opt/my tools/server" --flag', 'server'],
    ['npx -y @scope/pkg --token SECRET', 'npx'],
    ['TOKEN=secret npx pkg', 'npx'],
    ['${CLAUDE_PLUGIN_ROOT}/servers/db-server', 'db-server'],
    ['   ', undefined],
    ['TOKEN=secret', undefined],
    ['https://example.com', 'example.com'],
  ];
  for (const [command, expected] of cases) test(JSON.stringify(command), () => assert.equal(commandBasename(command), expected));
});

describe('runnerPinning', () => {
  const cases: [string, string[], string][] = [
    ['npx', ['-y', '@modelcontextprotocol/server-github'], 'unpinned'],
    ['npx', ['-y', '@modelcontextprotocol/server-github@1.2.3'], 'pinned'],
    ['npx', ['-y', 'pkg@latest'], 'unpinned'],
    ['npx', ['pkg@^1.2.0'], 'unpinned'],
    ['npx', ['-y', 'pkg@2.0.0-beta.1'], 'pinned'],
    ['npx', ['--package=pkg@1.0.0', 'bin'], 'pinned'],
    ['npx', ['./local-server.js'], 'not_applicable'],
    ['npx.cmd', ['-y', 'pkg'], 'unpinned'],
    ['bunx', ['pkg'], 'unpinned'],
    ['npm', ['exec', 'pkg@1.0.0'], 'pinned'],
    ['pnpm', ['dlx', 'pkg'], 'unpinned'],
    ['uvx', ['mcp-server-git'], 'unpinned'],
    ['uvx', ['mcp-server-git==0.6.2'], 'pinned'],
    ['uvx', ['--from', 'mcp-server-git@0.6.2', 'mcp-server-git'], 'pinned'],
    ['uvx', ['mcp-server-git>=0.6'], 'unpinned'],
    ['pipx', ['run', 'tool'], 'unpinned'],
    ['node', ['server.js'], 'not_applicable'],
    ['docker', ['run', 'image'], 'not_applicable'],
  ];
  for (const [program, args, expected] of cases) {
    test(`${program} ${args.join(' ')}`, () => assert.equal(runnerPinning(program, args), expected));
  }
});
