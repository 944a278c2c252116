// The in-process server the fleet and admin-page benchmarks seed and time: the common flags
// (--store sqlite|mysql, --hosts N, --runs N, --keep NAME), a fresh SQLite directory or MySQL
// database, the server started on it with background sweeps out of the way, and the clean-up.
// --keep NAME keeps the directory or database under a fixed name instead of removing it, and a
// later run with the same name starts on it again (`reused`), so a big fleet is seeded once.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory from 'knex';
import { createLogger, loadConfig, startServer, type RunningServer } from '../packages/server/src/index.js';

export function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

export interface BenchServer {
  store: 'sqlite' | 'mysql';
  hosts: number;
  runs: number;
  server: RunningServer;
  /** A directory of this run (the SQLite data directory); kept with --keep. */
  dir: string;
  /** True when --keep named a directory or database an earlier run left. */
  reused: boolean;
  log(line: string): void;
  /** Stops the server and starts a new one on the same data (a server restart). */
  restart(): Promise<RunningServer>;
  /** Stops the server and removes its directory or database (unless --keep). */
  close(): Promise<void>;
}

export async function startBenchServer(name: string): Promise<BenchServer> {
  const store = arg('store', 'sqlite');
  if (store !== 'sqlite' && store !== 'mysql') throw new Error('--store must be sqlite or mysql');
  const keep = arg('keep', '');
  if (keep && !/^[A-Za-z0-9_]+$/.test(keep)) throw new Error('--keep takes a name of letters, digits and _');
  const dir = keep ? join(tmpdir(), `svc-bench-${name}-${store}-${keep}`) : mkdtempSync(join(tmpdir(), `svc-bench-${name}-`));
  const reused = keep !== '' && existsSync(join(dir, 'seeded.json'));
  if (keep && !reused) rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const mysqlBase = process.env.SERVICE_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
  const db = keep ? `svc_bench_${name}_keep_${keep}` : `svc_bench_${name}_${process.pid}`;
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
    if (!reused) {
      if (keep) await onMysql(`DROP DATABASE IF EXISTS \`${db}\``);
      await onMysql(`CREATE DATABASE \`${db}\` CHARACTER SET utf8mb4`);
    }
    env.DATABASE_URL = `${mysqlBase}/${db}`;
  }
  const start = () => startServer(loadConfig(env), { logger: createLogger('error') });
  const bench: BenchServer = {
    store,
    hosts: Number(arg('hosts', '100000')),
    runs: Number(arg('runs', '20')),
    server: await start(),
    dir,
    reused,
    log: (line) => process.stderr.write(`${line}\n`),
    async restart() {
      await bench.server.stop();
      bench.server = await start();
      return bench.server;
    },
    async close() {
      await bench.server.stop();
      if (keep) return;
      if (store === 'mysql') await onMysql(`DROP DATABASE IF EXISTS \`${db}\``);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return bench;
}
