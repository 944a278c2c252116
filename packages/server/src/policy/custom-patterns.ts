// The org's custom_blacklist. Each entry is, after an optional severity prefix:
//   re:<regex>    a regular expression run by safe-regex.ts (linear time, case-insensitive)
//   glob:<glob>   `*` any run of characters, `?` one character, searched anywhere
//   <text>        a literal, searched case-insensitively
// e.g. `rm -rf /srv`, `glob:curl * | sh`, `high:re:aws\s+iam\s+delete-`, `medium:terraform apply`.
// Severity defaults to high (denied under balanced). Entries are matched against the raw
// input and against each parsed shell command in its unquoted form, so `r''m -rf` and
// `"rm" -rf` are still caught by `rm -rf`.
import { PatternSyntaxError, SafeRegex } from './safe-regex.js';
import type { Severity } from './types.js';

export interface CustomPattern {
  source: string;
  severity: Severity;
  /** `text` must already be lower-cased (decide.ts lower-cases each haystack once). */
  test(text: string): boolean;
}

const SEVERITY_PREFIX = /^(critical|high|medium|low):(?=.)/i;

function escapeRegex(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

export function globToRegex(glob: string): string {
  let out = '';
  for (const ch of glob) out += ch === '*' ? '.*' : ch === '?' ? '.' : escapeRegex(ch);
  return out;
}

/** Compiles one entry; throws PatternSyntaxError with a message fit for an API error. */
export function compileCustomPattern(entry: string): CustomPattern {
  let rest = entry.trim();
  let severity: Severity = 'high';
  const sev = SEVERITY_PREFIX.exec(rest);
  if (sev) {
    severity = sev[1].toLowerCase() as Severity;
    rest = rest.slice(sev[0].length);
  }
  if (rest.length === 0) throw new PatternSyntaxError('pattern is empty');
  if (rest.length > 1000) throw new PatternSyntaxError('pattern is longer than 1000 characters');
  if (/^re:/i.test(rest)) {
    const re = new SafeRegex(rest.slice(3));
    return { source: entry, severity, test: (t) => re.test(t) };
  }
  if (/^glob:/i.test(rest)) {
    const body = rest.slice(5);
    if (body.replace(/[*?]/g, '').length === 0) throw new PatternSyntaxError('a glob must contain at least one literal character');
    const re = new SafeRegex(globToRegex(body));
    return { source: entry, severity, test: (t) => re.test(t) };
  }
  const needle = rest.toLowerCase();
  return { source: entry, severity, test: (t) => t.includes(needle) };
}

/** Null when valid, else the reason (used by validateShieldPolicyPatch). */
export function customPatternError(entry: string): string | null {
  try {
    compileCustomPattern(entry);
    return null;
  } catch (e) {
    if (e instanceof PatternSyntaxError) return e.message;
    throw e;
  }
}
