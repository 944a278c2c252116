// Monitored-workstation limits per plan (spec: Limits). early_adopter is not in the spec's
// table; we give it the Pro limit, the plan early adopters were moved from.
import type { Plan } from '../accounts/orgs.js';

export const WORKSTATION_LIMITS: Record<Plan, number> = {
  free: 1,
  early_adopter: 3,
  pro: 3,
  team: 20,
  enterprise: Number.POSITIVE_INFINITY,
};

export function planLimitMessage(plan: Plan, limit: number): string {
  return `Plan limit reached: the ${plan} plan monitors at most ${limit} workstation${limit === 1 ? '' : 's'}, and this machine is not one of them. Ask your admin to remove an unused workstation (service fleet rm HOST) or upgrade the plan; agents keep working meanwhile.`;
}
