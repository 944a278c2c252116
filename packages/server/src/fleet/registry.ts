// The one registration path for every surface: resolve the workstation of a request, create
// it on first sight under the plan limit, and refresh its heartbeat.
//
// Race-freedom of the plan limit: creation happens in a transaction that first locks the
// org row (SELECT … FOR UPDATE on MySQL; SQLite serializes writers), then counts and inserts,
// so two server processes can never both register the last allowed workstation.
import { LRUCache } from 'lru-cache';
import type { Plan } from '../accounts/orgs.js';
import { newId } from '../ids.js';
import type { Logger } from '../log.js';
import { outboxRow } from '../outbox.js';
import type { FleetRepo } from '../store/fleet-repo.js';
import { isUniqueViolation } from '../store/index.js';
import { Classifier } from './classify.js';
import { HeartbeatCoalescer, type Activity } from './heartbeats.js';
import type { WorkstationIdentity } from './identity.js';
import { planLimitMessage, WORKSTATION_LIMITS } from './plan-limits.js';

/** Facts a check-in, scan or coverage report may carry about the machine. */
export interface WorkstationDetails {
  platform?: string | null;
  os_version?: string | null;
  agent_version?: string | null;
  sandbox?: 'enabled' | 'disabled' | 'unknown' | null;
  git_remote?: string | null;
  install_source?: string | null;
  management_source?: string | null;
  mdm_provider?: string | null;
  os_username?: string | null;
  user_hint?: string | null;
  display_name?: string | null;
  current_cwd?: string | null;
  current_git_remote?: string | null;
}

export type RegistrationResult =
  | { ok: true; workstationId: string; created: boolean }
  | { ok: false; reason: 'plan_limit'; message: string; limit: number; current: number };

const CACHE_TTL_MS = 60_000;
const CACHE_MAX = 100_000;

export class FleetRegistry {
  private readonly cache = new LRUCache<string, { id: string; expiresAt: number }>({ max: CACHE_MAX });
  readonly heartbeats: HeartbeatCoalescer;
  /** Keeps the stored classification columns fresh (fleet/classify.ts). */
  readonly classifier: Classifier;

  constructor(
    /** The fleet's SQL (also what the report verbs write through). */
    readonly repo: FleetRepo,
    logger: Logger,
  ) {
    this.heartbeats = new HeartbeatCoalescer(repo, logger);
    this.classifier = new Classifier(repo, logger);
    this.heartbeats.onMissing = (ids) => this.forget(ids);
  }

  start(): void {
    this.heartbeats.start();
    this.classifier.start();
  }

  async stop(): Promise<void> {
    await this.heartbeats.stop();
    await this.classifier.stop();
  }

  /** Write pending heartbeats and classify every changed host now (tests, bench, admin tools). */
  async settle(now = Date.now()): Promise<void> {
    await this.heartbeats.flush();
    await this.classifier.runAll(now);
  }

  /**
   * The workstation for this identity, created if new (under the plan limit). With `details`
   * the record is updated at once (check-ins, scans); without, only the coalesced heartbeat.
   */
  async touch(org: { id: string; plan: Plan }, identity: WorkstationIdentity, activity: Activity, details?: WorkstationDetails): Promise<RegistrationResult> {
    const key = `${org.id}\u0000${identity.machineId ?? ''}\u0000${identity.machineId ? '' : identity.hostname}`;
    const now = activity.at;
    const hit = this.cache.get(key);
    let result: RegistrationResult;
    if (hit && hit.expiresAt > now) {
      result = { ok: true, workstationId: hit.id, created: false };
      if (details) await this.updateDetails(org.id, hit.id, identity, details);
    } else {
      result = await this.findOrCreate(org, identity, now, details);
      if (result.ok) {
        this.cache.set(key, { id: result.workstationId, expiresAt: now + CACHE_TTL_MS });
      }
    }
    if (result.ok && activity.heartbeat !== false) this.heartbeats.record(result.workstationId, org.id, activity);
    return result;
  }

