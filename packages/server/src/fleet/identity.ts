// Workstation identity of registration and report routes (spec: check-in behaviour 2). The rule
// itself (machine_id first, then the hostname; the body, then the headers; trimmed; bounded) is
// @service/surfaces resolveIdentity, which hook routes use too: here a value past the bound is
// refused, where a hook route fits it.
import { hostIdentity, IdentityTooLongError, MAX_IDENTITY_CHARS, resolveIdentity as resolveCandidates, type IdentityCandidates } from '@service/surfaces';
import { z } from 'zod';
import { InvalidError } from '../errors.js';

export { MAX_IDENTITY_CHARS };

/** A hostname or machine id in a request body: trimmed, refused past MAX_IDENTITY_CHARS. */
export const identityText = (field: 'hostname' | 'machine_id') =>
  z.string().trim().max(MAX_IDENTITY_CHARS, `${field} must be at most ${MAX_IDENTITY_CHARS} characters`);

export interface WorkstationIdentity {
  machineId: string | null;
  hostname: string;
}

/** The workstation a registration or report names; a longer-than-bound value or no identity at all is an InvalidError. */
export function resolveIdentity(input: IdentityCandidates): WorkstationIdentity {
  let identity: WorkstationIdentity | null;
  try {
    identity = hostIdentity(resolveCandidates(input, 'refuse'));
  } catch (err) {
    if (err instanceof IdentityTooLongError) throw new InvalidError(err.message);
    throw err;
  }
  if (!identity) {
    throw new InvalidError('The workstation cannot be identified: send machine_id or hostname in the body, or the X-Machine-Id or X-Hostname header.');
  }
  return identity;
}
