// The `tool` query parameter of the unified endpoints (spec: "Allowed values of tool").
import { BadRequestError } from '../../http/errors.js';
import { isSurface, SURFACES, type Surface } from '../../policy/types.js';

export function surfaceFromQuery(value: unknown, name = 'tool'): Surface {
  const v = Array.isArray(value) ? value[0] : value;
  if (v === undefined || v === '') throw new BadRequestError(`The query parameter "${name}" is required; allowed values: ${SURFACES.join(', ')}.`);
  if (!isSurface(v)) throw new BadRequestError(`Unknown ${name} "${String(v).slice(0, 40)}"; allowed values: ${SURFACES.join(', ')}.`);
  return v;
}
