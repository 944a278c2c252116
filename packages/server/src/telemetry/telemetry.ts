// The telemetry domain as routes reach it: OTLP ingest, and the three Enterprise reads.
import type { GroupCommitWriter } from '../store/index.js';
import type { TelemetryRepo } from '../store/telemetry-repo.js';
import { TelemetryIngest } from './ingest.js';
import { otlpHealth, otlpSetupHealth, otlpUsageCosts } from './reads.js';

export class Telemetry {
  /** Ingest of OTLP log records (tests and the benchmark read its stats). */
  readonly ingest: TelemetryIngest;

  constructor(
    private readonly repo: TelemetryRepo,
    writer: GroupCommitWriter,
    /** Called after outbox rows are committed (the notification worker's wake). */
    private readonly wake: () => void,
  ) {
    this.ingest = new TelemetryIngest({ repo, writer, wake });
  }

  health(orgId: string) {
    return otlpHealth(this.repo, orgId);
  }

  setupHealth(orgId: string) {
    return otlpSetupHealth(this.repo, orgId);
  }

  /** Usage and cost over the last `days` days; a new cost anomaly writes its event once. */
  usageCosts(orgId: string, days: number) {
    return otlpUsageCosts(this.repo, orgId, days, Date.now(), this.wake);
  }
}
