// Workstation identity (spec: check-in behaviour 2): the stable machine_id first, then the
// hostname from the payload, then the X-Hostname header. Values are trimmed and bounded.
import { BadRequestError } from '../http/errors.js';

export interface WorkstationIdentity {
  machineId: string | null;
  hostname: string;
}

const clean = (v: unknown, max: number): string | null => {
  if (typeof v !== 'string') return null;
  const t = v.trim();
  return t === '' ? null : t.slice(0, max);
};

export function resolveIdentity(input: { machineId?: unknown; hostname?: unknown; headerHostname?: unknown; headerMachineId?: unknown }): WorkstationIdentity {
  const machineId = clean(input.machineId, 200) ?? clean(input.headerMachineId, 200);
  const hostname = clean(input.hostname, 255) ?? clean(input.headerHostname, 255);
  if (!machineId && !hostname) {
    throw new BadRequestError('The workstation cannot be identified: send machine_id or hostname in the body, or the X-Machine-Id or X-Hostname header.');
  }
  // A machine known only by its id is still listed by something readable.
  return { machineId, hostname: hostname ?? `machine-${machineId!.slice(0, 12)}` };
}
