// Built-in policy pack templates (spec: GET /api/v1/policy-packs/templates) and how
// adopting one changes an org policy. Every section is enforced by the engine: tools_section
// by sections.ts (tools and commands), mcp_section by the MCP policy, network_section by the
// network policy and trusted sources, shield_section by the baseline knobs.
import type { McpSection, NetworkSection, ToolsSection } from './pack-sections.js';
import type { SecurityLevel, ShieldPolicy } from './types.js';

export interface ShieldSection {
  security_level?: SecurityLevel;
  auto_block?: boolean;
  entropy_threshold?: number;
  max_input_length?: number;
  custom_blacklist?: string[];
  trusted_sources?: string[];
}

export interface PolicyPackTemplate {
  slug: string;
  name: string;
  description: string;
  shield_section: ShieldSection;
  tools_section: ToolsSection;
  mcp_section: McpSection;
  network_section: NetworkSection;
}

// Anonymous paste, file-drop and request-capture services: a classic exfiltration sink.
const DROP_SITES = ['pastebin.com', 'paste.ee', 'hastebin.com', 'transfer.sh', 'file.io', '0x0.st', 'termbin.com', 'ix.io', 'webhook.site', 'requestbin.com', 'pipedream.net', 'ngrok.io', 'ngrok-free.app', 'trycloudflare.com', 'interact.sh', 'burpcollaborator.net', 'gofile.io', 'catbox.moe', 'temp.sh'];
const CODE_AND_REGISTRIES = ['github.com', 'api.github.com', 'codeload.github.com', 'objects.githubusercontent.com', 'gitlab.com', 'bitbucket.org', 'registry.npmjs.org', 'npmjs.com', 'registry.yarnpkg.com', 'pypi.org', 'files.pythonhosted.org', 'crates.io', 'static.crates.io', 'proxy.golang.org', 'sum.golang.org', 'rubygems.org', 'repo.maven.apache.org', 'repo1.maven.org', 'nuget.org', 'api.nuget.org', 'registry-1.docker.io', 'auth.docker.io', 'production.cloudflare.docker.com'];
const DOCS = ['docs.python.org', 'developer.mozilla.org', 'nodejs.org', 'docs.github.com', 'kubernetes.io', 'docs.docker.com', 'learn.microsoft.com', 'go.dev', 'doc.rust-lang.org', 'docs.rs', 'stackoverflow.com', 'typescriptlang.org'];
const SHELL_MCP_TOOLS = ['*/execute_command', '*/run_command', '*/run_shell_command', '*/shell', '*/exec', '*/bash', '*/run_terminal_cmd', '*/terminal*'];

