// Enforcement of the adopted pack sections: tools (by canonical tool, surface tool name or
// parsed command prefix), MCP servers and tools, and network destinations. These produce
// explicit verdicts (the org said "deny"/"warn"), not severities.
import { domainIn, isTrustedHost, isTrustedUrl, type CompiledPolicy } from './compile.js';
import type { Finding } from './findings.js';

/** Where findings go (a RuleContext); a method, not a function value, so no closure per call. */
export interface FindingSink {
  emit(finding: Finding): void;
}
import { isIpHost, isLocalHost, positionals, remoteSpecHost, urlHosts } from './rules/facts.js';
import type { SimpleCommand } from './shell/types.js';
import type { ToolCall } from './types.js';

export function inspectToolsPolicy(policy: CompiledPolicy, call: ToolCall, out: FindingSink): void {
  const names = [call.tool, call.toolName];
  if (policy.tools.deny.some((m) => names.some((n) => n && m(n)))) {
    out.emit({ patternName: 'tools_policy.denied_tool', severity: 'high', category: 'tools_policy', layer: 'tools_policy', verdict: 'deny', reason: `The ${call.toolName || call.tool} tool is not allowed by the organization's policy.` });
  } else if (policy.tools.warn.some((m) => names.some((n) => n && m(n)))) {
    out.emit({ patternName: 'tools_policy.warned_tool', severity: 'medium', category: 'tools_policy', layer: 'tools_policy', verdict: 'warn', reason: `The organization asks for care with the ${call.toolName || call.tool} tool.` });
  }
}

/**
 * `npm publish` matches `npm publish`, `npm --registry URL publish --tag next`: the program,
 * then the remaining words consecutively among the non-option arguments (option values such
 * as the registry URL may come before them).
 */
function startsWithWords(cmd: SimpleCommand, words: string[]): boolean {
  if (cmd.name !== words[0].toLowerCase()) return false;
  if (words.length === 1) return true;
  const pos = positionals(cmd.args);
  const at = pos.indexOf(words[1]);
  if (at < 0 || at > 2) return false;
  for (let i = 2; i < words.length; i++) if (pos[at + i - 1] !== words[i]) return false;
  return true;
}

export function inspectCommandPolicy(policy: CompiledPolicy, cmd: SimpleCommand, out: FindingSink): void {
  for (const words of policy.tools.denyCommands) {
    if (startsWithWords(cmd, words)) {
      out.emit({ patternName: 'tools_policy.denied_command', severity: 'high', category: 'tools_policy', layer: 'tools_policy', verdict: 'deny', reason: `\`${words.join(' ')}\` is not allowed by the organization's policy.` });
      return;
    }
  }
  for (const words of policy.tools.warnCommands) {
    if (startsWithWords(cmd, words)) {
      out.emit({ patternName: 'tools_policy.warned_command', severity: 'medium', category: 'tools_policy', layer: 'tools_policy', verdict: 'warn', reason: `\`${words.join(' ')}\` needs a person to confirm under the organization's policy.` });
      return;
    }
  }
}

const NETWORK_PROGRAMS = new Set(['curl', 'wget', 'http', 'https', 'xh', 'fetch', 'aria2c', 'iwr', 'invoke-webrequest', 'irm', 'invoke-restmethod', 'git', 'scp', 'sftp', 'rsync', 'ssh', 'nc', 'ncat', 'netcat', 'telnet', 'ftp', 'pip', 'pip3', 'npm', 'pnpm', 'yarn', 'gem', 'go']);

/** The answer for a program that reaches no network: shared, since the one caller only reads it. */
const NO_HOSTS: readonly string[] = [];

/** Remote hosts a shell command talks to (URLs and scp-style `host:path`). */
export function commandHosts(cmd: SimpleCommand): readonly string[] {
  if (!NETWORK_PROGRAMS.has(cmd.name)) return NO_HOSTS;
  // A loop, not flatMap: most arguments hold no URL, and urlHosts' first test says so.
  const hosts: string[] = [];
  for (const a of cmd.args) if (a.includes('://')) for (const h of urlHosts(a)) hosts.push(h);
  if (cmd.name === 'scp' || cmd.name === 'sftp' || cmd.name === 'rsync' || cmd.name === 'git') {
    for (const a of cmd.args) {
      const h = remoteSpecHost(a);
      if (h) hosts.push(h);
    }
  }
  if (cmd.name === 'nc' || cmd.name === 'ncat' || cmd.name === 'netcat' || cmd.name === 'telnet' || cmd.name === 'ssh') {
    const host = positionals(cmd.args).find((a) => /[a-z]/i.test(a) || isIpHost(a));
    if (host) hosts.push(host.replace(/^[^@]*@/, '').toLowerCase());
  }
  return hosts;
}

