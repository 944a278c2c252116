// Workstation identity (spec: check-in behaviour 2): the stable machine_id first, then the
// hostname from the payload, then the X-Hostname header. Values are trimmed and bounded.
import { z } from 'zod';
import { InvalidError } from '../errors.js';

/**
 * Hostnames and machine ids are at most 256 characters (the bound the hook adapters apply;
 * the columns are VARCHAR(256), migration 006). Registration and report routes refuse a longer
 * one with a 400; hook routes, which must answer with a verdict, cut it deterministically
 * (http/surfaces/identity.ts) so it still fits and still tells machines apart.
 */
export const MAX_IDENTITY_CHARS = 256;

/** A hostname or machine id in a request body: trimmed, refused past MAX_IDENTITY_CHARS. */
export const identityText = (field: 'hostname' | 'machine_id') =>
  z.string().trim().max(MAX_IDENTITY_CHARS, `${field} must be at most ${MAX_IDENTITY_CHARS} characters`);

export interface WorkstationIdentity {
  machineId: string | null;
  hostname: string;
}

const clean = (v: unknown, field: 'hostname' | 'machine_id', where: string): string | null => {
  if (typeof v !== 'string') return null;
  const t = v.trim();
  if (t.length > MAX_IDENTITY_CHARS) {
    throw new InvalidError(`${where} ${field === 'hostname' ? 'hostname' : 'machine id'} is ${t.length} characters; ${field} must be at most ${MAX_IDENTITY_CHARS} characters.`);
  }
  return t === '' ? null : t;
};

export function resolveIdentity(input: { machineId?: unknown; hostname?: unknown; headerHostname?: unknown; headerMachineId?: unknown }): WorkstationIdentity {
  const machineId = clean(input.machineId, 'machine_id', 'The') ?? clean(input.headerMachineId, 'machine_id', 'The X-Machine-Id');
  const hostname = clean(input.hostname, 'hostname', 'The') ?? clean(input.headerHostname, 'hostname', 'The X-Hostname');
  if (!machineId && !hostname) {
    throw new InvalidError('The workstation cannot be identified: send machine_id or hostname in the body, or the X-Machine-Id or X-Hostname header.');
  }
  // A machine known only by its id is still listed by something readable.
  return { machineId, hostname: hostname ?? `machine-${machineId!.slice(0, 12)}` };
}
