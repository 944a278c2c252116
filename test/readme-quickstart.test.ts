// The README's quick start, as written: after the server's first start, the three commands of
// its second code block (read from README.md, so the test and the page cannot drift apart) end
// with this workstation in `fleet ls` and the example's denied call in its events.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshStore, startServerProcess } from '../bench/support.js';
import { TEST_STORE } from '../packages/server/test/support/harness.js';

const ROOT = join(fileURLToPath(import.meta.url), '..', '..');

function quickStartCommands(): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Quick start'), readme.indexOf('## Documentation'));
  const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]);
  const commands = blocks[blocks.length - 1].split('\n').map((line) => line.replace(/\s+#.*$/, '').trim()).filter(Boolean);
  assert.equal(commands.length, 3, `the quick start ends with three commands: ${JSON.stringify(commands)}`);
  return commands;
}

test("the README quick start ends with a workstation in fleet ls and one denied call in its events", async () => {
  const commands = quickStartCommands();
  const store = await freshStore(TEST_STORE);
  const server = await startServerProcess(store.env);
  try {
    const env = { ...process.env, SERVICE_URL: server.url, SERVICE_API_KEY: server.runtimeKey, SERVICE_ADMIN_KEY: server.adminKey, SERVICE_NO_KEYCHAIN: '1', NO_COLOR: '1' };
    delete env.SERVICE_MACHINE_ID;
    const out = commands.map((command) => spawnSync('/bin/sh', ['-c', command], { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 }));
    for (const [i, r] of out.entries()) assert.equal(r.status, 0, `${commands[i]}: ${r.stderr}`);
    assert.equal(JSON.parse(out[0].stdout).hookSpecificOutput.permissionDecision, 'deny');
    assert.ok(out[1].stdout.includes(hostname()), out[1].stdout);
    assert.match(out[2].stdout, /Recent shield events[\s\S]*deny[\s\S]*Bash/);
  } finally {
    await server.stop();
    await store.drop();
  }
});
