// Compiles an org policy once per version: custom patterns, trusted sources, skill lists and
// pack sections become matchers, so decideToolCall does no parsing of the policy itself.
import { compileCustomPattern, globToRegex, type CustomPattern } from './custom-patterns.js';
import { mcpSectionSchema, networkSectionSchema, toolsSectionSchema, type PackAction } from './pack-sections.js';
import { isUnder, normalizePath } from './paths.js';
import { SafeRegex } from './safe-regex.js';
import type { SecurityLevel, ShieldPolicy } from './types.js';

export type NameMatcher = (name: string) => boolean;

export interface CompiledPolicy {
  version: number;
  policy: ShieldPolicy;
  level: SecurityLevel;
  autoBlock: boolean;
  entropyThreshold: number;
  maxInputLength: number;
  /** Normalised (lower-case, no leading slash) skill names. */
  blockedSkills: ReadonlySet<string>;
  warnSkills: ReadonlySet<string>;
  custom: readonly CustomPattern[];
  /** Entries that failed to compile (a stored policy should never have any). */
  invalidEntries: readonly string[];
  trusted: { domains: readonly string[]; urls: readonly string[]; paths: readonly string[] };
  tools: { deny: NameMatcher[]; warn: NameMatcher[]; denyCommands: string[][]; warnCommands: string[][] };
  branchClass(branch: string): 'protected' | 'shared' | null;
  mcp: { defaultAction?: PackAction; allowed?: NameMatcher[]; blockedServers: NameMatcher[]; blockedTools: NameMatcher[]; warnTools: NameMatcher[] };
  network: { defaultAction?: PackAction; allowed?: readonly string[]; blocked: readonly string[]; blockIpLiterals: boolean };
}

const DEFAULT_PROTECTED = ['main', 'master', 'trunk', 'production', 'prod'];
const DEFAULT_SHARED = ['release', 'release/*', 'release-*', 'releases/*', 'develop', 'development', 'dev', 'staging', 'stage', 'qa', 'uat', 'hotfix/*'];

/** Anchored glob over a short name (`*` any run, `?` one character), case-insensitive. */
export function nameMatcher(glob: string): NameMatcher {
  const g = glob.trim().toLowerCase();
  if (!/[*?]/.test(g)) return (name) => name.toLowerCase() === g;
  const re = new SafeRegex(`^${globToRegex(g)}$`);
  return (name) => name.length <= 300 && re.test(name);
}

export function normalizeSkill(name: string): string {
  return name.trim().replace(/^\//, '').toLowerCase();
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

export function compilePolicy(policy: ShieldPolicy, version: number): CompiledPolicy {
  const invalid: string[] = [];
  const custom: CustomPattern[] = [];
  for (const entry of strings(policy.custom_blacklist)) {
    try {
      custom.push(compileCustomPattern(entry));
    } catch {
      invalid.push(`custom_blacklist: ${entry}`);
    }
  }
  const tools = toolsSectionSchema.safeParse(policy.tools ?? {});
  const mcp = mcpSectionSchema.safeParse(policy.mcp ?? {});
  const network = networkSectionSchema.safeParse(policy.network ?? {});
  if (!tools.success) invalid.push('tools section');
  if (!mcp.success) invalid.push('mcp section');
  if (!network.success) invalid.push('network section');
  const t = tools.success ? tools.data : {};
  const m = mcp.success ? mcp.data : {};
  const n = network.success ? network.data : {};

  const domains: string[] = [];
  const urls: string[] = [];
  const paths: string[] = [];
  for (const s of [...strings(policy.trusted_sources), ...(n.trusted_sources ?? [])]) {
    if (/^https?:\/\//i.test(s)) urls.push(s.toLowerCase());
    else if (/^(?:\/|~|\.\/|[A-Za-z]:[\\/])/.test(s)) paths.push(normalizePath(s));
    else domains.push(s.toLowerCase().replace(/^\*\./, ''));
  }

  const protectedBranches = [...DEFAULT_PROTECTED, ...(t.protected_branches ?? [])].map(nameMatcher);
  const sharedBranches = DEFAULT_SHARED.map(nameMatcher);
  const words = (cmds: string[] | undefined) => (cmds ?? []).map((c) => c.trim().split(/\s+/).filter(Boolean)).filter((w) => w.length > 0);

  return {
    version,
    policy,
    level: policy.security_level === 'strict' || policy.security_level === 'permissive' ? policy.security_level : 'balanced',
    autoBlock: policy.auto_block !== false,
    entropyThreshold: Number.isFinite(policy.entropy_threshold) ? policy.entropy_threshold : 4,
    maxInputLength: Number.isInteger(policy.max_input_length) && policy.max_input_length > 0 ? policy.max_input_length : 100_000,
    blockedSkills: new Set(strings(policy.blocked_agent_skills).map(normalizeSkill)),
    warnSkills: new Set(strings(policy.warn_only_agent_skills).map(normalizeSkill)),
    custom,
    invalidEntries: invalid,
    trusted: { domains, urls, paths },
    tools: { deny: (t.deny ?? []).map(nameMatcher), warn: (t.warn ?? []).map(nameMatcher), denyCommands: words(t.deny_commands), warnCommands: words(t.warn_commands) },
    branchClass(branch: string) {
      const b = branch.replace(/^refs\/heads\//, '');
      if (protectedBranches.some((p) => p(b))) return 'protected';
      if (sharedBranches.some((p) => p(b))) return 'shared';
      return null;
    },
    mcp: {
      defaultAction: m.default_action,
      allowed: m.allowed_servers ? m.allowed_servers.map(nameMatcher) : undefined,
      blockedServers: (m.blocked_servers ?? []).map(nameMatcher),
      blockedTools: (m.blocked_tools ?? []).map(nameMatcher),
      warnTools: (m.warn_tools ?? []).map(nameMatcher),
    },
    network: {
      defaultAction: n.default_action,
      allowed: n.allowed_domains?.map((d) => d.replace(/^\*\./, '')),
      blocked: (n.blocked_domains ?? []).map((d) => d.replace(/^\*\./, '')),
      blockIpLiterals: n.block_ip_literals === true,
    },
  };
}

export function domainIn(host: string, list: readonly string[]): boolean {
  for (const d of list) if (host === d || host.endsWith('.' + d)) return true;
  return false;
}

export function isTrustedHost(policy: CompiledPolicy, host: string): boolean {
  return domainIn(host, policy.trusted.domains);
}

export function isTrustedUrl(policy: CompiledPolicy, url: string): boolean {
  const u = url.toLowerCase();
  return policy.trusted.urls.some((p) => u.startsWith(p));
}

export function isTrustedPath(policy: CompiledPolicy, path: string): boolean {
  const p = normalizePath(path);
  return policy.trusted.paths.some((t) => isUnder(p, t));
}
