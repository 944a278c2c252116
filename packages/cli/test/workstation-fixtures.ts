// Shared fixtures for the workstation tests: a scratch HOME and project directory, the
// fixed identity and key the expected files are written with, and helpers to read files.
import { mkdtempSync, readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildHookCommands, installRoot } from '../src/install/hook-commands.js';

export const TEST_KEY = 'svc_rt_testkey_0123456789abcdef';
export const TEST_MACHINE_ID = '0123456789abcdef0123456789abcdef';
export const SERVER = 'http://127.0.0.1:4599';
export const COMMANDS = buildHookCommands(process.execPath, installRoot());
export const HOSTNAME = hostname();

export interface Fixture {
  root: string;
  home: string;
  project: string;
  env: NodeJS.ProcessEnv;
}

export function makeFixture(): Fixture {
  const root = mkdtempSync(join(tmpdir(), 'svc-cli-'));
  const home = join(root, 'home');
  const project = join(root, 'project');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    SERVICE_MACHINE_ID: TEST_MACHINE_ID,
    SERVICE_NO_KEYCHAIN: '1',
    // The expected files are written with the Node forwarder's commands (COMMANDS); the curl
    // commands have tests of their own (hook-curl.test.ts and the end-to-end suite).
    SERVICE_HOOK_TRANSPORT: 'node',
  };
  return { root, home, project, env };
}

export function read(path: string): string {
  return readFileSync(path, 'utf8');
}

export function readBytes(path: string): Buffer {
  return readFileSync(path);
}

export function mode(path: string): number {
  return statSync(path).mode & 0o777;
}

/** Every file under dir (relative paths), skipping .git internals. */
export function listFiles(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const rel = prefix ? `${prefix}/${name}` : name;
    if (statSync(path).isDirectory()) {
      if (name !== '.git') out.push(...listFiles(path, rel));
    } else out.push(rel);
  }
  return out.sort();
}

/** JSON as install-hooks writes a file it creates: 2-space indent, trailing newline. */
export function jsonText(value: unknown, indent: string | number = 2, newline = true): string {
  return JSON.stringify(value, null, indent) + (newline ? '\n' : '');
}

export function httpHeaders() {
  return {
    Authorization: `Bearer ${TEST_KEY}`,
    'X-Hostname': HOSTNAME,
    'X-Machine-Id': TEST_MACHINE_ID,
    'X-Service-Installed-By': 'service:install-hooks',
  };
}
