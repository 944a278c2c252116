// Argument parsing for `service hook`. Unknown flags are ignored on purpose: a settings file
// written by a newer install-hooks must never make an older forwarder fail, because on
// some surfaces a failing hook blocks every tool call.
export interface HookArgs {
  surface: string | undefined;
  event: string | undefined;
  timeoutMs: number | undefined;
  help: boolean;
}

export function parseHookArgs(argv: readonly string[]): HookArgs {
  const values = new Map<string, string>();
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') {
      help = true;
      continue;
    }
    if (!arg.startsWith('--')) continue;
    const eq = arg.indexOf('=');
    if (eq > 0) {
      values.set(arg.slice(2, eq), arg.slice(eq + 1));
    } else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) {
      values.set(arg.slice(2), argv[++i]);
    }
  }
  const timeout = Number(values.get('timeout-ms'));
  return {
    surface: values.get('surface'),
    event: values.get('event'),
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : undefined,
    help,
  };
}
