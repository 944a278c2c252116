// Shared pieces of the benchmarks: spawning a real server process on a fresh store and
// reading its first-start keys, and small statistics.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import { SERVER_NODE_FLAGS } from '../packages/server/src/node-flags.js';
import { openKnex } from '../packages/server/src/store/connection.js';
import { freshStoreTarget, storeTargetOf } from '../packages/server/test/support/harness.js';

export const REPO_ROOT = join(fileURLToPath(import.meta.url), '..', '..');

/**
 * Every red-team set in test/policy/redteam (redteam.jsonl, redteam-2.jsonl, …) in number order:
 * a set added there is benchmarked and snapshotted without another list to keep.
 */
export function redTeamSets(): string[] {
  const dir = join(REPO_ROOT, 'test/policy/redteam');
  const number = (name: string) => Number(/^redteam-(\d+)\.jsonl$/.exec(name)?.[1] ?? 1);
  return readdirSync(dir)
    .filter((name) => /^redteam(?:-\d+)?\.jsonl$/.test(name))
    .sort((a, b) => number(a) - number(b))
    .map((name) => join(dir, name));
}

export interface ServerProcess {
  url: string;
  adminKey: string;
  runtimeKey: string;
  env: Record<string, string>;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** A fresh store: a temp dir (SQLite) or a new database (MySQL); the test harness makes it. */
export async function freshStore(store: 'sqlite' | 'mysql'): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const target = await freshStoreTarget(store);
  return { env: target.env, drop: target.cleanup };
}

/** A Knex connection to a store made by freshStore (read what a stopped server committed). */
export function storeKnex(storeEnv: Record<string, string>): Knex {
  return openKnex(storeTargetOf(storeEnv)).knex;
}

/**
 * Starts `service server start --json` as a child process and reads its URL and first-start keys.
 * Node runs with the flags a deployment is meant to use (`npm start` passes the same ones).
 */
export async function startServerProcess(storeEnv: Record<string, string>, extraEnv: Record<string, string> = {}, nodeArgs: string[] = [...SERVER_NODE_FLAGS]): Promise<ServerProcess> {
  const env = { ...process.env, PORT: '0', SERVICE_LOG_LEVEL: 'warn', ...storeEnv, ...extraEnv } as Record<string, string>;
  delete env.SERVICE_NO_BOOTSTRAP;
  const child = spawn(process.execPath, [...nodeArgs, join(REPO_ROOT, 'bin', 'service'), 'server', 'start', '--json'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  const started = await new Promise<{ url: string; bootstrap: { admin_key: string; runtime_key: string } | null }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s: ${err}`)), 60_000);
    child.stdout!.on('data', (d) => {
      out += d;
      try {
        const doc = JSON.parse(out);
        clearTimeout(timer);
        resolve(doc);
      } catch {
        /* wait for the whole document */
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${err}`)));
  }).catch((e) => {
    child.kill('SIGKILL'); // never leave a server behind a failed start
    throw e;
  });
  return {
    url: started.url,
    // Empty when the store already had an org (or SERVICE_NO_BOOTSTRAP=1): no keys were printed.
    adminKey: started.bootstrap?.admin_key ?? '',
    runtimeKey: started.bootstrap?.runtime_key ?? '',
    env,
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))];
}
