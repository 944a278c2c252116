// Temporary directory trees for scanner tests: a fake home, projects and a system root, removed
// after the test.
import { mkdir, mkdtemp, rm, symlink, writeFile, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { TestContext } from 'node:test';

export interface Fixture {
  root: string;
  home: string;
  /** Stands in for '/', so /etc/claude-code/managed-settings.json is root/etc/claude-code/... */
  systemRoot: string;
  path(...parts: string[]): string;
  write(relative: string, content: string | Buffer, mode?: number): Promise<string>;
  json(relative: string, value: unknown): Promise<string>;
  mkdir(relative: string): Promise<string>;
  link(target: string, relative: string): Promise<string>;
}

export async function makeFixture(t: TestContext): Promise<Fixture> {
  const root = await mkdtemp(join(tmpdir(), 'scanner-test-'));
  t.after(() => rm(root, { recursive: true, force: true }));
  const path = (...parts: string[]) => join(root, ...parts);
  const home = path('home', 'dev');
  await mkdir(home, { recursive: true });
  const write = async (relative: string, content: string | Buffer, mode?: number) => {
    const file = path(relative);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, content);
    if (mode !== undefined) await chmod(file, mode);
    return file;
  };
  return {
    root,
    home,
    systemRoot: path('sys'),
    path,
    write,
    json: (relative, value) => write(relative, JSON.stringify(value, null, 2)),
    async mkdir(relative) {
      const dir = path(relative);
      await mkdir(dir, { recursive: true });
      return dir;
    },
    async link(target, relative) {
      const at = path(relative);
      await mkdir(dirname(at), { recursive: true });
      await symlink(target, at);
      return at;
    },
  };
}
