// decideToolCall: the pure policy decision for one hook call. Layers, in order:
//   1. skill governance on prompts (explicit org lists; a block ends the evaluation)
//   2. pack sections: tools, MCP servers/tools, network destinations
//   3. built-in rule packs over the call's command, paths, content, URL, prompt or MCP args
//   4. the org's custom_blacklist
//   5. max_input_length
// then trusted_sources downgrades, and the security level and auto_block map the worst
// finding to a verdict (verdict.ts).
import { isTrustedHost, isTrustedPath, isTrustedUrl, type CompiledPolicy } from './compile.js';
import { facetsOf, type Facets } from './facets.js';
import { severityRank, type Finding } from './findings.js';
import { inspectShell, type ShellSink } from './inspect-shell.js';
import { mcpFacets, parseMcpToolName } from './mcp.js';
import { deletionRisk } from './paths.js';
import type { RuleContext } from './rules/context.js';
import { emitSql } from './rules/cloud.js';
import { credentialRisk } from './rules/credential-paths.js';
import { inspectRead } from './rules/credentials.js';
import { urlHosts } from './rules/facts.js';
import { findInjection } from './rules/injection.js';
import { inspectPersistenceWrite } from './rules/persistence.js';
import { inspectPrivilegedWrite, isHookConfig } from './rules/privilege.js';
import { secretFindings } from './rules/secrets.js';
import { inspectMcpPolicy, inspectNetworkPolicy, inspectToolsPolicy } from './sections.js';
import { skillGovernance } from './skills.js';
import type { Decision, ToolCall, Verdict } from './types.js';
import { verdictFor } from './verdict.js';

const NESTED_DEPTH = 3;
const NETWORK_CATEGORIES = new Set(['remote_code_exec', 'exfiltration', 'network_policy']);
const PATH_CATEGORIES = new Set(['credential_access', 'secret_in_input']);

/** The RuleContext of one decision. A class so no closures are allocated per call. */
class DecisionContext implements RuleContext {
  constructor(
    private readonly policy: CompiledPolicy,
    readonly cwd: string | undefined,
    readonly findings: Finding[],
    private readonly depth = 0,
    private readonly prefix = '',
  ) {}

  get entropyThreshold(): number {
    return this.policy.entropyThreshold;
  }

  emit(f: Finding): void {
    this.findings.push(this.prefix ? { ...f, reason: this.prefix + f.reason } : f);
  }

  branchClass(branch: string): 'protected' | 'shared' | null {
    return this.policy.branchClass(branch);
  }

  /** Same findings list, reasons prefixed (MCP calls name the server and tool). */
  prefixed(prefix: string): DecisionContext {
    return new DecisionContext(this.policy, this.cwd, this.findings, this.depth, prefix);
  }

  inspectNested(src: string): Finding[] {
    if (this.depth >= NESTED_DEPTH || src.length === 0) return [];
    const found: Finding[] = [];
    inspectShell(src, new DecisionContext(this.policy, this.cwd, found, this.depth + 1), this.policy);
    return found;
  }
}

function bounded(text: string | undefined, max: number): string | undefined {
  return text !== undefined && text.length > max ? text.slice(0, max) : text;
}

function inspectWrite(path: string | undefined, content: string | undefined, ctx: RuleContext, policy: CompiledPolicy): void {
  if (path) {
    inspectPersistenceWrite(path, content, ctx);
    inspectPrivilegedWrite(path, content, ctx);
    const risk = deletionRisk(path);
    if (path.startsWith('/') && risk && severityRank(risk.severity) >= severityRank('high') && !/^\/(?:tmp|var\/tmp)\//.test(path)) {
      ctx.emit({ patternName: 'destructive_fs.overwrite_system_file', severity: 'high', category: 'destructive_fs', layer: 'builtin', reason: `Overwrites ${risk.label}.`, paths: [path] });
    }
    const cred = credentialRisk(path);
    if (cred && cred.kind !== 'env_file' && cred.kind !== 'key_file') {
      ctx.emit({ patternName: 'credential_access.credential_store_write', severity: 'medium', category: 'credential_access', layer: 'builtin', reason: `Writes to ${cred.label}, replacing stored credentials.`, paths: [path] });
    }
  }
  if (content) {
    for (const f of secretFindings(content, 'The file content', policy.entropyThreshold)) ctx.emit({ ...f, paths: path ? [path] : undefined });
    const inj = findInjection(content, -1);
    if (inj) ctx.emit({ ...inj, layer: 'builtin', reason: `The file content ${inj.reason.slice(5)}` });
  }
}

