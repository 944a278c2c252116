// The in-process server the fleet and admin-page benchmarks seed and time: the common flags
// (--store sqlite|mysql, --hosts N, --runs N), a fresh SQLite directory or MySQL database, the
// server started on it with background sweeps out of the way, and the clean-up.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory from 'knex';
import { createLogger, loadConfig, startServer, type RunningServer } from '../packages/server/src/index.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

export interface BenchServer {
  store: 'sqlite' | 'mysql';
  hosts: number;
  runs: number;
  server: RunningServer;
  log(line: string): void;
  /** Stops the server and removes its directory or database. */
  close(): Promise<void>;
}

export async function startBenchServer(name: string): Promise<BenchServer> {
  const store = arg('store', 'sqlite');
  if (store !== 'sqlite' && store !== 'mysql') throw new Error('--store must be sqlite or mysql');
  const dir = mkdtempSync(join(tmpdir(), `svc-bench-${name}-`));
  const mysqlBase = process.env.SERVICE_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
  const db = `svc_bench_${name}_${process.pid}`;
  const env: Record<string, string> = { PORT: '0', SERVICE_DATA_DIR: dir, SERVICE_NO_BOOTSTRAP: '1', SERVICE_LOG_LEVEL: 'error', SERVICE_OFFLINE_SWEEP_MS: '3600000' };
  const onMysql = async (sql: string) => {
    const admin = knexFactory({ client: 'mysql2', connection: mysqlBase });
    try {
      await admin.raw(sql);
    } finally {
      await admin.destroy();
    }
  };
  if (store === 'mysql') {
    await onMysql(`CREATE DATABASE \`${db}\` CHARACTER SET utf8mb4`);
    env.DATABASE_URL = `${mysqlBase}/${db}`;
  }
  const server = await startServer(loadConfig(env), { logger: createLogger('error') });
  return {
    store,
    hosts: Number(arg('hosts', '100000')),
    runs: Number(arg('runs', '20')),
    server,
    log: (line) => process.stderr.write(`${line}\n`),
    async close() {
      await server.stop();
      if (store === 'mysql') await onMysql(`DROP DATABASE IF EXISTS \`${db}\``);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
