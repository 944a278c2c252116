// How exceptions are shown on a terminal, and the expiry flag's parser (1m, 1h, 7d).
import { CliError } from '../output/errors.js';
import type { ExceptionView } from '@service/api';

export type ExceptionItem = ExceptionView;

export function printException(out: { log(s: string): void }, e: ExceptionItem): void {
  out.log(`  id:       ${e.id}`);
  out.log(`  status:   ${e.status}`);
  out.log(`  decision: ${e.event_id} (${e.event.summary ?? ''}${e.event.hostname ? ` on ${e.event.hostname}` : ''})`);
  out.log(`  reason:   ${e.reason}`);
  if (e.note) out.log(`  note:     ${e.note}`);
  if (e.scope) {
    const limits = [e.scope.host && `host ${e.scope.host}`, e.scope.user && `user ${e.scope.user}`, e.scope.repository && `repository ${e.scope.repository}`].filter(Boolean).join(', ');
    out.log(`  scope:    ${e.scope.kind} ${JSON.stringify(e.scope.value)}${limits ? ` (${limits})` : ''}`);
  }
  if (e.expires_at) out.log(`  expires:  ${e.expires_at}`);
  if (e.decided_by) out.log(`  decided:  by ${e.decided_by.email ?? e.decided_by.key_id}`);
}

const UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** `90s`, `1m`, `2h`, `7d` → seconds (at most 90 days, the server's bound). */
export function parseExpiry(text: string): number {
  const m = /^(\d+)\s*([smhd])$/.exec(text.trim());
  if (!m) throw new CliError(`--expires takes a number and a unit, like 1m, 1h or 7d (got "${text}").`);
  const seconds = Number(m[1]) * UNITS[m[2]];
  if (seconds <= 0 || seconds > 90 * 86400) throw new CliError('--expires must be between 1s and 90d.');
  return seconds;
}