  /** Drop cached ids (after a delete here, or when a heartbeat finds the row gone). */
  forget(workstationIds: string[]): void {
    const gone = new Set(workstationIds);
    for (const [k, v] of [...this.cache]) if (gone.has(v.id)) this.cache.delete(k);
  }

  private async lookup(repo: FleetRepo, orgId: string, identity: WorkstationIdentity): Promise<{ id: string; machine_id: string | null } | undefined> {
    if (identity.machineId) {
      const byMachine = await repo.findByMachineId(orgId, identity.machineId);
      if (byMachine) return byMachine;
      // A host first seen without a machine id (an HTTP hook) adopts it on its first scan.
      return repo.findUnidentifiedByHostname(orgId, identity.hostname);
    }
    return repo.findNewestByHostname(orgId, identity.hostname);
  }

  private async findOrCreate(org: { id: string; plan: Plan }, identity: WorkstationIdentity, now: number, details?: WorkstationDetails): Promise<RegistrationResult> {
    const existing = await this.lookup(this.repo, org.id, identity);
    if (existing) {
      await this.updateDetails(org.id, existing.id, identity, details, existing.machine_id);
      return { ok: true, workstationId: existing.id, created: false };
    }
    try {
      return await this.repo.transaction(async (tx) => {
        // Serialize registrations of this org (see the header comment).
        await tx.lockOrgForRegistration(org.id);
        const again = await this.lookup(tx, org.id, identity);
        if (again) return { ok: true as const, workstationId: again.id, created: false };
        const plan = ((await tx.orgPlan(org.id)) ?? org.plan) as Plan;
        const limit = WORKSTATION_LIMITS[plan];
        const current = await tx.countWorkstations(org.id);
        if (current >= limit) {
          return { ok: false as const, reason: 'plan_limit' as const, message: planLimitMessage(plan, limit), limit, current };
        }
        const id = newId(now);
        await tx.insertWorkstation({
          id,
          org_id: org.id,
          machine_id: identity.machineId,
          hostname: identity.hostname,
          first_seen_at: now,
          last_seen_at: now,
          sandbox: details?.sandbox ?? 'unknown',
          ...pickDetails(details),
        });
        await tx.insertOutbox([
          outboxRow({
            orgId: org.id,
            type: 'workstation.registered',
            severity: 'info',
            sourceTable: 'workstations',
            sourceId: id,
            workstationId: id,
            occurredAt: now,
            data: {
              host: { hostname: identity.hostname, platform: details?.platform ?? null },
              evidence: { title: `New workstation ${identity.hostname}`, summary: `${identity.hostname} registered on its first agent event.`, details: { machine_id_present: identity.machineId !== null } },
            },
          }),
        ]);
        return { ok: true as const, workstationId: id, created: true };
      });
    } catch (err) {
      // Another process registered the same machine id between our lookup and insert.
      if (isUniqueViolation(err)) {
        const winner = await this.lookup(this.repo, org.id, identity);
        if (winner) return { ok: true, workstationId: winner.id, created: false };
      }
      throw err;
    }
  }

  private async updateDetails(orgId: string, id: string, identity: WorkstationIdentity, details?: WorkstationDetails, knownMachineId?: string | null): Promise<void> {
    const update: Record<string, unknown> = pickDetails(details);
    if (identity.machineId && knownMachineId === null) update.machine_id = identity.machineId;
    if (details && identity.hostname && !identity.hostname.startsWith('machine-')) update.hostname = identity.hostname;
    if (Object.keys(update).length === 0) return;
    try {
      await this.repo.updateDetails(orgId, id, update);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err; // machine id already taken by another row: keep both as they are
    }
  }
}

function pickDetails(details?: WorkstationDetails): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!details) return out;
  for (const [k, v] of Object.entries(details)) if (v !== undefined && v !== null && v !== '') out[k] = v;
  return out;
}
