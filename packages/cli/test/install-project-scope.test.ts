// Project scope: no literal key may land in a file that gets committed. Claude Code's hooks
// go to .claude/settings.local.json, which is made git-ignored (through .git/info/exclude,
// local to the clone); every other surface's project file runs the forwarder, which reads
// the key from the user's key file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { HOOK_SURFACES as SURFACES } from '@service/surfaces/forwarder';
import { runInstall, runUninstall } from '../src/install/install-run.js';
import { COMMANDS, listFiles, makeFixture, read, readBytes, SERVER, TEST_KEY } from './workstation-fixtures.js';

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8' });
}

test('project scope writes no literal key into any file git would commit', async () => {
  const fx = makeFixture();
  mkdirSync(fx.project, { recursive: true });
  git(fx.project, 'init', '-q');
  const excludePath = join(fx.project, '.git', 'info', 'exclude');
  const excludeBefore = existsSync(excludePath) ? readBytes(excludePath) : null;

  for (const serverUrl of [SERVER, 'https://service.example.com']) {
    await runInstall({ surfaces: [...SURFACES], scope: 'project', projectDir: fx.project, dryRun: false, env: fx.env, serverUrl, key: TEST_KEY, commands: COMMANDS });
    const candidates = git(fx.project, 'status', '--porcelain', '--untracked-files=all').split('\n').filter(Boolean).map((l) => l.slice(3));
    assert.ok(candidates.includes('.cursor/hooks.json') && candidates.includes('.gemini/settings.json'), `project files are visible to git: ${candidates}`);
    for (const file of candidates) assert.equal(read(join(fx.project, file)).includes(TEST_KEY), false, `${file} must not hold the key`);
    const local = join(fx.project, '.claude', 'settings.local.json');
    assert.ok(read(local).includes(TEST_KEY), 'the local Claude Code settings carry the key');
    assert.equal(candidates.includes('.claude/settings.local.json'), false, 'settings.local.json is ignored by git');
  }
  // Codex trust for the project's hooks lives in the user's config, keyed by the project file.
  assert.ok(read(join(fx.home, '.codex', 'config.toml')).includes(`${join(fx.project, '.codex', 'hooks.json')}:pre_tool_use:0:0`));

  await runUninstall({ surfaces: 'all', scope: 'project', projectDir: fx.project, dryRun: false, env: fx.env });
  assert.deepEqual(listFiles(fx.project), []);
  if (excludeBefore) assert.deepEqual(readBytes(excludePath), excludeBefore, '.git/info/exclude is back as it was');
});

test('project scope outside a git work tree still keeps the key in the local settings file only', async () => {
  const fx = makeFixture();
  mkdirSync(fx.project, { recursive: true });
  await runInstall({ surfaces: ['claude-code', 'cursor'], scope: 'project', projectDir: fx.project, dryRun: false, env: fx.env, serverUrl: SERVER, key: TEST_KEY, commands: COMMANDS });
  assert.deepEqual(listFiles(fx.project), ['.claude/settings.local.json', '.cursor/hooks.json']);
  assert.equal(read(join(fx.project, '.cursor', 'hooks.json')).includes(TEST_KEY), false);
});

test('dry run writes nothing and shows the key masked', async () => {
  const fx = makeFixture();
  const report = await runInstall({ surfaces: ['claude-code'], scope: 'user', dryRun: true, env: fx.env, serverUrl: SERVER, key: TEST_KEY, commands: COMMANDS });
  assert.equal(existsSync(join(fx.home, '.claude')), false);
  const { renderDryRun } = await import('../src/install/report.js');
  const text = renderDryRun(report);
  assert.match(text, /^--- \/dev\/null\n\+\+\+ .*settings\.json\n@@ -0,0 \+1,\d+ @@\n/);
  assert.equal(text.includes(TEST_KEY), false);
  assert.match(text, /Bearer svc_…cdef/);
});
