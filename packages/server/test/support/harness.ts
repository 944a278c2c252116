// Test harness: a real server (Koa over HTTP on an ephemeral port) on a real store.
// SERVICE_TEST_STORE=mysql runs against MySQL/MariaDB (SERVICE_TEST_MYSQL_URL, default
// root@127.0.0.1:3306), each test file in a database of its own; otherwise SQLite in a
// temporary directory. No mocks.
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory from 'knex';
import { loadConfig, type ServerConfig } from '../../src/config.js';
import { createOrg, type CreatedOrg, type Plan } from '../../src/accounts/orgs.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { createLogger } from '../../src/log.js';
import type { StoreTarget } from '../../src/store/index.js';
import type { ResponseReport } from '../../src/http/response-check.js';

export const TEST_STORE = process.env.SERVICE_TEST_STORE === 'mysql' ? 'mysql' : 'sqlite';
const MYSQL_BASE = process.env.SERVICE_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';

export interface TestTarget {
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

/** The store a fresh target's environment names, as openStore and openKnex take it. */
export function storeTargetOf(env: Record<string, string>): StoreTarget {
  return { databaseUrl: env.DATABASE_URL ?? null, dataDir: env.SERVICE_DATA_DIR };
}

/** A fresh, empty store target: a temp dir for SQLite, a new database for MySQL. */
export async function freshStoreTarget(store: 'sqlite' | 'mysql' = TEST_STORE): Promise<TestTarget> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-test-'));
  if (store === 'sqlite') {
    return { env: { SERVICE_DATA_DIR: dir }, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const db = `svc_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = knexFactory({ client: 'mysql2', connection: MYSQL_BASE });
  await admin.raw(`CREATE DATABASE \`${db}\` CHARACTER SET utf8mb4`);
  await admin.destroy();
  return {
    env: { SERVICE_DATA_DIR: dir, DATABASE_URL: `${MYSQL_BASE}/${db}` },
    cleanup: async () => {
      const k = knexFactory({ client: 'mysql2', connection: MYSQL_BASE });
      await k.raw(`DROP DATABASE IF EXISTS \`${db}\``);
      await k.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface TestServer extends RunningServer {
  config: ServerConfig;
  /** fetch() against the server with an optional bearer key. */
  call(method: string, path: string, options?: { key?: string; body?: unknown; headers?: Record<string, string>; rawBody?: string }): Promise<{ status: number; body: any; headers: Headers }>;
  newOrg(plan?: Plan, name?: string): Promise<CreatedOrg>;
  close(): Promise<void>;
}

/**
 * Every answer of a test server is checked against the schema its route declares (on unless
 * SERVICE_VALIDATE_RESPONSES=0): the server's close() fails on the first mismatch, so any test
 * that meets an answer its documented schema does not describe fails. The routes called are
 * appended to SERVICE_ROUTE_COVERAGE_FILE when set (npm test reports them against all routes).
 */
function responseChecks(): { observe: (r: ResponseReport) => void; finish(): void } | null {
  if (process.env.SERVICE_VALIDATE_RESPONSES === '0') return null;
  const violations: string[] = [];
  const called = new Set<string>();
  return {
    observe(r) {
      if (r.route) called.add(r.route);
      if (r.violation && violations.length < 20) violations.push(`${r.route ?? '(no route)'} answered ${r.status}: ${r.violation}`);
    },
    finish() {
      const file = process.env.SERVICE_ROUTE_COVERAGE_FILE;
      if (file && called.size) appendFileSync(file, [...called].map((r) => `${r}\n`).join(''));
      if (violations.length) throw new Error(`Answers that do not match their route's declared schema (@service/api):\n${violations.join('\n')}`);
    },
  };
}

export async function startTestServer(extraEnv: Record<string, string> = {}): Promise<TestServer> {
  const target = await freshStoreTarget();
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', SERVICE_NO_BOOTSTRAP: '1', SERVICE_LOG_LEVEL: 'error', ...target.env, ...extraEnv });
  const checks = responseChecks();
  const running = await startServer(config, { logger: createLogger(config.logLevel), checkResponses: checks?.observe });
  const call: TestServer['call'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.key) headers.authorization = `Bearer ${options.key}`;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(running.url + path, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body: parsed, headers: res.headers };
  };
  return {
    ...running,
    config,
    call,
    newOrg: (plan = 'enterprise', name = `Org ${Math.random().toString(36).slice(2, 8)}`) => createOrg(running.deps.store.accounts, { name, plan }),
    async close() {
      await running.stop();
      await target.cleanup();
      checks?.finish();
    },
  };
}
