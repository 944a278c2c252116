// What the logs say about an error: its name, code and message with no data in it. Store errors
// are the reason this exists: knex prefixes a driver's message with the statement and every bound
// value interpolated ("insert into shield_events (...) values ('…whole row…') - UNIQUE constraint
// failed"), and MySQL quotes the offending value ("Duplicate entry 'x' for key ..."). A log line
// names the failure and where it happened; it never carries the row.

const MAX_MESSAGE = 300;

/** `SqliteError (SQLITE_CONSTRAINT_UNIQUE): UNIQUE constraint failed: t.c`, values redacted. */
export function describeError(err: unknown): string {
  if (!(err instanceof Error)) return redactValues(String(err)).slice(0, MAX_MESSAGE);
  const e = err as Error & { code?: unknown; sqlMessage?: unknown; errno?: unknown };
  let message: string;
  if (typeof e.sqlMessage === 'string') message = e.sqlMessage;
  else {
    message = e.message.split('\n')[0];
    // knex: "<statement with values> - <driver message>"; keep the driver's part only.
    const cut = message.lastIndexOf(' - ');
    if (cut >= 0 && /^\s*(select|insert|update|delete|replace|with|create|alter|drop|pragma)\b/i.test(message)) message = message.slice(cut + 3);
  }
  const code = e.code !== undefined ? ` (${String(e.code)})` : '';
  return `${e.name}${code}: ${redactValues(message)}`.slice(0, MAX_MESSAGE);
}

/** The call sites of an error (the stack without its message line), for finding bugs in logs. */
export function stackFrames(err: unknown, max = 12): string | undefined {
  if (!(err instanceof Error) || !err.stack) return undefined;
  const frames = err.stack.split('\n').filter((l) => /^\s+at /.test(l)).slice(0, max).map((l) => l.trim());
  return frames.length > 0 ? frames.join(' | ') : undefined;
}

/** Quoted literals in a message become '?': they are data (a duplicate value, a row's text). */
function redactValues(message: string): string {
  return message.replace(/'(?:[^'\\]|\\.|'')*'/g, "'?'").replace(/"(?:[^"\\]|\\.)*"/g, '"?"');
}
