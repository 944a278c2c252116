// Starting and stopping a server process: open the store (migrating it), build the services,
// listen over HTTP or HTTPS, and on SIGTERM/SIGINT stop accepting, let in-flight requests
// finish, stop the workers, flush the writers and close the store.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { KeyVerifier } from './accounts/key-cache.js';
import { createOrg, hasNoOrg, type CreatedOrg } from './accounts/orgs.js';
import type { AppDeps } from './app-deps.js';
import { createApp, type AppOptions } from './app.js';
import type { ServerConfig } from './config.js';
import { AuthFailureLimiter } from './accounts/auth-failures.js';
import { createLogger, type Logger } from './log.js';
import { missingNodeFlags } from './node-flags.js';
import { openStore, type Store } from './store/index.js';
import { acquireDataDirLock, type DataDirLock } from './store/data-dir-lock.js';
import { FleetRegistry } from './fleet/registry.js';
import { OfflineSweeper } from './fleet/offline-sweep.js';
import { PolicyStore } from './runtime/policy-store.js';
import { DecisionRecorder } from './runtime/recorder.js';
import { ObservedInterest } from './runtime/observed-interest.js';
import { NotificationWorker } from './notifications/worker.js';
import { ChainJudge } from './runtime/chains.js';
import { InvestigationService } from './runtime/investigations.js';
import { ActiveExceptions } from './exceptions/active-set.js';
import { ExceptionExpirySweeper } from './exceptions/expiry-sweep.js';
import { ExceptionWorkflow } from './exceptions/workflow.js';
import { ActivityLog } from './audit/activity-log.js';
import { RuntimeEvents } from './runtime/events.js';
import { Telemetry } from './telemetry/telemetry.js';

export interface RunningServer {
  url: string;
  port: number;
  deps: AppDeps;
  /** Set when this start created the default org (first start of an empty store). */
  bootstrap: CreatedOrg | null;
  stop(): Promise<void>;
}

export async function buildDeps(config: ServerConfig, store: Store, logger: Logger): Promise<AppDeps> {
  const notifications = new NotificationWorker(store.notifications, config, logger);
  const wake = () => notifications.wake();
  const exceptions = new ActiveExceptions(store.exceptions);
  const deps: Omit<AppDeps, 'events'> = {
    config,
    store,
    logger,
    keys: new KeyVerifier(store.accounts, config.keyCacheTtlMs, logger),
    authLimiter: new AuthFailureLimiter(config.authFailuresPerMinute),
    fleet: new FleetRegistry(store.fleet, logger),
    policies: new PolicyStore(store.policy),
    recorder: new DecisionRecorder(store.writer),
    observedInterest: new ObservedInterest(store.runtimeEvents),
    notifications,
    chains: new ChainJudge(store.runtimeEvents, config.chains),
    investigations: new InvestigationService(store.investigations, logger, config.investigationWarnThreshold, config.chains, wake),
    exceptions,
    exceptionWorkflow: new ExceptionWorkflow(store.exceptions, {
      wake,
      changed: (orgId) => {
        exceptions.invalidate(orgId);
        wake();
      },
    }),
    activityLog: new ActivityLog(store.activityLog),
    telemetry: new Telemetry(store.telemetry, store.writer, wake),
  };
  // Event ingestion reaches the hot path's pieces above (fleet, recorder, policies).
  return { ...deps, events: new RuntimeEvents(store.runtimeEvents, deps) };
}

/** Background work of a server process: started after listen, stopped before the store closes. */
function startWorkers(deps: AppDeps): () => Promise<void> {
  deps.fleet.start();
  deps.keys.startUsageFlush();
  const offlineSweep = new OfflineSweeper(deps.store.fleet, deps.logger, deps.config.offlineSweepMs);
  offlineSweep.start();
  const expirySweep = new ExceptionExpirySweeper(deps.store.exceptions, deps.logger, deps.config.exceptionSweepMs, (orgId) => {
    deps.exceptions.invalidate(orgId);
    deps.notifications.wake();
  });
  expirySweep.start();
  deps.notifications.start();
  return async () => {
    await deps.investigations.idle(); // queued chain/investigation work commits before the store closes
    await deps.notifications.stop(); // in-flight webhook attempts are recorded before the store closes
    await expirySweep.stop();
    await offlineSweep.stop();
    await deps.fleet.stop();
    await deps.keys.stopUsageFlush(); // the keys' last_used_at since the last flush
  };
}

export async function startServer(config: ServerConfig, options: { logger?: Logger; store?: Store; checkResponses?: AppOptions['checkResponses'] } = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  // One server per SQLite data directory: the lock is taken before the store is opened.
  const lock = !options.store && !config.databaseUrl ? acquireDataDirLock(config.dataDir) : null;
  let store: Store;
  try {
    store = options.store ?? (await openStore(config));
  } catch (err) {
    lock?.release();
    throw err;
  }
  try {
    return await serve(config, store, logger, lock, options.checkResponses);
  } catch (err) {
    if (!options.store) await store.close();
    lock?.release();
    throw err;
  }
}

async function serve(config: ServerConfig, store: Store, logger: Logger, lock: DataDirLock | null, checkResponses: AppOptions['checkResponses']): Promise<RunningServer> {
  const deps = await buildDeps(config, store, logger);

  const tls = config.tlsCertPath !== null && config.tlsKeyPath !== null;
  const app = createApp(deps, { tls, checkResponses });
  const server = tls
    ? https.createServer({ cert: readFileSync(config.tlsCertPath!), key: readFileSync(config.tlsKeyPath!) }, app.callback())
    : http.createServer(app.callback());
  // Hook clients keep connections open; by default a little longer than common client pools.
  server.keepAliveTimeout = config.keepAliveTimeoutMs;
  // Slow senders: headers must arrive within 30 s and the whole request within the body timeout
  // plus that (Node checks these about every 30 s; the body timeout itself is exact, http/body.ts).
  server.headersTimeout = 30_000;
  server.requestTimeout = Math.max(60_000, config.bodyTimeoutMs + 30_000);
  // Past this many open connections new ones are closed at once (0 = no cap).
  if (config.maxConnections > 0) server.maxConnections = config.maxConnections;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  // The first-start organization is created only once the port is ours: created before a failed
  // listen (a busy port), its keys would be printed by no one and lost for good, and the next
  // start would find an organization and create none.
  let bootstrap: CreatedOrg | null = null;
  if (config.bootstrapDefaultOrg && (await hasNoOrg(store.accounts))) {
    try {
      bootstrap = await createOrg(store.accounts, { name: 'Default', plan: 'enterprise' });
    } catch (err) {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      throw err;
    }
  }
  const stopWorkers = startWorkers(deps);
  const port = (server.address() as AddressInfo).port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const url = `${tls ? 'https' : 'http'}://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  logger.info('server listening', { url, store: store.description });
  const missingFlags = missingNodeFlags();
  if (missingFlags.length > 0) logger.info('Node.js runs without the recommended flags; set NODE_OPTIONS (docs/operations.md, "Node.js flags")', { missing: missingFlags.join(' ') });

  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      logger.info('shutting down: no new connections; finishing in-flight requests');
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      // In-flight requests get a bounded grace period; then remaining sockets are cut.
      const grace = setTimeout(() => server.closeAllConnections(), 10_000);
      await closed;
      clearTimeout(grace);
      await stopWorkers();
      await store.close();
      lock?.release();
      logger.info('shutdown complete');
    })();
    return stopping;
  };
  return { url, port, deps, bootstrap, stop };
}
