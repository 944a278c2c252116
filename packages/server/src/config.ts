// One place for the server's configuration: environment variables, overridden by CLI flags,
// validated at start so a typo fails loudly instead of running with a surprise default.
import { resolve } from 'node:path';
import { parseTrustProxy, type TrustedProxies } from './trusted-proxies.js';

export interface ServerConfig {
  port: number;
  host: string;
  /** Directory of the embedded SQLite store (ignored when databaseUrl is set). */
  dataDir: string;
  /** `mysql://user:pass@host:3306/db`; when unset the embedded SQLite store is used. */
  databaseUrl: string | null;
  /** SQLite durability: NORMAL survives process crashes; FULL also survives power loss. */
  sqliteSynchronous: 'NORMAL' | 'FULL';
  tlsCertPath: string | null;
  tlsKeyPath: string | null;
  /** Trust X-Forwarded-* from these proxies (`1` = a proxy on loopback; else addresses/CIDRs); null = none. */
  trustProxy: TrustedProxies | null;
  /** Accept plain HTTP from non-loopback clients without a TLS-terminating proxy. */
  allowInsecureHttp: boolean;
  /** Largest accepted request body in bytes (413 past it; hook routes: the analysis cap). */
  bodyLimitBytes: number;
  /** Hard ceiling of a hook route's body: read up to here, bulk text cut to bodyLimitBytes; past it a deny. */
  hookBodyLimitBytes: number;
  /** How long a request body may take to arrive once the handler reads it (408, or a verdict on hook routes). */
  bodyTimeoutMs: number;
  /** Open connections the server accepts at once (0 = no cap); further connections are closed at once. */
  maxConnections: number;
  /** How long an idle keep-alive connection stays open. */
  keepAliveTimeoutMs: number;
  logLevel: LogLevelName;
  /** Requests with invalid keys one address may make per minute before it gets 429. */
  authFailuresPerMinute: number;
  /** How long a verified API key is trusted before it is looked up again (revocation bound). */
  keyCacheTtlMs: number;
  /** Multiplies the webhook retry delays (1 = spec: 0 s, ~60 s, ~120 s). */
  webhookRetryScale: number;
  /** How often the offline sweep looks for workstations that crossed the 15-minute window. */
  offlineSweepMs: number;
  /** How often approved exceptions past their expiry are marked expired (SERVICE_EXCEPTION_SWEEP_MS). */
  exceptionSweepMs: number;
  /** Permit webhook receivers on loopback/private addresses (tests and labs only). */
  webhookAllowPrivate: boolean;
  /** Hard deadline of one webhook attempt (connect, send, response), in milliseconds. */
  webhookTimeoutMs: number;
  /** Create a default org and print its keys when the store is empty (`npm start`). */
  bootstrapDefaultOrg: boolean;
  /** Inventory rows of each kind (skills, MCP servers, plugins) one org may hold (inventory/limits.ts). */
  inventoryOrgLimit: number;
  /** Judge each hook call in its session's recent effects (docs/chains.md); SERVICE_CHAINS=off turns it off. */
  chains: boolean;
  /** Warns in one session that open an investigation (docs/chains.md). */
  investigationWarnThreshold: number;
}

export type LogLevelName = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const LOG_LEVELS: LogLevelName[] = ['debug', 'info', 'warn', 'error', 'silent'];

export class ConfigError extends Error {}

type Source = Record<string, string | undefined>;

function intIn(src: Source, name: string, fallback: number, min: number, max: number): number {
  const raw = src[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}").`);
  }
  return value;
}

