// The input of every fleet derivation: a plain object the store builds from one workstation
// row plus a few aggregates. Nothing here reads a clock or a database; `now` is always passed in.
// Every field is optional: a field the store cannot fill is "unknown", and the derivations treat
// unknown as unknown, never as failed (spec: Risk states, "Unknown telemetry is treated as
// unknown, not failed"). docs/fleet-states.md describes where the store gets each field.

/** Epoch milliseconds, a Date, or an ISO 8601 string (what the store's driver returns for SQLite and MySQL). */
export type Timestamp = number | Date | string | null | undefined;

/** The clock value the caller passes in. */
export type Now = number | Date;

export type CredentialState = 'valid' | 'invalid' | 'missing' | 'expired' | 'revoked';
export type ServiceState = 'running' | 'stopped' | 'missing' | 'failed';
export type SandboxStatus = 'enabled' | 'disabled' | 'unknown';

/**
 * How hooks reach the service for one surface: a native HTTP hook, a command hook (the forwarder
 * or the scanner), hooks deployed and pinned by MDM (managed settings, Codex requirements.toml),
 * or an IDE/cowork extension. Each value is one "protection path" in the spec's Mixed state.
 */
export type HookPathType = 'http' | 'command' | 'mdm' | 'extension';

/** Where a surface's hooks are configured; `workspace` covers one project only. */
export type CoverageScope = 'managed' | 'user' | 'workspace';

/** One record per connected or expected surface (the store keys them by surface). */
export interface SurfaceCoverage {
  /** A spec surface value: `claude-code`, `cursor`, `codex`, `cowork`, ... */
  surface: string;
  /** The path currently carrying this surface's hooks. */
  hookType: HookPathType;
  /** true: every expected hook present and enabled; false: one is missing or disabled; null: not checked. */
  expectedHooksHealthy: boolean | null;
  /**
   * Last runtime hook event from this surface (evaluate/audit/check-in). For hookType `mdm`
   * it is the time of the MDM coverage report, which is not runtime evidence.
   */
  lastEventAt: Timestamp;
  scope?: CoverageScope | null;
}

/** A directory-synced person (identity provider). */
export interface DirectoryUser {
  email: string;
  displayName: string;
  department?: string | null;
  jobTitle?: string | null;
}

export interface OwnerInputs {
  /** The user hint of the most recent session (hook payload / check-in). */
  sessionUserHint?: string | null;
  /** The OS account name reported by the scanner, broker or posture upload. */
  osUsername?: string | null;
  /** Creator of the API key the host authenticates with (fleet keys: not the workstation user). */
  keyCreator?: { displayName?: string | null; email?: string | null } | null;
  /**
   * Directory users that may match the hint. The store may pass the org's whole directory or
   * pre-filter it (e-mail prefix or display name equal to the hint, case-insensitively).
   */
  directoryUsers?: readonly DirectoryUser[];
}

export interface WorkstationEvidence {
  // Heartbeat and activity.
  /** Last shield activity of any kind (hook call, check-in, heartbeat): the online clock. */
  lastSeenAt?: Timestamp;
  /** Last runtime status report: POST /shield/heartbeat, native broker report, cowork status check-in, scanner check-in. */
  lastRuntimeHeartbeatAt?: Timestamp;
  /** Last real AI-agent hook activity (prompt, pre/post tool), not heartbeats, scans or self-tests. */
  lastAgentActivityAt?: Timestamp;
  /** First real AI-agent hook activity ever (baseline start). */
  firstAgentActivityAt?: Timestamp;
  /** Last command preflight (PreToolUse-type evaluate) that came through an enforceable hook path. */
  lastLiveEnforceableEventAt?: Timestamp;
  /** Last self-test run by the installer or `service posture`; shown, never proof of live protection. */
  lastSelfTestAt?: Timestamp;
  /** The org is over a reduced plan limit and this host carries the lock marker. */
  overPlanLimit?: boolean;

  // Runtime setup evidence.
  coverage?: readonly SurfaceCoverage[];
  credentialState?: CredentialState | null;
  policyFetchError?: boolean;
  authError?: boolean;
  /** The runtime reported that its last result (policy cache, check) is past its validity. */
  staleResult?: boolean;
  /** State of the local service (native broker / system service); null when the host has none. */
  serviceState?: ServiceState | null;
  repairFailed?: boolean;
  restartRequired?: boolean;
  /** Control tamper evidence, e.g. a hook file whose trust hash no longer matches (Codex then skips it silently). */
  tamperEvidence?: boolean;
  /** MDM, broker or scanner reports that a hook it expected is not configured. */
  missingExpectedHook?: boolean;
  /** MDM inventory or the native broker explicitly reports the expected runtime as not installed. */
  runtimeReportedAbsent?: boolean;
  /** When MDM or a native enrollment first said a runtime should be here (pre-registration). */
  expectedRuntimeSince?: Timestamp;

