// The session-start check-in answers with a coarse view of the policy (spec: POST
// /api/v1/claude-code/checkin: security level strict or moderate, action warn or block).
import type { ShieldPolicy } from './types.js';

export interface CheckinSecurity {
  security_level: 'strict' | 'moderate';
  action: 'warn' | 'block';
}

/** strict stays strict; balanced and permissive are reported as moderate. */
export function securityLevelForCheckin(policy: ShieldPolicy): CheckinSecurity {
  return { security_level: policy.security_level === 'strict' ? 'strict' : 'moderate', action: policy.auto_block ? 'block' : 'warn' };
}
