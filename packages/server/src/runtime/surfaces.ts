// The server's door to @service/surfaces: the same adapters the CLI uses, with a refused payload
// turned into this server's InvalidError, so a route that does nothing special answers 400
// with the spec's error body naming the field (the package itself has no dependencies).
import { normalizeHookCall as normalize, SurfaceInputError, type NormalizeContext } from '@service/surfaces';
import { InvalidError } from '../errors.js';
import type { Surface, ToolCall } from '../policy/types.js';

export { renderAuditAck, renderDecision, SurfaceInputError, type HeaderBag, type NormalizeContext } from '@service/surfaces';

/** A SurfaceInputError as the server's 400; `field` is the body field the agent must fix. */
export class SurfaceBadRequestError extends InvalidError {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
    this.name = 'SurfaceInputError';
  }
}

export function normalizeHookCall(surface: Surface, body: unknown, ctx: NormalizeContext): ToolCall {
  try {
    return normalize(surface, body, ctx);
  } catch (err) {
    if (err instanceof SurfaceInputError) throw new SurfaceBadRequestError(err.message, err.field);
    throw err;
  }
}
