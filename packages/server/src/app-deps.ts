// What route handlers can reach. Built once per server process by `createServices`.
import type { KeyVerifier } from './accounts/key-cache.js';
import type { ServerConfig } from './config.js';
import type { AuthFailureLimiter } from './accounts/auth-failures.js';
import type { Logger } from './log.js';
import type { Store } from './store/index.js';
import type { FleetRegistry } from './fleet/registry.js';
import type { PolicyStore } from './runtime/policy-store.js';
import type { DecisionRecorder } from './runtime/recorder.js';
import type { ObservedInterest } from './runtime/observed-interest.js';
import type { NotificationWorker } from './notifications/worker.js';
import type { ChainJudge } from './runtime/chains.js';
import type { InvestigationService } from './runtime/investigations.js';
import type { ActiveExceptions } from './exceptions/active-set.js';
import type { ExceptionWorkflow } from './exceptions/workflow.js';
import type { ActivityLog } from './audit/activity-log.js';
import type { RuntimeEvents } from './runtime/events.js';
import type { Telemetry } from './telemetry/telemetry.js';

export interface AppDeps {
  config: ServerConfig;
  store: Store;
  logger: Logger;
  keys: KeyVerifier;
  authLimiter: AuthFailureLimiter;
  /** Workstation registration and coalesced heartbeats (every runtime endpoint). */
  fleet: FleetRegistry;
  /** The org's compiled policy, cached per version. */
  policies: PolicyStore;
  /** Shield events + outbox rows through the group-commit writer. */
  recorder: DecisionRecorder;
  /** Whether an org's webhook routes listen for activity.observed (cached per second). */
  observedInterest: ObservedInterest;
  /** Webhook delivery worker; wake() after writing outbox rows for the fastest delivery. */
  notifications: NotificationWorker;
  /** Chain judgement of hook calls in their session (SERVICE_CHAINS). */
  chains: ChainJudge;
  /** Chains and investigations, recorded off the hot path. */
  investigations: InvestigationService;
  /** Per org, the approved exceptions in force (checked at most once a second). */
  exceptions: ActiveExceptions;
  /** Exception requests and the admin's steps on them. */
  exceptionWorkflow: ExceptionWorkflow;
  /** Reported events (collectors, MCP gateway), the recent list, MCP inventory sync. */
  events: RuntimeEvents;
  /** The activity log's export and chain verification. */
  activityLog: ActivityLog;
  /** OTLP ingest and the telemetry reads. */
  telemetry: Telemetry;
}