/** URLs among a command's arguments (for URL-prefix trusted sources). */
export function commandUrls(cmd: SimpleCommand): readonly string[] {
  return NETWORK_PROGRAMS.has(cmd.name) ? cmd.args.filter((a) => a.includes('://') && /^https?:\/\//i.test(a)) : NO_HOSTS;
}

export function inspectNetworkPolicy(policy: CompiledPolicy, hosts: readonly string[], urls: readonly string[], out: FindingSink, via: string): void {
  const net = policy.network;
  for (const host of new Set(hosts)) {
    if (isLocalHost(host)) continue;
    const viaUrls = urls.filter((u) => urlHosts(u)[0] === host);
    const trustedUrls = viaUrls.length > 0 && viaUrls.every((u) => isTrustedUrl(policy, u));
    if (domainIn(host, net.blocked)) {
      out.emit({ patternName: 'network_policy.blocked_domain', severity: 'high', category: 'network_policy', layer: 'network_policy', verdict: 'deny', hosts: [host], reason: `${via} reaches ${host}, a domain the organization blocks.` });
      return;
    }
    const allowed = (net.allowed !== undefined && domainIn(host, net.allowed)) || isTrustedHost(policy, host) || trustedUrls;
    if (net.blockIpLiterals && isIpHost(host) && !allowed) {
      out.emit({ patternName: 'network_policy.ip_literal', severity: 'high', category: 'network_policy', layer: 'network_policy', verdict: 'deny', hosts: [host], reason: `${via} reaches the bare IP address ${host}; the organization only allows named hosts.` });
      return;
    }
    if (net.allowed !== undefined && !allowed && net.defaultAction && net.defaultAction !== 'allow') {
      out.emit({ patternName: 'network_policy.unlisted_domain', severity: net.defaultAction === 'deny' ? 'high' : 'medium', category: 'network_policy', layer: 'network_policy', verdict: net.defaultAction, hosts: [host], reason: `${via} reaches ${host}, which is not on the organization's list of allowed domains.` });
      return;
    }
  }
}

export function inspectMcpPolicy(policy: CompiledPolicy, server: string, tool: string, out: FindingSink): void {
  const m = policy.mcp;
  const id = `${server}/${tool}`;
  const toolMatch = (ms: ((n: string) => boolean)[]) => ms.some((x) => x(id) || x(tool) || x(`${server}__${tool}`));
  if (m.blockedServers.some((x) => x(server))) {
    out.emit({ patternName: 'mcp_policy.blocked_server', severity: 'high', category: 'mcp_risk', layer: 'mcp_policy', verdict: 'deny', reason: `The MCP server "${server}" is blocked by the organization's policy.` });
  } else if (toolMatch(m.blockedTools)) {
    out.emit({ patternName: 'mcp_policy.blocked_tool', severity: 'high', category: 'mcp_risk', layer: 'mcp_policy', verdict: 'deny', reason: `The MCP tool ${id} is blocked by the organization's policy.` });
  } else if (m.allowed !== undefined && !m.allowed.some((x) => x(server)) && m.defaultAction && m.defaultAction !== 'allow') {
    out.emit({ patternName: 'mcp_policy.unapproved_server', severity: m.defaultAction === 'deny' ? 'high' : 'medium', category: 'mcp_risk', layer: 'mcp_policy', verdict: m.defaultAction, reason: `The MCP server "${server}" is not on the organization's list of approved servers.` });
  } else if (toolMatch(m.warnTools)) {
    out.emit({ patternName: 'mcp_policy.warned_tool', severity: 'medium', category: 'mcp_risk', layer: 'mcp_policy', verdict: 'warn', reason: `The MCP tool ${id} needs a second look under the organization's policy.` });
  }
}