function inspectFacets(call: ToolCall, f: Facets, ctx: RuleContext, policy: CompiledPolicy, sink: ShellSink): void {
  const max = policy.maxInputLength;
  if (f.patch) {
    for (const file of f.patch) {
      if (file.op === 'delete') {
        const risk = deletionRisk(file.path, ctx.cwd);
        if (risk || isHookConfig(file.path)) ctx.emit({ patternName: 'destructive_fs.delete_file', severity: risk?.severity ?? 'high', category: 'destructive_fs', layer: 'builtin', reason: `The patch deletes ${risk?.label ?? file.path}.` });
      } else inspectWrite(file.path, bounded(file.added, max), ctx, policy);
    }
  }
  if (f.command !== undefined) {
    const command = bounded(f.command, max)!;
    inspectShell(command, ctx, policy, sink);
    for (const s of secretFindings(command, 'The command', policy.entropyThreshold)) ctx.emit(s);
  }
  if (call.tool === 'read' || call.tool === 'search') {
    if (f.filePath) inspectRead(f.filePath, ctx, call.tool === 'search' ? 'Searches' : 'Reads');
  } else if (call.tool === 'write' || call.tool === 'edit') {
    inspectWrite(f.filePath, bounded(f.content, max), ctx, policy);
  }
  if (f.url !== undefined) {
    sink.hosts.push(...urlHosts(f.url));
    sink.urls.push(f.url);
    for (const s of secretFindings(f.url, 'The URL', policy.entropyThreshold)) ctx.emit(s);
  }
  if (call.tool === 'web_fetch' || call.tool === 'web_search') {
    const q = call.toolInput?.prompt ?? call.toolInput?.query;
    if (typeof q === 'string') sink.hosts.push(...urlHosts(q.slice(0, 10_000)));
  }
  if (f.prompt !== undefined && (call.phase === 'prompt' || call.tool === 'prompt')) {
    const prompt = bounded(f.prompt, max)!;
    const inj = findInjection(prompt);
    if (inj) ctx.emit({ ...inj, layer: 'builtin' });
    for (const s of secretFindings(prompt, 'The prompt', policy.entropyThreshold, -1)) ctx.emit(s);
  }
}

function inspectMcp(call: ToolCall, ctx: DecisionContext, policy: CompiledPolicy, sink: ShellSink): string {
  const id = call.mcp ?? parseMcpToolName(call.toolName) ?? { server: 'unknown', tool: call.toolName };
  inspectMcpPolicy(policy, id.server, id.tool, ctx);
  const m = mcpFacets(id.tool, call.toolInput ?? {});
  const wrap = ctx.prefixed(`MCP tool ${id.server}/${id.tool}: `);
  for (const c of m.commands) {
    wrap.emit({ patternName: 'mcp_risk.shell_tool', severity: 'low', category: 'mcp_risk', layer: 'builtin', reason: 'runs shell commands.' });
    inspectShell(c.slice(0, policy.maxInputLength), wrap, policy, sink);
  }
  for (const p of m.readPaths) inspectRead(p, wrap);
  for (const w of m.writes) inspectWrite(w.path, w.content, wrap, policy);
  for (const p of m.deletePaths) {
    const risk = deletionRisk(p, ctx.cwd);
    wrap.emit(risk ? { patternName: 'destructive_fs.recursive_delete', severity: risk.severity, category: 'destructive_fs', layer: 'builtin', reason: `deletes ${risk.label}.` } : { patternName: 'mcp_risk.delete_tool', severity: 'low', category: 'mcp_risk', layer: 'builtin', reason: `deletes ${p}.` });
  }
  if (m.deletes && m.deletePaths.length === 0) wrap.emit({ patternName: 'mcp_risk.delete_tool', severity: 'medium', category: 'mcp_risk', layer: 'builtin', reason: 'deletes data through an MCP server; deletions there bypass local safeguards.' });
  for (const sql of m.sql) emitSql(wrap, sql, 'The query');
  for (const u of m.urls) {
    sink.hosts.push(...urlHosts(u));
    sink.urls.push(u);
  }
  if (m.text) {
    for (const s of secretFindings(m.text, 'The arguments', policy.entropyThreshold)) wrap.emit(s);
    const inj = findInjection(m.text, -1);
    if (inj) wrap.emit({ ...inj, layer: 'builtin' });
  }
  return `${id.server}/${id.tool}\n${m.text}`;
}

