import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { missingNodeFlags, SERVER_NODE_FLAGS } from '../src/node-flags.js';

test('npm start runs the server with every recommended Node.js flag', () => {
  const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } };
  const words = pkg.scripts.start.split(/\s+/);
  for (const flag of SERVER_NODE_FLAGS) assert.ok(words.includes(flag), `npm start lacks ${flag}: ${pkg.scripts.start}`);
  assert.deepEqual(missingNodeFlags(words.slice(1, words.indexOf('bin/service')), ''), []);
});

test('missingNodeFlags finds the flags on the command line or in NODE_OPTIONS, in either spelling', () => {
  assert.deepEqual(missingNodeFlags([], ''), [...SERVER_NODE_FLAGS]);
  assert.deepEqual(missingNodeFlags(['--max-semi-space-size=64'], ''), []);
  assert.deepEqual(missingNodeFlags([], '--enable-source-maps  --max_semi_space_size=16'), []);
  assert.deepEqual(missingNodeFlags(['--enable-source-maps'], '--max-old-space-size=4096'), [...SERVER_NODE_FLAGS]);
});
