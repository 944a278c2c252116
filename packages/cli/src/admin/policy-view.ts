// Human rendering of the org policy, shared by `policy show|set` and `skills allow|warn|block`.
import chalk from 'chalk';
import type { PolicyView } from '@service/api';

export type { PolicyView };

const list = (items: string[]) => (items.length ? items.join(', ') : chalk.dim('(none)'));

export function formatPolicy(view: PolicyView): string {
  const p = view.policy;
  return [
    `${chalk.bold('Policy version')} ${view.policy_version}${view.pack_slug ? `  (pack ${view.pack_slug})` : ''}`,
    `  security level    ${p.security_level}`,
    `  auto block        ${p.auto_block ? 'on' : chalk.yellow('off (denies become warnings)')}`,
    `  max input length  ${p.max_input_length}`,
    `  entropy threshold ${p.entropy_threshold}`,
    `  custom blacklist  ${list(p.custom_blacklist)}`,
    `  trusted sources   ${list(p.trusted_sources)}`,
    `  blocked skills    ${list(p.blocked_agent_skills.map((s) => `/${s}`))}`,
    `  warn-only skills  ${list(p.warn_only_agent_skills.map((s) => `/${s}`))}`,
  ].join('\n');
}