function downgradeTrusted(policy: CompiledPolicy, f: Finding): Finding {
  if (f.verdict) return f;
  const hostsTrusted = NETWORK_CATEGORIES.has(f.category) && !!f.hosts?.length && f.hosts.every((h) => isTrustedHost(policy, h) || (f.urls ?? []).some((u) => urlHosts(u)[0] === h && isTrustedUrl(policy, u)));
  const pathsTrusted = PATH_CATEGORIES.has(f.category) && !!f.paths?.length && f.paths.every((p) => isTrustedPath(policy, p));
  if (!hostsTrusted && !pathsTrusted) return f;
  return { ...f, severity: 'low', layer: 'trusted_sources', reason: `${f.reason} Allowed as a trusted source (${(hostsTrusted ? f.hosts! : f.paths!).join(', ')}); logged only.` };
}

const VERDICT_RANK: Record<Verdict, number> = { allow: 0, warn: 1, deny: 2 };
// Among equally severe findings, report the one that best explains the harm: sending a key
// away says more than reading it.
const CATEGORY_PRIORITY: Record<string, number> = { exfiltration: 3, remote_code_exec: 2, persistence: 2, destructive_fs: 2 };

function better(f: Finding, v: Verdict, best: { f: Finding; v: Verdict }): boolean {
  if (VERDICT_RANK[v] !== VERDICT_RANK[best.v]) return VERDICT_RANK[v] > VERDICT_RANK[best.v];
  const a = severityRank(f.severity);
  const b = severityRank(best.f.severity);
  if (a !== b) return a > b;
  return (CATEGORY_PRIORITY[f.category] ?? 1) > (CATEGORY_PRIORITY[best.f.category] ?? 1);
}

function toDecision(policy: CompiledPolicy, findings: Finding[]): Decision {
  let best: { f: Finding; v: Verdict } | null = null;
  for (const raw of findings) {
    const f = downgradeTrusted(policy, raw);
    let v = f.verdict ?? verdictFor(policy.level, f.severity, policy.autoBlock);
    if (v === 'deny' && !policy.autoBlock && !f.force) v = 'warn';
    if (!best || better(f, v, best)) best = { f, v };
  }
  if (!best) return { verdict: 'allow', patternName: null, severity: 'info', detectionLayer: 'none', category: null, reason: 'No policy rule matched.', policyVersion: policy.version };
  const { f, v } = best;
  return { verdict: v, patternName: f.patternName, severity: f.severity, detectionLayer: f.layer, category: f.category, reason: f.reason, policyVersion: policy.version };
}

export function decideToolCall(policy: CompiledPolicy, call: ToolCall): Decision {
  const findings: Finding[] = [];
  const ctx = new DecisionContext(policy, call.cwd, findings);
  const facets = facetsOf(call);
  const isPrompt = call.phase === 'prompt' || call.tool === 'prompt';
  if (isPrompt && facets.prompt !== undefined) {
    const skill = skillGovernance(policy, facets.prompt);
    if (skill?.verdict === 'deny') return toDecision(policy, [skill]);
    if (skill) ctx.emit(skill);
  }
  const sink: ShellSink = { hosts: [], urls: [], normalized: [] };
  if (!isPrompt) inspectToolsPolicy(policy, call, ctx);
  let mcpText = '';
  if (call.tool === 'mcp' || call.mcp) mcpText = inspectMcp(call, ctx, policy, sink);
  inspectFacets(call, facets, ctx, policy, sink);
  if (sink.hosts.length) inspectNetworkPolicy(policy, sink.hosts, sink.urls, ctx, call.tool === 'web_fetch' ? 'The fetch' : 'The command');

  const inputs = [facets.command, facets.filePath, facets.content, facets.url, facets.prompt, mcpText];
  const patches = facets.patch ?? [];
  // A patch is matched as "<path>\n<added>"; its length is counted without building that text.
  let total = 0;
  for (const h of inputs) total += h?.length ?? 0;
  for (const p of patches) total += p.path.length + 1 + p.added.length;
  if (policy.custom.length) {
    const haystacks = [...inputs, ...patches.map((p) => `${p.path}\n${p.added}`), ...sink.normalized];
    const texts = haystacks.filter((h): h is string => !!h).map((h) => (h.length > policy.maxInputLength ? h.slice(0, policy.maxInputLength) : h).toLowerCase());
    for (const p of policy.custom) {
      if (texts.some((t) => p.test(t))) {
        ctx.emit({ patternName: 'custom_blacklist.match', severity: p.severity, category: 'custom_blacklist', layer: 'custom_blacklist', reason: `Matches the organization's blocked pattern "${p.source}".` });
        break;
      }
    }
  }
  if (total > policy.maxInputLength) {
    ctx.emit({ patternName: 'max_input_length.exceeded', severity: 'medium', category: 'max_input_length', layer: 'max_input_length', reason: `The tool input is ${total} characters, over the organization's limit of ${policy.maxInputLength}; only the first ${policy.maxInputLength} were checked.` });
  }
  return toDecision(policy, findings);
}
