// Skill risk scoring (spec: "Skill inventory entry", risk flags table).
//
// The server stores the score of what workstations report and the CLI prints the same score
// locally, so this module is pure and deterministic: same preview in, same result out, no I/O,
// no locale, no clock. Scoring looks at the 500-byte preview only, never the full file.
//
// Matching rules, one flag per table row, each flag counted at most once:
//   credential_access  "secret", "token", "password", "api_key" (also api-key / apikey), singular
//                      or plural, as a word not glued to other letters: GITHUB_TOKEN and
//                      client_secret and accessToken match; "tokenizer" and "secretary" do not.
//   destructive_ops    rm with both recursive and force flags (-rf, -fr, -Rf, -rfv...), "delete all",
//                      "format disk" / "format the disk".
//   bash_commands      a fenced code block tagged bash/sh/shell/zsh, a Bash tool call ("Bash(" or
//                      Bash listed in allowed-tools), or "shell_command" (also run_shell_command).
//   code_execution     eval( exec( subprocess os.system
//   package_install    pip/pip3 install, npm install / npm i, brew install
//   network_access     curl, wget, WebFetch, and URLs. The table says https://; plain http:// is
//                      matched too, because leaving it out would let a skill dodge the flag by
//                      downgrading its links.
//   file_write         a Write tool call ("Write(" or Write listed in allowed-tools), "write file",
//                      "create file" (also write_file, create a file, create the new file...).
// All patterns are case-insensitive and free of nested quantifiers, so a hostile preview cannot
// make them backtrack for long (the input is at most 500 bytes anyway).

export type SkillRiskFlag =
  | 'credential_access'
  | 'destructive_ops'
  | 'bash_commands'
  | 'code_execution'
  | 'package_install'
  | 'network_access'
  | 'file_write';

export type SkillRiskLevel = 'Low' | 'Medium' | 'High' | 'Critical';

export interface SkillRiskScore {
  score: number;
  level: SkillRiskLevel;
  flags: SkillRiskFlag[];
}

interface FlagRule {
  flag: SkillRiskFlag;
  points: number;
  patterns: RegExp[];
}

// Table order is the order flags are reported in.
const FLAG_RULES: readonly FlagRule[] = [
  {
    flag: 'credential_access',
    points: 40,
    patterns: [
      /(?<![a-z])(?:secret|token|password|api[_-]?key)s?(?![a-z])/i,
      // camelCase identifiers (accessToken, clientSecret, openaiApiKey): case-sensitive on purpose.
      /[a-z0-9](?:Secret|Token|Password|ApiKey|APIKey)s?(?![a-z])/,
    ],
  },
  {
    flag: 'destructive_ops',
    points: 35,
    patterns: [
      /\brm\s+-[a-z]*(?:r[a-z]*f|f[a-z]*r)[a-z]*\b/i,
      /\brm\s+(?:--recursive\s+--force|--force\s+--recursive)\b/i,
      /\bdelete\s+all\b/i,
      /\bformat\s+(?:the\s+)?disks?\b/i,
    ],
  },
  {
    flag: 'bash_commands',
    points: 30,
    patterns: [
      /(?:```|~~~)[ \t]*(?:bash|sh|shell|zsh)\b/i,
      /\bBash\s*\(/i,
      /^[ \t]*allowed[-_]tools[ \t]*:[^\n]*\bBash\b/im,
      /shell_command/i,
    ],
  },
  {
    flag: 'code_execution',
    points: 30,
    patterns: [/\beval\s*\(/i, /\bexec\s*\(/i, /\bsubprocess\b/i, /\bos\.system\b/i],
  },
  {
    flag: 'package_install',
    points: 25,
    patterns: [/\bpip3?\s+install\b/i, /\bnpm\s+(?:install|i)\b/i, /\bbrew\s+install\b/i],
  },
  {
    flag: 'network_access',
    points: 20,
    patterns: [/\bcurl\b/i, /\bwget\b/i, /\bWebFetch\b/i, /\bhttps?:\/\/[^\s]/i],
  },
  {
    flag: 'file_write',
    points: 20,
    patterns: [
      /\bWrite\s*\(/i,
      /^[ \t]*allowed[-_]tools[ \t]*:[^\n]*\bWrite\b/im,
      /\b(?:write|create)[ \t_-]+(?:(?:a|an|the|new)[ \t]+){0,2}files?\b/i,
    ],
  },
];

export const SKILL_RISK_FLAG_POINTS: Readonly<Record<SkillRiskFlag, number>> = Object.freeze(
  Object.fromEntries(FLAG_RULES.map((r) => [r.flag, r.points])) as Record<SkillRiskFlag, number>,
);

export const MAX_SKILL_RISK_SCORE = 100;

/** Spec levels: Low 0-25, Medium 26-50, High 51-75, Critical 76-100. */
export function riskLevelForScore(score: number): SkillRiskLevel {
  if (score >= 76) return 'Critical';
  if (score >= 51) return 'High';
  if (score >= 26) return 'Medium';
  return 'Low';
}

/** Additive score of the flags found in the preview, capped at 100. */
export function scoreSkillPreview(preview: string): SkillRiskScore {
  const flags: SkillRiskFlag[] = [];
  let total = 0;
  for (const rule of FLAG_RULES) {
    if (rule.patterns.some((p) => p.test(preview))) {
      flags.push(rule.flag);
      total += rule.points;
    }
  }
  const score = Math.min(total, MAX_SKILL_RISK_SCORE);
  return { score, level: riskLevelForScore(score), flags };
}
