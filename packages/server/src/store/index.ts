// The store: one Knex connection (SQLite or MySQL), its schema, the group-commit writer, and
// on SQLite the checkpoint thread.
import type { Knex } from 'knex';
import { KnexAccountsRepo, type AccountsRepo } from './accounts-repo.js';
import { ActivityLogRepo } from './activity-log-repo.js';
import { SqliteCheckpointer } from './checkpointer.js';
import { describeTarget, openKnex, type Dialect, type StoreTarget } from './connection.js';
import { ExceptionsRepo } from './exceptions-repo.js';
import { FleetReadRepo } from './fleet-read-repo.js';
import { FleetRepo } from './fleet-repo.js';
import { GroupCommitWriter } from './group-commit.js';
import { InvestigationsRepo } from './investigations-repo.js';
import { migrateToLatest } from './migrate.js';
import { KnexNotificationsRepo, type NotificationsRepo } from './notifications-repo.js';
import { KnexPageSessionsRepo, type PageSessionsRepo } from './page-sessions-repo.js';
import { PolicyRepo } from './policy-repo.js';
import { RuntimeEventsRepo } from './runtime-events-repo.js';
import { TelemetryRepo } from './telemetry-repo.js';
import { WriterThread } from './writer-client.js';

/** MySQL batches committing at once (SQLite has one writer). */
const MYSQL_BATCHES_IN_FLIGHT = 4;

export interface Store {
  knex: Knex;
  dialect: Dialect;
  writer: GroupCommitWriter;
  /** Fleet and inventory writes (store/fleet-repo.ts; `.inventory` for the inventory). */
  fleet: FleetRepo;
  /** Fleet list, detail, stat cards and hook health (store/fleet-read-repo.ts). */
  fleetReads: FleetReadRepo;
  /** SQLite only: copies the WAL into service.db in the background (store/checkpoint-thread.ts). */
  checkpointer: SqliteCheckpointer | null;
  description: string;
  /** Orgs, users and API keys. */
  accounts: AccountsRepo;
  /** Webhook destinations, routes, deliveries and the delivery worker's claims. */
  notifications: NotificationsRepo;
  /** Admin page sessions. */
  pageSessions: PageSessionsRepo;
  /** The org's runtime policy and its change history. */
  policy: PolicyRepo;
  /** Recorded runtime events read back (chains, recent findings), MCP gateway inventory. */
  runtimeEvents: RuntimeEventsRepo;
  /** Chains and investigations with their evidence. */
  investigations: InvestigationsRepo;
  /** Exception requests and the approved set. */
  exceptions: ExceptionsRepo;
  /** The activity log's reads (appends run in the transaction of each change). */
  activityLog: ActivityLogRepo;
  /** OTLP telemetry lookups and aggregates. */
  telemetry: TelemetryRepo;
  close(): Promise<void>;
}

export async function openStore(target: StoreTarget): Promise<Store> {
  const { knex, dialect } = openKnex(target);
  let thread: WriterThread;
  let checkpointer: SqliteCheckpointer | null = null;
  try {
    await migrateToLatest(knex, dialect);
    // After the migrations, so the threads' connections find the schema in place.
    thread = await WriterThread.start(target, MYSQL_BATCHES_IN_FLIGHT);
    if (dialect === 'sqlite') checkpointer = await SqliteCheckpointer.start(target).catch(async (err) => {
      await thread.close();
      throw err;
    });
  } catch (err) {
    await knex.destroy();
    throw err;
  }
  const writer = new GroupCommitWriter(thread, { maxInFlight: dialect === 'sqlite' ? 1 : MYSQL_BATCHES_IN_FLIGHT });
  let closing: Promise<void> | null = null;
  return {
    knex,
    dialect,
    writer,
    fleet: new FleetRepo(knex, dialect),
    fleetReads: new FleetReadRepo(knex, dialect),
    checkpointer,
    description: describeTarget(target),
    accounts: new KnexAccountsRepo(knex, dialect),
    notifications: new KnexNotificationsRepo(knex, dialect),
    pageSessions: new KnexPageSessionsRepo(knex),
    policy: new PolicyRepo(knex, dialect),
    runtimeEvents: new RuntimeEventsRepo(knex, dialect),
    investigations: new InvestigationsRepo(knex, dialect),
    exceptions: new ExceptionsRepo(knex, dialect),
    activityLog: new ActivityLogRepo(knex, dialect),
    telemetry: new TelemetryRepo(knex, dialect),
    close() {
      closing ??= (async () => {
        await writer.close();
        await checkpointer?.close();
        await knex.destroy();
      })();
      return closing;
    },
  };
}

export type { Dialect, StoreTarget } from './connection.js';
export type { Tx } from './repo.js';
export { GroupCommitWriter, WriterClosedError, type InsertOp } from './group-commit.js';
export { sha256Of, type WireOp } from './batch-insert.js';
export { StoreWriteError } from './writer-client.js';

/** True when a Knex/driver error is a unique-constraint violation, in either dialect. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; errno?: number } | null;
  return e?.code === 'ER_DUP_ENTRY' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
