// Severity → verdict. The table is the contract documented in docs/policy.md:
//
// | severity | strict | balanced | permissive |
// |----------|--------|----------|------------|
// | critical | deny   | deny     | deny       |
// | high     | deny   | deny     | warn       |
// | medium   | deny   | warn     | allow (logged) |
// | low      | warn   | allow (logged) | allow (logged) |
// | info     | allow  | allow    | allow      |
//
// With auto_block false nothing is denied: every deny becomes a warn. Strict tightens by
// one step, permissive loosens by one step, but a critical finding is denied at every level
// because the rules only call things critical when they are unrecoverable (wiping a disk,
// running a stranger's script as root, shipping private keys off the machine).
import type { SecurityLevel, Severity, Verdict } from './types.js';

export const VERDICT_TABLE: Record<SecurityLevel, Record<Severity, Verdict>> = {
  strict: { critical: 'deny', high: 'deny', medium: 'deny', low: 'warn', info: 'allow' },
  balanced: { critical: 'deny', high: 'deny', medium: 'warn', low: 'allow', info: 'allow' },
  permissive: { critical: 'deny', high: 'warn', medium: 'allow', low: 'allow', info: 'allow' },
};

export function verdictFor(level: SecurityLevel, severity: Severity, autoBlock: boolean): Verdict {
  const v = VERDICT_TABLE[level][severity];
  return v === 'deny' && !autoBlock ? 'warn' : v;
}