export const POLICY_PACK_TEMPLATES: readonly PolicyPackTemplate[] = [
  {
    slug: 'balanced-baseline',
    name: 'Balanced baseline',
    description:
      'The platform defaults made explicit: built-in rules at the balanced level (critical and high findings denied, medium warned), force pushes to main/master denied, uploads to anonymous paste and file-drop services denied, and MCP tools that run shell commands flagged for a second look.',
    shield_section: { security_level: 'balanced', auto_block: true, entropy_threshold: 4, max_input_length: 100_000 },
    tools_section: { protected_branches: ['main', 'master'] },
    mcp_section: { warn_tools: SHELL_MCP_TOOLS },
    network_section: { blocked_domains: DROP_SITES },
  },
  {
    slug: 'strict-enterprise',
    name: 'Strict enterprise',
    description:
      'For managed corporate fleets: strict level (medium findings denied, low ones warned); only approved MCP servers (GitHub, GitLab, Atlassian, Linear, Context7) may be used and MCP tools that run shell commands are denied; web access outside code hosts, package registries and documentation sites is flagged and bare-IP hosts are denied; publishing packages and pushing images is denied; release branches are protected.',
    shield_section: { security_level: 'strict', auto_block: true, entropy_threshold: 3.8, max_input_length: 50_000 },
    tools_section: {
      deny_commands: ['npm publish', 'yarn publish', 'pnpm publish', 'cargo publish', 'twine upload', 'docker push', 'gem push'],
      protected_branches: ['main', 'master', 'trunk', 'production', 'release/*'],
    },
    mcp_section: { default_action: 'deny', allowed_servers: ['github', 'gitlab', 'atlassian', 'linear', 'context7'], blocked_tools: SHELL_MCP_TOOLS },
    network_section: { default_action: 'warn', allowed_domains: [...CODE_AND_REGISTRIES, ...DOCS], blocked_domains: DROP_SITES, block_ip_literals: true },
  },
  {
    slug: 'oss-maintainer',
    name: 'Open-source maintainer',
    description:
      'For maintainers of public projects: publishing a release (npm/yarn/pnpm publish, cargo publish, twine upload, gem push, gh release create) needs a person to confirm; force pushes to main, master, trunk, gh-pages and release branches are denied; the official installers of Rust, Bun, Deno and uv are trusted sources, so piping them into a shell is only logged.',
    shield_section: { security_level: 'balanced', auto_block: true },
    tools_section: {
      warn_commands: ['npm publish', 'yarn publish', 'pnpm publish', 'cargo publish', 'twine upload', 'gem push', 'gh release create'],
      protected_branches: ['main', 'master', 'trunk', 'gh-pages', 'release/*', 'releases/*'],
    },
    mcp_section: { warn_tools: SHELL_MCP_TOOLS },
    network_section: { blocked_domains: DROP_SITES, trusted_sources: ['sh.rustup.rs', 'static.rust-lang.org', 'bun.sh', 'deno.land', 'astral.sh'] },
  },
  {
    slug: 'regulated-environment',
    name: 'Regulated environment',
    description:
      'For teams handling regulated data (PCI DSS, HIPAA, SOX): strict level with a lower entropy threshold so more secrets are caught; web search is denied and web fetches are flagged; network access is limited to code hosts and package registries, everything else including bare IPs is denied; file-transfer tools (scp, sftp, rsync, ftp) are denied; every MCP server is denied until it is approved.',
    shield_section: { security_level: 'strict', auto_block: true, entropy_threshold: 3.5, max_input_length: 50_000 },
    tools_section: { deny: ['web_search'], warn: ['web_fetch'], deny_commands: ['scp', 'sftp', 'rsync', 'ftp', 'rclone'], protected_branches: ['main', 'master', 'production', 'release/*'] },
    mcp_section: { default_action: 'deny', allowed_servers: [] },
    network_section: { default_action: 'deny', allowed_domains: CODE_AND_REGISTRIES, blocked_domains: DROP_SITES, block_ip_literals: true },
  },
];

export class UnknownPolicyPackError extends Error {
  constructor(readonly slug: string) {
    super(`Unknown policy pack "${slug}"; known packs: ${POLICY_PACK_TEMPLATES.map((p) => p.slug).join(', ')}.`);
  }
}

function union(a: readonly string[] = [], b: readonly string[] = []): string[] {
  return [...new Set([...a, ...b])];
}

/**
 * Adopts a pack: its baseline knobs replace the org's, its lists are added to the org's, and
 * its tools/mcp/network sections replace the org's sections (a pack is a whole profile).
 * Skill governance lists are the org's own and are kept.
 */
export function applyPolicyPack(policy: ShieldPolicy, slug: string): ShieldPolicy {
  const pack = POLICY_PACK_TEMPLATES.find((p) => p.slug === slug);
  if (!pack) throw new UnknownPolicyPackError(slug);
  const s = pack.shield_section;
  return {
    ...policy,
    security_level: s.security_level ?? policy.security_level,
    auto_block: s.auto_block ?? policy.auto_block,
    entropy_threshold: s.entropy_threshold ?? policy.entropy_threshold,
    max_input_length: s.max_input_length ?? policy.max_input_length,
    custom_blacklist: union(policy.custom_blacklist, s.custom_blacklist),
    trusted_sources: union(policy.trusted_sources, s.trusted_sources),
    tools: structuredClone(pack.tools_section) as Record<string, unknown>,
    mcp: structuredClone(pack.mcp_section) as Record<string, unknown>,
    network: structuredClone(pack.network_section) as Record<string, unknown>,
  };
}
