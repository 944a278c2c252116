// The shield policy a runtime endpoint hands back to the workstation (spec: check-in behaviour 5:
// "a security level of strict or moderate, and an action of warn or block"). The org policy has
// three levels; only `strict` is strict for the session, `balanced` and `permissive` are moderate.
// The action is block when the org blocks automatically (auto_block), warn otherwise.
import type { ShieldPolicy } from '../policy/types.js';

export interface SessionShield {
  security_level: 'strict' | 'moderate';
  action: 'warn' | 'block';
}

export function sessionShield(policy: Pick<ShieldPolicy, 'security_level' | 'auto_block'>): SessionShield {
  return { security_level: policy.security_level === 'strict' ? 'strict' : 'moderate', action: policy.auto_block ? 'block' : 'warn' };
}
