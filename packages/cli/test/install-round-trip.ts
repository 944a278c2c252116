// The round trip every surface must survive: install writes exactly the expected files,
// a second install changes no byte and makes no second backup, uninstall puts every
// original back byte for byte and removes what it created.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { HookSurface as Surface } from '@service/surfaces/forwarder';
import { runInstall, runUninstall } from '../src/install/install-run.js';
import type { Scope } from '../src/install/types.js';
import { COMMANDS, listFiles, readBytes, read, SERVER, TEST_KEY, type Fixture } from './workstation-fixtures.js';

export function writeOriginal(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

export async function install(fx: Fixture, surface: Surface, scope: Scope = 'user', serverUrl = SERVER) {
  return runInstall({ surfaces: [surface], scope, projectDir: fx.project, dryRun: false, env: fx.env, serverUrl, key: TEST_KEY, commands: COMMANDS });
}

export async function uninstall(fx: Fixture, surface: Surface, scope: Scope = 'user') {
  return runUninstall({ surfaces: [surface], scope, projectDir: fx.project, dryRun: false, env: fx.env });
}

/**
 * originals: path → text before install (null = the file did not exist).
 * expected: path → exact text after install.
 */
export async function assertRoundTrip(fx: Fixture, surface: Surface, scope: Scope, originals: Record<string, string | null>, expected: Record<string, string>, serverUrl = SERVER): Promise<void> {
  for (const [path, text] of Object.entries(originals)) if (text !== null) writeOriginal(path, text);
  const filesBefore = listFiles(fx.root);

  await install(fx, surface, scope, serverUrl);
  for (const [path, text] of Object.entries(expected)) assert.equal(read(path), text, `contents of ${path} after install`);
  for (const [path, text] of Object.entries(originals)) {
    if (text !== null) assert.equal(read(`${path}.service-backup`), text, `backup of ${path}`);
    else assert.equal(existsSync(`${path}.service-backup`), false, `no backup for the new file ${path}`);
  }

  const snapshot = new Map(listFiles(fx.root).map((f) => [f, readBytes(`${fx.root}/${f}`)]));
  const again = await install(fx, surface, scope, serverUrl);
  assert.deepEqual(again.changes.map((c) => c.action), again.changes.map(() => 'unchanged'), 'second install changes nothing');
  assert.deepEqual(listFiles(fx.root), [...snapshot.keys()], 'second install creates no file (no second backup)');
  for (const [f, bytes] of snapshot) assert.deepEqual(readBytes(`${fx.root}/${f}`), bytes, `${f} byte-identical after the second install`);

  await uninstall(fx, surface, scope);
  for (const [path, text] of Object.entries(originals)) {
    if (text === null) assert.equal(existsSync(path), false, `${path} (created by install) is removed`);
    else assert.deepEqual(readBytes(path), Buffer.from(text), `${path} restored byte for byte`);
  }
  assert.deepEqual(listFiles(fx.root).filter((f) => !f.endsWith('/.service/machine-id')), filesBefore, 'uninstall leaves exactly the files that were there before');

  const restored = new Map(listFiles(fx.root).map((f) => [f, readBytes(`${fx.root}/${f}`)]));
  const second = await uninstall(fx, surface, scope);
  assert.deepEqual(second.changes.filter((c) => c.action !== 'unchanged'), [], 'a second uninstall changes nothing');
  for (const [f, bytes] of restored) assert.deepEqual(readBytes(`${fx.root}/${f}`), bytes, `${f} untouched by the second uninstall`);
}
