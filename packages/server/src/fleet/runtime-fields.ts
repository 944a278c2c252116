// Fields several fleet runtime payloads share: identity, the reporting surface, timestamps.
import { z } from 'zod';
import { identityText } from './identity.js';
import { SURFACES, type Surface } from '../policy/types.js';

export const identityFields = {
  hostname: identityText('hostname').nullish(),
  machine_id: identityText('machine_id').nullish(),
};

export const surfaceEnum = z.enum(SURFACES, { errorMap: () => ({ message: `must be one of ${SURFACES.join(', ')}` }) });

/** `source`, with `tool` accepted as an alias (as on GET /claude-code/health); default claude-code. */
export function pickSurface(body: { source?: Surface | null; tool?: Surface | null }): Surface {
  return body.source ?? body.tool ?? 'claude-code';
}

/** An ISO 8601 timestamp (or epoch milliseconds) as epoch milliseconds; never later than now + 5 minutes. */
export const timeField = z
  .union([z.string().datetime({ offset: true }), z.number().int().nonnegative()], { errorMap: () => ({ message: 'must be an ISO 8601 timestamp' }) })
  .transform((v) => Math.min(typeof v === 'number' ? v : Date.parse(v), Date.now() + 5 * 60_000));
