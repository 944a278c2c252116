import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { scanInventory } from '../src/index.js';
import { makeFixture, type Fixture } from './fixture-home.js';

const H = 'home/dev';
const CACHE = `${H}/.claude/plugins/cache`;

/** Two plugins from one marketplace in the cache, each with a skill and an MCP server. */
async function twoPlugins(f: Fixture): Promise<void> {
  for (const name of ['on', 'off']) {
    const root = `${CACHE}/mkt/${name}/1.0.0`;
    await f.json(`${root}/.claude-plugin/plugin.json`, { name, version: '1.0.0' });
    await f.write(`${root}/skills/${name}-skill/SKILL.md`, `skill of ${name}`);
    await f.json(`${root}/.mcp.json`, { mcpServers: { db: { command: '${CLAUDE_PLUGIN_ROOT}/bin/db-server', env: { K: 'PLUGINSECRET' } } } });
  }
  await f.json(`${H}/.claude/plugins/installed_plugins.json`, {
    version: 2,
    plugins: {
      'on@mkt': [{ scope: 'user', installPath: f.path(`${CACHE}/mkt/on/1.0.0`), version: '1.0.0' }],
      'off@mkt': [{ scope: 'user', installPath: f.path(`${CACHE}/mkt/off/1.0.0`), version: '1.0.0' }],
    },
  });
}

