// Structured JSON-lines logger. Secrets never reach it by construction (we never pass keys),
// and as a second line of defence any value that looks like one of our keys or a bearer
// token is masked before it is written.
import type { LogLevelName } from './config.js';
import { redactText } from './redaction/redact.js';

const ORDER: Record<LogLevelName, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };
const SECRET_PATTERN = /\b(svc_(?:rt|adm)_[A-Za-z0-9]{6})[A-Za-z0-9]+|\b(Bearer\s+)\S+|\b(whsec_)[A-Za-z0-9]+/g;

export function redactSecrets(text: string): string {
  return text.replace(SECRET_PATTERN, (_m, key?: string, bearer?: string, whsec?: string) =>
    key ? `${key}…` : bearer ? `${bearer}[redacted]` : `${whsec}[redacted]`,
  );
}

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  enabled(level: LogLevelName): boolean;
}

export function createLogger(level: LogLevelName, write: (line: string) => void = (l) => process.stdout.write(l)): Logger {
  const threshold = ORDER[level];
  const emit = (lvl: LogLevelName, msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[lvl] < threshold) return;
    const line = JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...fields });
    // Our own key shapes first, then every secret kind the recorder cuts (redaction/redact.ts).
    write(redactText(redactSecrets(line)).text + '\n');
  };
  return {
    debug: (m, f) => emit('debug', m, f),
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
    enabled: (lvl) => ORDER[lvl] >= threshold,
  };
}
