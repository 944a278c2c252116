// The one error the surface adapters raise. It carries `status = 400` and `expose = true` (the
// http-errors convention), and the server turns it into its BadRequestError so a route that does
// nothing special answers 400 with the spec's error body; hook-facing routes can catch it by type
// and answer in the agent's own shape instead (spec: Errors rule 1 — agent hook runtimes treat
// non-200 as a hook failure). This package has no dependencies, so it cannot extend the server's class.
export class SurfaceInputError extends Error {
  readonly status = 400;
  readonly expose = true;
  /**
   * @param field the body field that is missing or malformed, as the agent spells it
   *   (`tool_name`, `toolArgs`, `tool_info.command_line`); `(body)` for the body itself.
   */
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
    this.name = 'SurfaceInputError';
  }
}
