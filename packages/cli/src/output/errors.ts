// An error meant for the person at the terminal: one sentence that says what to do.
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}