describe('Claude Code plugins', () => {
  test('enabled and disabled plugins are listed; only enabled plugins contribute skills and MCP servers', async (t) => {
    const f = await makeFixture(t);
    await twoPlugins(f);
    await f.json(`${H}/.claude/settings.json`, { enabledPlugins: { 'on@mkt': true, 'off@mkt': false } });
    const inv = await scanInventory({ home: f.home, cwd: f.home });
    assert.deepEqual(inv.installed_plugins, [
      { full_name: 'on@mkt', version: '1.0.0', platform: 'claude_code', source: 'global', enabled: true },
      { full_name: 'off@mkt', version: '1.0.0', platform: 'claude_code', source: 'global', enabled: false },
    ]);
    assert.deepEqual(
      inv.installed_skills.map((s) => [s.name, s.source, s.preview]),
      [['on:on-skill', 'global', 'skill of on']],
    );
    assert.deepEqual(inv.installed_mcp_servers, [
      { name: 'plugin_on_db', type: 'stdio', command: 'db-server', source: 'global', platform: 'claude_code' },
    ]);
    assert.ok(!JSON.stringify(inv).includes('PLUGINSECRET'));
  });

  test('a plugin not named in enabledPlugins is not enabled', async (t) => {
    const f = await makeFixture(t);
    await twoPlugins(f);
    const inv = await scanInventory({ home: f.home, cwd: f.home });
    assert.ok(inv.installed_plugins.every((p) => !p.enabled));
    assert.deepEqual(inv.installed_skills, []);
  });

  test('project settings override user settings, and the nearest project directory wins', async (t) => {
    const f = await makeFixture(t);
    await twoPlugins(f);
    await f.json(`${H}/.claude/settings.json`, { enabledPlugins: { 'on@mkt': true, 'off@mkt': false } });
    await f.json('srv/repo/.claude/settings.json', { enabledPlugins: { 'off@mkt': true } });
    await f.json('srv/repo/pkg/.claude/settings.local.json', { enabledPlugins: { 'on@mkt': false } });
    const inv = await scanInventory({ home: f.home, cwd: f.path('srv/repo/pkg') });
    assert.deepEqual(
      inv.installed_plugins.map((p) => [p.full_name, p.enabled]),
      [
        ['on@mkt', false],
        ['off@mkt', true],
      ],
    );
    assert.deepEqual(inv.installed_skills.map((s) => s.name), ['off:off-skill']);
  });

  test('managed settings have the last word', async (t) => {
    const f = await makeFixture(t);
    await twoPlugins(f);
    await f.json(`${H}/.claude/settings.json`, { enabledPlugins: { 'on@mkt': true } });
    await f.json('sys/etc/claude-code/managed-settings.json', { enabledPlugins: { 'on@mkt': false } });
    const inv = await scanInventory({ home: f.home, cwd: f.home, systemRoot: f.systemRoot, platform: 'linux' });
    assert.ok(inv.installed_plugins.every((p) => !p.enabled));
  });

  test('a project-scope install applies only in its project', async (t) => {
    const f = await makeFixture(t);
    await f.write(`${CACHE}/mkt/proj/2.0.0/skills/p.md`, 'project plugin skill');
    await f.json(`${H}/.claude/plugins/installed_plugins.json`, {
      version: 2,
      plugins: { 'proj@mkt': [{ scope: 'project', projectPath: f.path('srv/repo'), version: '2.0.0' }] },
    });
    await f.json(`${H}/.claude/settings.json`, { enabledPlugins: { 'proj@mkt': true } });
    const inRepo = await scanInventory({ home: f.home, cwd: f.path('srv/repo/src') });
    assert.deepEqual(inRepo.installed_plugins, [{ full_name: 'proj@mkt', version: '2.0.0', platform: 'claude_code', source: 'project', enabled: true }]);
    assert.deepEqual(inRepo.installed_skills.map((s) => s.name), ['proj:p']);
    const elsewhere = await scanInventory({ home: f.home, cwd: f.path('srv/other') });
    assert.equal(elsewhere.installed_plugins[0].enabled, false);
    assert.deepEqual(elsewhere.installed_skills, []);
  });

  test('the older single-object format of installed_plugins.json is read too', async (t) => {
    const f = await makeFixture(t);
    await f.write(`${CACHE}/mkt/old/0.1.0/skills/legacy.md`, 'legacy');
    await f.json(`${H}/.claude/plugins/installed_plugins.json`, { version: 1, plugins: { 'old@mkt': { version: '0.1.0' } } });
    await f.json(`${H}/.claude/settings.json`, { enabledPlugins: { 'old@mkt': true } });
    const inv = await scanInventory({ home: f.home, cwd: f.home });
    assert.deepEqual(inv.installed_plugins.map((p) => [p.full_name, p.version, p.enabled]), [['old@mkt', '0.1.0', true]]);
    assert.deepEqual(inv.installed_skills.map((s) => s.name), ['old:legacy']);
  });

  test('without installed_plugins.json the cache is listed, newest version directory per plugin', async (t) => {
    const f = await makeFixture(t);
    await f.write(`${CACHE}/mkt/tool/1.0.0/skills/v1.md`, 'old version');
    await new Promise((r) => setTimeout(r, 20));
    await f.write(`${CACHE}/mkt/tool/1.1.0/skills/v2.md`, 'new version');
    await f.json(`${H}/.claude/settings.json`, { enabledPlugins: { 'tool@mkt': true } });
    const inv = await scanInventory({ home: f.home, cwd: f.home });
    assert.deepEqual(inv.installed_plugins, [{ full_name: 'tool@mkt', version: '1.1.0', platform: 'claude_code', source: 'global', enabled: true }]);
    assert.deepEqual(inv.installed_skills.map((s) => s.name), ['tool:v2']);
  });

  test('a malformed installed_plugins.json is reported and the cache is used instead', async (t) => {
    const f = await makeFixture(t);
    await f.write(`${CACHE}/mkt/tool/1.0.0/skills/s.md`, 's');
    await f.write(`${H}/.claude/plugins/installed_plugins.json`, '{ nope');
    const inv = await scanInventory({ home: f.home, cwd: f.home });
    assert.deepEqual(inv.installed_plugins.map((p) => p.full_name), ['tool@mkt']);
    assert.match(inv.warnings.join('\n'), /installed_plugins\.json: skipped \(not a valid JSON object\)/);
  });

  test('manifest skill paths are followed but never outside the plugin directory', async (t) => {
    const f = await makeFixture(t);
    const root = `${CACHE}/mkt/custom/1.0.0`;
    await f.json(`${root}/.claude-plugin/plugin.json`, { name: 'custom', skills: ['./extra-skills', '../../../../../../../outside'] });
    await f.write(`${root}/extra-skills/extra.md`, 'extra');
    await f.write('outside/escaped.md', 'must not be read');
    await f.json(`${H}/.claude/plugins/installed_plugins.json`, { plugins: { 'custom@mkt': [{ version: '1.0.0' }] } });
    await f.json(`${H}/.claude/settings.json`, { enabledPlugins: { 'custom@mkt': true } });
    const inv = await scanInventory({ home: f.home, cwd: f.home });
    assert.deepEqual(inv.installed_skills.map((s) => s.name), ['custom:extra']);
  });

  test('names that would leave the cache are not turned into paths', async (t) => {
    const f = await makeFixture(t);
    await f.write(`${H}/.claude/skills-bait/skills/bait.md`, 'bait');
    await f.json(`${H}/.claude/plugins/installed_plugins.json`, { plugins: { '..@..': [{ version: '..' }] } });
    await f.json(`${H}/.claude/settings.json`, { enabledPlugins: { '..@..': true } });
    const inv = await scanInventory({ home: f.home, cwd: f.home });
    assert.deepEqual(inv.installed_skills, []);
    assert.equal(inv.installed_plugins[0].enabled, false);
  });
});
