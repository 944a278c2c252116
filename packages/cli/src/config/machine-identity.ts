// A stable identity for this workstation. Agents send no hostname or machine id in their
// hook payloads, so every hook we install carries these (as headers, or added to the
// payload by the forwarder) and the server keys the workstation record on machine_id.
//
// machine_id is a salted SHA-256 of the OS's own machine identifier, so the raw identifier
// (which other software also uses) never leaves the machine:
//   Linux    /etc/machine-id (or /var/lib/dbus/machine-id), read every time: cheap, and a
//            home directory copied to another machine must not carry the identity along
//   macOS    IOPlatformUUID from ioreg, cached in ~/.service/machine-id (a spawn is too slow
//            for every hook call)
//   Windows  MachineGuid from the registry, cached the same way
//   other    a random id generated once and kept in ~/.service/machine-id
// SERVICE_MACHINE_ID overrides all of it, for fleet scripts that already own an identity.
// Node built-ins only (the hook forwarder imports this).
import { createHash, randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { servicePaths } from './paths.js';
import { readTrimmedFile, writePrivateFile } from './secret-files.js';

export interface MachineIdentity {
  hostname: string;
  machine_id: string;
}

const PRODUCT_SALT = 'agent-fleet-service/machine-id/v1:';

export function hashMachineSource(raw: string): string {
  return createHash('sha256').update(PRODUCT_SALT + raw.trim().toLowerCase()).digest('hex').slice(0, 32);
}

function linuxMachineId(): string | null {
  for (const path of ['/etc/machine-id', '/var/lib/dbus/machine-id']) {
    const raw = readTrimmedFile(path);
    if (raw && /^[0-9a-f]{16,}$/i.test(raw)) return raw;
  }
  return null;
}

async function spawnedMachineId(platform: NodeJS.Platform): Promise<string | null> {
  const { execFileSync } = await import('node:child_process');
  try {
    if (platform === 'darwin') {
      const out = execFileSync('/usr/sbin/ioreg', ['-rd1', '-c', 'IOPlatformExpertDevice'], { encoding: 'utf8', timeout: 2000 });
      return /"IOPlatformUUID"\s*=\s*"([^"]+)"/.exec(out)?.[1] ?? null;
    }
    if (platform === 'win32') {
      const out = execFileSync('reg', ['query', 'HKLM\\SOFTWARE\\Microsoft\\Cryptography', '/v', 'MachineGuid'], { encoding: 'utf8', timeout: 2000 });
      return /MachineGuid\s+REG_SZ\s+(\S+)/.exec(out)?.[1] ?? null;
    }
  } catch {
    // Fall through to a generated id.
  }
  return null;
}

let cached: MachineIdentity | null = null;
let cachedFor = '';

export async function machineIdentity(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): Promise<MachineIdentity> {
  const paths = servicePaths(env);
  const cacheKey = `${paths.home}\0${env.SERVICE_MACHINE_ID ?? ''}\0${platform}`;
  if (cached && cachedFor === cacheKey) return cached;

  let machineId: string | null = null;
  const override = env.SERVICE_MACHINE_ID?.trim();
  if (override) machineId = override.slice(0, 128);
  if (!machineId && platform === 'linux') {
    const raw = linuxMachineId();
    if (raw) machineId = hashMachineSource(raw);
  }
  if (!machineId) {
    const stored = readTrimmedFile(paths.machineIdFile);
    if (stored && /^[0-9a-f-]{16,64}$/i.test(stored)) machineId = stored;
  }
  if (!machineId) {
    const raw = platform === 'linux' ? null : await spawnedMachineId(platform);
    machineId = raw ? hashMachineSource(raw) : randomUUID().replace(/-/g, '');
    try {
      writePrivateFile(paths.machineIdFile, `${machineId}\n`);
    } catch {
      // A read-only home still gets an id for this run; it just will not be stable.
    }
  }
  cached = { hostname: hostname(), machine_id: machineId };
  cachedFor = cacheKey;
  return cached;
}