  // Activity, risk and baseline.
  /** Runtime deny (BLOCK) decisions in the last 7 days. */
  blockedActions7d?: number;
  /** Sessions started in the last 7 days (Activity column). */
  sessions7d?: number;
  /** Sessions ever recorded (baseline learning). */
  sessionsTotal?: number;
  sandbox?: SandboxStatus | null;
  /** Identity conflict seen by the store: one machine id with differing hostnames, clashing MDM records. */
  identityConflict?: boolean;
  /** false when baseline learning is switched off for the org or host. */
  baselineEnabled?: boolean;
  /** The anomaly check flagged activity outside the established baseline. */
  baselineDeviation?: boolean;

  // Provenance.
  /** `native_linux_rpm`, `mdm`, `manual`, `extension`; null when never reported. */
  installSource?: string | null;
  /** `mdm`, `approved`, `service` (native broker); null when none. */
  managementSource?: string | null;
  /** MDM product id as reported (`jamf`, `intune`, `kandji`, ...) or `service` for the native package. */
  mdmProvider?: string | null;
  /** MDM reported AI IDE presence through POST /runtime/managed-coverage. */
  mdmPresenceReported?: boolean;
  /** The host joined through a signed MDM enrollment. */
  mdmEnrollmentSigned?: boolean;
  lastMdmInventoryAt?: Timestamp;
  /** MDM or the broker found an AI IDE/agent with no expected hook (ungoverned). */
  shadowAiPresent?: boolean;

  owner?: OwnerInputs;

  // Versions.
  agentVersion?: string | null;
  /** Newest runtime version known to the service (release feed or newest in the fleet). */
  latestAgentVersion?: string | null;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** spec Limits: online window. */
export const ONLINE_WINDOW_MS = 15 * MINUTE;
/** Decision: a runtime heartbeat is fresh within the same window that makes a host online. */
export const RUNTIME_HEARTBEAT_FRESH_MS = ONLINE_WINDOW_MS;
/** spec Limits: standby inactivity. */
export const STANDBY_INACTIVITY_MS = 24 * HOUR;
/** Decision: "recent" live command preflight for Full Integrity, aligned with the standby window. */
export const LIVE_PREFLIGHT_RECENT_MS = STANDBY_INACTIVITY_MS;
/** Decision: a pre-registered host whose runtime never reported for this long is Missing. */
export const MISSING_GRACE_MS = 24 * HOUR;
/** spec Limits: blocked-actions stat and session count windows. */
export const STATS_WINDOW_MS = 7 * DAY;
/** Decision: MDM inventory older than this is stale. */
export const MDM_INVENTORY_STALE_MS = 7 * DAY;
/** Decision: baseline learning lasts 7 days and at least this many sessions. */
export const BASELINE_LEARNING_MS = 7 * DAY;
export const BASELINE_MIN_SESSIONS = 5;

/** Milliseconds since epoch, or null for absent or unparsable values. */
export function toMs(t: Timestamp): number | null {
  if (t === null || t === undefined) return null;
  const ms = typeof t === 'number' ? t : t instanceof Date ? t.getTime() : Date.parse(t);
  return Number.isFinite(ms) ? ms : null;
}

function nowMs(now: Now): number {
  return typeof now === 'number' ? now : now.getTime();
}

/**
 * Age of a timestamp at `now`; null when unknown. A timestamp slightly in the future (clock skew
 * between server nodes) counts as age 0 rather than as a negative age.
 */
export function ageMs(t: Timestamp, now: Now): number | null {
  const ms = toMs(t);
  if (ms === null) return null;
  return Math.max(0, nowMs(now) - ms);
}

/** True when the timestamp is known and strictly younger than the window. */
export function within(t: Timestamp, now: Now, windowMs: number): boolean {
  const age = ageMs(t, now);
  return age !== null && age < windowMs;
}

/** A trimmed non-empty string, or null. */
export function present(s: string | null | undefined): string | null {
  if (typeof s !== 'string') return null;
  const t = s.trim();
  return t === '' ? null : t;
}
