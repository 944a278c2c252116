import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import { MAX_SKILLS, scanInventory, type Inventory } from '../src/index.js';
import { makeFixture } from './fixture-home.js';

const H = 'home/dev';
const sha256 = (s: string | Buffer) => createHash('sha256').update(s).digest('hex');
const names = (inv: Inventory) => inv.installed_skills.map((s) => `${s.source}:${s.name}`).sort();

describe('skill layouts', () => {
  test('flat files and SKILL.md directories, file name in any case', async (t) => {
    const f = await makeFixture(t);
    await f.write(`${H}/.claude/skills/flat.md`, 'flat skill');
    await f.write(`${H}/.claude/skills/UPPER.MD`, 'upper-case extension');
    await f.write(`${H}/.claude/skills/canonical/SKILL.md`, 'canonical');
    await f.write(`${H}/.claude/skills/lower/skill.MD`, 'mixed case');
    await f.write(`${H}/.claude/skills/camel/Skill.md`, 'camel case');
    await f.write(`${H}/.claude/skills/with-extras/SKILL.md`, 'has scripts');
    await f.write(`${H}/.claude/skills/with-extras/scripts/run.sh`, 'echo');
    await f.write(`${H}/.claude/skills/no-skill-file/README.md`, 'not a skill');
    await f.write(`${H}/.claude/skills/notes.txt`, 'not markdown');
    await f.write(`${H}/.claude/skills/.hidden.md`, 'hidden');
    const inv = await scanInventory({ home: f.home, cwd: f.home });
    assert.deepEqual(names(inv), [
      'global:UPPER',
      'global:camel',
      'global:canonical',
      'global:flat',
      'global:lower',
      'global:with-extras',
    ]);
    assert.deepEqual(inv.warnings, []);
  });

  test('SKILL.md wins over skill.md when both exist', async (t) => {
    const f = await makeFixture(t);
    await f.write(`${H}/.claude/skills/both/skill.md`, 'lower');
    await f.write(`${H}/.claude/skills/both/SKILL.md`, 'canonical');
    const inv = await scanInventory({ home: f.home, cwd: f.home });
    assert.equal(inv.installed_skills.length, 1);
    assert.equal(inv.installed_skills[0].preview, 'canonical');
  });

  test('preview is the first 500 bytes and hash covers the whole file', async (t) => {
    const f = await makeFixture(t);
    const content = '# Big skill\n' + 'x'.repeat(200_000) + '\nsecret at the end';
    const file = await f.write(`${H}/.claude/skills/big/SKILL.md`, content);
    const [skill] = (await scanInventory({ home: f.home, cwd: f.home })).installed_skills;
    assert.equal(skill.preview, content.slice(0, 500));
    assert.equal(skill.hash, sha256(content));
    assert.equal(skill.path, file);
    assert.ok(!JSON.stringify(skill).includes('secret at the end'));
  });

  test('a skill file over the size bound is skipped with a warning', async (t) => {
    const f = await makeFixture(t);
    await f.write(`${H}/.claude/skills/huge.md`, Buffer.alloc(4 * 1024 * 1024 + 1, 0x61));
    await f.write(`${H}/.claude/skills/ok.md`, 'fine');
    const inv = await scanInventory({ home: f.home, cwd: f.home });
    assert.deepEqual(names(inv), ['global:ok']);
    assert.match(inv.warnings.join('\n'), /huge\.md: skipped \(larger than/);
  });

  test(`at most ${MAX_SKILLS} skills are reported`, async (t) => {
    const f = await makeFixture(t);
    await Promise.all(Array.from({ length: MAX_SKILLS + 5 }, (_, i) => f.write(`${H}/.claude/skills/s${String(i).padStart(4, '0')}.md`, `skill ${i}`)));
    const inv = await scanInventory({ home: f.home, cwd: f.home });
    assert.equal(inv.installed_skills.length, MAX_SKILLS);
    assert.match(inv.warnings.join('\n'), /only the first 1000/);
  });

  test('a FIFO named SKILL.md does not hang the scan', { skip: process.platform === 'win32' }, async (t) => {
    const f = await makeFixture(t);
    await f.mkdir(`${H}/.claude/skills/pipe`);
    execFileSync('mkfifo', [f.path(`${H}/.claude/skills/pipe/SKILL.md`)]);
    await f.write(`${H}/.claude/skills/ok.md`, 'fine');
    const inv = await scanInventory({ home: f.home, cwd: f.home });
    assert.deepEqual(names(inv), ['global:ok']);
    assert.match(inv.warnings.join('\n'), /pipe\/SKILL\.md: skipped \(not a regular file\)/);
  });
});

describe('symlinks', () => {
  test('a symlinked skills directory, skill directory and SKILL.md are followed', async (t) => {
    const f = await makeFixture(t);
    await f.write('dotfiles/skills/linked-dir-skill/SKILL.md', 'from dotfiles');
    await f.write('elsewhere/one-skill/SKILL.md', 'linked skill dir');
    await f.write('elsewhere/target.md', 'linked SKILL.md');
    await f.link(f.path('dotfiles/skills'), `${H}/.claude/skills`);
    await f.link(f.path('elsewhere/one-skill'), 'dotfiles/skills/via-link');
    await f.mkdir('dotfiles/skills/file-link');
    await f.link(f.path('elsewhere/target.md'), 'dotfiles/skills/file-link/SKILL.md');
    const inv = await scanInventory({ home: f.home, cwd: f.home });
    assert.deepEqual(names(inv), ['global:file-link', 'global:linked-dir-skill', 'global:via-link']);
  });

  test('symlink loops end without recursion or duplicates', async (t) => {
    const f = await makeFixture(t);
    await f.write(`${H}/.claude/skills/real/SKILL.md`, 'real');
    await f.link('.', `${H}/.claude/skills/to-self-dir`);
    await f.link('..', `${H}/.claude/skills/to-parent`);
    await f.link('self-loop', `${H}/.claude/skills/self-loop`);
    await f.link('b-link', `${H}/.claude/skills/a-link`);
    await f.link('a-link', `${H}/.claude/skills/b-link`);
    await f.link('real', `${H}/.claude/skills/alias`);
    const inv = await scanInventory({ home: f.home, cwd: f.home });
    assert.deepEqual(names(inv), ['global:real']);
    assert.match(inv.warnings.join('\n'), /self-loop: skipped \(symlink loop\)/);
    assert.match(inv.warnings.join('\n'), /to-self-dir: skipped \(symlink loop\)/);
  });

  test('a dangling symlink is ignored quietly', async (t) => {
    const f = await makeFixture(t);
    await f.link(f.path('nowhere'), `${H}/.claude/skills/gone`);
    const inv = await scanInventory({ home: f.home, cwd: f.home });
    assert.deepEqual(inv.installed_skills, []);
    assert.deepEqual(inv.warnings, []);
  });
});

describe('project directories', () => {
  test('cwd and ancestors are scanned as project, bounded by maxAncestors', async (t) => {
    const f = await makeFixture(t);
    await f.write('srv/a/.claude/skills/level3.md', '3');
    await f.write('srv/a/b/.claude/skills/level2.md', '2');
    await f.write('srv/a/b/c/.claude/skills/level1.md', '1');
    await f.write('srv/a/b/c/d/.claude/skills/level0.md', '0');
    const cwd = f.path('srv/a/b/c/d');
    const cases: [number, string[]][] = [
      [0, ['project:level0']],
      [1, ['project:level0', 'project:level1']],
      [2, ['project:level0', 'project:level1', 'project:level2']],
    ];
    for (const [maxAncestors, expected] of cases) {
      assert.deepEqual(names(await scanInventory({ home: f.home, cwd, maxAncestors })), expected, `maxAncestors ${maxAncestors}`);
    }
  });

  test('the nearest project directory wins a name clash', async (t) => {
    const f = await makeFixture(t);
    await f.write('srv/repo/.claude/skills/deploy.md', 'outer');
    await f.write('srv/repo/pkg/.claude/skills/deploy.md', 'inner');
    const inv = await scanInventory({ home: f.home, cwd: f.path('srv/repo/pkg') });
    assert.equal(inv.installed_skills.length, 1);
    assert.equal(inv.installed_skills[0].preview, 'inner');
  });

  test('the home directory is global only: cwd = home counts its skills once', async (t) => {
    const f = await makeFixture(t);
    await f.write(`${H}/.claude/skills/mine.md`, 'mine');
    assert.deepEqual(names(await scanInventory({ home: f.home, cwd: f.home })), ['global:mine']);
  });

  test('walking up from a project under home stops before home', async (t) => {
    const f = await makeFixture(t);
    await f.write(`${H}/.claude/skills/mine.md`, 'mine');
    await f.write(`${H}/code/app/.claude/skills/app-skill.md`, 'app');
    await f.write('home/.claude/skills/above-home.md', 'not a project of this user');
    const inv = await scanInventory({ home: f.home, cwd: f.path(`${H}/code/app/src`), maxAncestors: 10 });
    assert.deepEqual(names(inv), ['global:mine', 'project:app-skill']);
  });

  test('a project skills directory linked to the global one is counted once, as global', async (t) => {
    const f = await makeFixture(t);
    await f.write(`${H}/.claude/skills/shared.md`, 'shared');
    await f.mkdir('srv/app/.claude');
    await f.link(f.path(`${H}/.claude/skills`), 'srv/app/.claude/skills');
    assert.deepEqual(names(await scanInventory({ home: f.home, cwd: f.path('srv/app') })), ['global:shared']);
  });

  test('a home reached through a symlinked path is still recognised', async (t) => {
    const f = await makeFixture(t);
    await f.write(`${H}/.claude/skills/mine.md`, 'mine');
    const alias = await f.link(f.home, 'home-alias');
    assert.deepEqual(names(await scanInventory({ home: f.home, cwd: alias })), ['global:mine']);
  });
});