function numberIn(src: Source, name: string, fallback: number, min: number, max: number): number {
  const raw = src[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a number from ${min} to ${max} (got "${raw}").`);
  }
  return value;
}

function flag(src: Source, name: string): boolean {
  const raw = (src[name] ?? '').trim().toLowerCase();
  if (raw === '' || raw === '0' || raw === 'false' || raw === 'no') return false;
  if (raw === '1' || raw === 'true' || raw === 'yes') return true;
  throw new ConfigError(`${name} must be 1 or 0 (got "${src[name]}").`);
}

function parseSynchronous(raw: string | undefined): 'NORMAL' | 'FULL' {
  const v = (raw ?? '').trim().toUpperCase();
  if (v === '' || v === 'NORMAL') return 'NORMAL';
  if (v === 'FULL') return 'FULL';
  throw new ConfigError(`SERVICE_SQLITE_SYNCHRONOUS must be NORMAL or FULL (got "${raw}").`);
}

/**
 * Builds the configuration from the environment and optional overrides (CLI flags win).
 * Throws ConfigError with a sentence that names the variable and the accepted values.
 */
function parseOnOff(src: Source, name: string, fallback: boolean): boolean {
  const raw = (src[name] ?? '').trim().toLowerCase();
  if (raw === '') return fallback;
  if (raw === 'on' || raw === '1' || raw === 'true' || raw === 'yes') return true;
  if (raw === 'off' || raw === '0' || raw === 'false' || raw === 'no') return false;
  throw new ConfigError(`${name} must be on or off (got "${src[name]}").`);
}

export function loadConfig(env: Source = process.env, overrides: Partial<Record<string, string>> = {}): ServerConfig {
  const src: Source = { ...env };
  for (const [k, v] of Object.entries(overrides)) if (v !== undefined) src[k] = v;

  const databaseUrl = src.DATABASE_URL?.trim() || null;
  if (databaseUrl && !/^mysql2?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with mysql:// (for example mysql://root@127.0.0.1:3306/service); leave it unset for the embedded SQLite store.');
  }
  const tlsCertPath = src.SERVICE_TLS_CERT?.trim() || null;
  const tlsKeyPath = src.SERVICE_TLS_KEY?.trim() || null;
  if ((tlsCertPath === null) !== (tlsKeyPath === null)) {
    throw new ConfigError('Set both SERVICE_TLS_CERT and SERVICE_TLS_KEY to serve HTTPS, or neither.');
  }
  const logLevel = (src.SERVICE_LOG_LEVEL?.trim() || (src.NODE_ENV === 'test' ? 'warn' : 'info')) as LogLevelName;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`SERVICE_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}").`);
  }
  let trustProxy: TrustedProxies | null;
  try {
    trustProxy = parseTrustProxy(src.SERVICE_TRUST_PROXY);
  } catch (err) {
    throw new ConfigError(`SERVICE_TRUST_PROXY must be 1 (a proxy on loopback) or a comma-separated list of IPv4/IPv6 addresses and CIDR ranges: ${(err as Error).message}.`);
  }
  const bodyLimitBytes = intIn(src, 'SERVICE_BODY_LIMIT_BYTES', 1024 * 1024, 1024, 64 * 1024 * 1024);
  const hookBodyLimitBytes = intIn(src, 'SERVICE_HOOK_BODY_LIMIT_BYTES', Math.max(8 * 1024 * 1024, bodyLimitBytes), 1024, 256 * 1024 * 1024);
  if (hookBodyLimitBytes < bodyLimitBytes) {
    throw new ConfigError(`SERVICE_HOOK_BODY_LIMIT_BYTES (${hookBodyLimitBytes}) must be at least SERVICE_BODY_LIMIT_BYTES (${bodyLimitBytes}).`);
  }
  const host = src.HOST?.trim() || '127.0.0.1';

  return {
    port: intIn(src, 'PORT', 8080, 0, 65535),
    host,
    dataDir: resolve(src.SERVICE_DATA_DIR?.trim() || './data'),
    databaseUrl,
    sqliteSynchronous: parseSynchronous(src.SERVICE_SQLITE_SYNCHRONOUS),
    tlsCertPath,
    tlsKeyPath,
    trustProxy,
    allowInsecureHttp: flag(src, 'SERVICE_ALLOW_INSECURE_HTTP'),
    bodyLimitBytes,
    hookBodyLimitBytes,
    bodyTimeoutMs: intIn(src, 'SERVICE_BODY_TIMEOUT_MS', 10_000, 10, 300_000),
    maxConnections: intIn(src, 'SERVICE_MAX_CONNECTIONS', 10_000, 0, 1_000_000),
    keepAliveTimeoutMs: intIn(src, 'SERVICE_KEEP_ALIVE_TIMEOUT_MS', 65_000, 1_000, 600_000),
    logLevel,
    keyCacheTtlMs: intIn(src, 'SERVICE_KEY_CACHE_TTL_MS', 30_000, 0, 60_000),
    authFailuresPerMinute: intIn(src, 'SERVICE_AUTH_FAILURES_PER_MINUTE', 60, 1, 1_000_000),
    webhookRetryScale: numberIn(src, 'SERVICE_WEBHOOK_RETRY_SCALE', 1, 0, 100),
    offlineSweepMs: intIn(src, 'SERVICE_OFFLINE_SWEEP_MS', 30_000, 10, 3_600_000),
    exceptionSweepMs: intIn(src, 'SERVICE_EXCEPTION_SWEEP_MS', 15_000, 10, 3_600_000),
    webhookAllowPrivate: flag(src, 'SERVICE_WEBHOOK_ALLOW_PRIVATE'),
    webhookTimeoutMs: intIn(src, 'SERVICE_WEBHOOK_TIMEOUT_MS', 10_000, 100, 60_000),
    bootstrapDefaultOrg: !flag(src, 'SERVICE_NO_BOOTSTRAP'),
    inventoryOrgLimit: intIn(src, 'SERVICE_INVENTORY_ORG_LIMIT', 1_000_000, 1, 1_000_000_000),
    chains: parseOnOff(src, 'SERVICE_CHAINS', true),
    investigationWarnThreshold: intIn(src, 'SERVICE_INVESTIGATION_WARN_THRESHOLD', 3, 1, 1000),
  };
}
