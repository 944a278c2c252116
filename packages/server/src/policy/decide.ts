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
import { severityRank, shiftSeverity, type Finding } from './findings.js';
import { inspectionCap, inspectShell, type ShellSink } from './inspect-shell.js';
import { CREATING_TOOL, LIST_TOOL, mcpDeleteEquivalent, mcpFacets, mcpGitEquivalent, parseMcpToolName, PERMISSION_TOOL, publicExposure } from './mcp.js';
import { deletionRisk, inTestTree, normalizePath, segments } from './paths.js';
import { WithoutPattern, type RuleContext } from './rules/context.js';
import { emitMcpSql } from './rules/cloud.js';
import { credentialRisk } from './rules/credential-paths.js';
import { credentialSearchRisk, emitCredentialRead, inspectRead, sqlReadPaths } from './rules/credentials.js';
import { urlHosts } from './rules/facts.js';
import { classifyGuardRailPath, guardRailDeletion, guardRailEditFindings, guardRailEditsOf, isAgentInstructionFile } from './rules/guard-rails.js';
import { asksToRunFetchedCommands, delegatedHarm, findInjection, type InjectionOptions } from './rules/injection.js';
import { GIT_CONFIG_FILE, judgeConfigText } from './rules/git-config.js';
import { fileDeletionRisk } from './rules/destructive.js';
import { credentialRiskOfArg, credentialUrlFindings, credentialUrlsIn, isUnixSocketUrl } from './rules/url-credentials.js';
import { inspectPageScript, inspectWrittenRunnable, urlSecretFinding, urlSmuggleFinding } from './rules/exfiltration.js';
import { inspectPersistenceWrite, inspectScriptWrite } from './rules/persistence.js';
import { mcpSecretHunt, mcpSecretRead } from './rules/secret-stores.js';
import { inspectManifestGrant, inspectMcpGrant, inspectPrivilegedWrite, isHookConfig } from './rules/privilege.js';
import { findMessageSecrets, findSecrets, isOutboundTextTool, promptSecretFindings, secretFindings, secretHitFindings } from './rules/secrets.js';
import { inspectMcpPolicy, inspectNetworkPolicy, inspectToolsPolicy } from './sections.js';
import { skillGovernance } from './skills.js';
import type { Decision, Severity, ToolCall, Verdict } from './types.js';
import { verdictFor } from './verdict.js';

const NESTED_DEPTH = 3;
// Arguments of git tools that name an object, `rev:path` among them.
const GIT_OBJECT_KEYS = ['revision', 'rev', 'ref', 'object', 'treeish', 'tree_ish', 'commit'];
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
    readonly speculative = false,
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
    return new DecisionContext(this.policy, this.cwd, this.findings, this.depth, prefix, this.speculative);
  }

  inspectNested(src: string): Finding[] {
    return this.nested(src, this.speculative);
  }

  inspectSpeculative(src: string): Finding[] {
    return this.nested(src, true);
  }

  private nested(src: string, speculative: boolean): Finding[] {
    if (this.depth >= NESTED_DEPTH || src.length === 0) return [];
    const found: Finding[] = [];
    inspectShell(src, new DecisionContext(this.policy, this.cwd, found, this.depth + 1, '', speculative), this.policy);
    return found;
  }
}

const HARM_LABEL: Record<string, string> = {
  destructive_fs: 'delete files',
  remote_code_exec: 'run code downloaded from the internet',
  exfiltration: 'send data to a remote host',
  credential_access: 'read credentials',
  git_danger: 'rewrite shared git history',
  persistence: 'install persistence',
  privilege: 'gain root',
  security_tampering: 'disable security controls',
  cloud_destructive: 'destroy cloud resources',
  guard_rail_change: "turn off the agent's own guard rails",
};

/** For findInjection: what a command embedded in text would do, judged by the shell rules. */
function harmOf(ctx: RuleContext, least: Severity = 'medium', skip?: string): (cmd: string) => string | null {
  return (cmd) => {
    let best: Finding | null = null;
    for (const f of ctx.inspectNested(cmd)) {
      if (!HARM_LABEL[f.category] || f.category === skip || severityRank(f.severity) < severityRank(least)) continue;
      if (!best || severityRank(f.severity) > severityRank(best.severity)) best = f;
    }
    return best ? HARM_LABEL[best.category] : null;
  };
}

/**
 * Injection options for text every later session reads as instructions (an instructions file, an
 * agent memory store, Gemini's save_memory): only commands the shell rules rate high count as
 * ordered there, and not git's (`git clean -fdx` is common project advice).
 */
function standingInstructions(ctx: RuleContext): InjectionOptions {
  return { harmful: harmOf(ctx), standing: true, standingHarm: harmOf(ctx, 'high', 'git_danger') };
}

function bounded(text: string | undefined, max: number): string | undefined {
  return text !== undefined && text.length > max ? text.slice(0, max) : text;
}

// Agent memory stores: the reference memory server (create_entities, add_observations), mem0,
// Graphiti, memory-bank servers, tools named save_memory / create_memory / remember.
const MEMORY_TOOL = /memor(?:y|ies)|\bmem0\b|graphiti|remember|observations|entities/i;

// Program source, where text is code and comments rather than quoted documents.
const SOURCE_FILE = /\.(?:[cm]?[jt]sx?|py|rb|go|rs|java|kts?|swift|c|cc|cpp|h|hpp|cs|php|scala|lua|pl|dart|vue|svelte|sh|bash|zsh|ps1)$/i;

/** `partial`: an edit that changes part of the file (an edit tool, a patch's update), not a whole-file write. */
function inspectWrite(path: string | undefined, content: string | undefined, ctx: RuleContext, policy: CompiledPolicy, partial = false): void {
  if (path) {
    inspectPersistenceWrite(path, content, ctx);
    if (content && GIT_CONFIG_FILE.test(path)) judgeConfigText(ctx, path, content);
    // Agent settings and hooks files are judged by what the write does to them (guard-rails.ts),
    // not warned on every edit.
    inspectPrivilegedWrite(path, content, classifyGuardRailPath(path) ? new WithoutPattern(ctx, 'security_tampering.agent_hook_config') : ctx);
    const risk = classifyGuardRailPath(path) ? null : deletionRisk(path);
    // An edit changes lines of the file and keeps the rest; the other rules judge what it adds.
    if (!partial && path.startsWith('/') && risk && severityRank(risk.severity) >= severityRank('high') && !/^\/(?:tmp|var\/tmp)\//.test(path)) {
      ctx.emit({ patternName: 'destructive_fs.overwrite_system_file', severity: 'high', category: 'destructive_fs', layer: 'builtin', reason: `Overwrites ${risk.label}.`, paths: [path] });
    }
    const cred = credentialRisk(path);
    if (cred && cred.kind !== 'env_file' && cred.kind !== 'key_file') {
      ctx.emit({ patternName: 'credential_access.credential_store_write', severity: 'medium', category: 'credential_access', layer: 'builtin', reason: `Writes to ${cred.label}, replacing stored credentials.`, paths: [path] });
    }
  }
  if (content) {
    if (path) {
      inspectScriptWrite(path, content, ctx);
      inspectWrittenRunnable(path, content, ctx);
    }
    inspectManifestGrant(content, ctx);
    for (const f of secretFindings(content, 'The file content', policy.entropyThreshold)) ctx.emit({ ...f, paths: path ? [path] : undefined });
    // Files every later agent session reads as instructions (CLAUDE.md, AGENTS.md, .cursorrules …)
    // are not softened: injected text there is planted for the next session.
    const instructions = !!path && isAgentInstructionFile(path);
    // A test file quotes attack text as its data (an injection filter's test cases): two steps lower.
    const shift = instructions ? 0 : path && inTestTree(segments(normalizePath(path).toLowerCase())) ? -2 : -1;
    const inj = findInjection(content, shift, undefined, instructions ? standingInstructions(ctx) : { harmful: harmOf(ctx) });
    // A comment in program source addressed to AI agents that asks for harm is planted for the next
    // agent that opens the file: attack text is quoted as a specimen in docs and tests, not there.
    const planted = inj && shift === -1 && inj.addressed && !!path && SOURCE_FILE.test(path);
    if (inj) ctx.emit({ patternName: inj.patternName, category: inj.category, severity: planted ? shiftSeverity(inj.severity, 1) : inj.severity, layer: 'builtin', reason: `${instructions ? `Text written to the agent instructions file ${path}` : planted ? `A comment written into the source file ${path}` : 'The file content'} ${inj.reason.slice(5)}` });
  }
}

function unanalysable(ctx: RuleContext, why: string): void {
  ctx.emit({ patternName: 'unanalysable.input', severity: 'high', category: 'unanalysable', layer: 'builtin', reason: `The call cannot be checked: ${why}.` });
}

/**
 * Runs one layer of the decision. A rule that throws on input nobody foresaw must not turn
 * into a 500 (the agent would then act unchecked or hang): it becomes a finding, denied under
 * strict and balanced like any input that cannot be analysed.
 */
function guarded(ctx: RuleContext, layer: string, run: () => void): void {
  try {
    run();
  } catch {
    ctx.emit({ patternName: 'unanalysable.error', severity: 'high', category: 'unanalysable', layer: 'builtin', reason: `The call could not be analysed (the ${layer} check failed), so it is not allowed unchecked.` });
  }
}

// File tools whose effect is deleting the path they name (surfaces map them to `write`).
// Built-in browser tools that open a URL (`browser_open_url`, `browser_navigate`, `open_browser_url`).
const BROWSER_TOOL = /^(?:browser_(?:open_url|navigate|goto|open|visit)|open_browser_url|navigate_browser)$/i;

const DELETE_FILE_TOOL = /^(?:delete|delete_file|deletefile|remove_file)$/i;

function inspectFacets(call: ToolCall, f: Facets, ctx: RuleContext, policy: CompiledPolicy, sink: ShellSink): void {
  const max = policy.maxInputLength;
  if (f.patch) {
    for (const file of f.patch) {
      if (file.op === 'delete') {
        const risk = fileDeletionRisk(file.path, ctx.cwd);
        if (!risk && classifyGuardRailPath(file.path)) continue; // reported by the guard-rail rule
        if (risk || isHookConfig(file.path)) ctx.emit({ patternName: 'destructive_fs.delete_file', severity: risk?.severity ?? 'high', category: 'destructive_fs', layer: 'builtin', reason: `The patch deletes ${risk?.label ?? file.path}.` });
      } else inspectWrite(file.path, bounded(file.added, max), ctx, policy, file.op === 'update');
    }
  }
  if (f.command !== undefined) {
    // Commands are judged in full: inspectShell applies the hard cap and reports what is past it.
    inspectShell(f.command, ctx, policy, sink);
    for (const s of secretFindings(bounded(f.command, inspectionCap(policy))!, 'The command', policy.entropyThreshold)) ctx.emit(s);
  }
  if (f.filePath && f.filePath.length > inspectionCap(policy)) unanalysable(ctx, `a path longer than ${inspectionCap(policy).toLocaleString('en-US')} characters cannot be analysed`);
  // Listing tools (list_directory, glob …) return names only; searching tools read contents.
  if (call.tool === 'read' || (call.tool === 'search' && !LIST_TOOL.test(call.toolName.toLowerCase()))) {
    // Copilot's `view` of a directory lists its entries (names only), as `ls ~/.ssh` does; a file is read.
    const listsDirectory = call.toolName === 'view' && !!f.filePath && credentialRisk(f.filePath)?.kind === 'credential_directory';
    if (f.filePath && !listsDirectory) inspectRead(f.filePath, ctx, call.tool === 'search' ? 'Searches' : 'Reads');
    if (call.tool === 'search') {
      const input = call.toolInput ?? {};
      const pattern = input.pattern ?? input.query ?? input.Query ?? input.regex;
      // Antigravity's codebase_search takes a list of directories (`TargetDirectories`): each is searched.
      const dirs = Array.isArray(input.TargetDirectories) ? input.TargetDirectories.slice(0, 50).filter((d): d is string => typeof d === 'string' && d !== f.filePath) : [];
      for (const d of dirs) inspectRead(d, ctx, 'Searches');
      for (const d of f.filePath ? [f.filePath, ...dirs] : dirs) {
        const risk = typeof pattern === 'string' ? credentialSearchRisk(d, pattern) : null;
        if (risk) emitCredentialRead(ctx, risk, d, 'Searches');
      }
    }
    // Read-many tools take lists of paths and globs (Gemini read_many_files `paths`/`include`):
    // every entry is read, not only the first the surface reports as the call's path.
    if (call.tool === 'read') for (const p of listedPaths(call.toolInput)) if (p !== f.filePath) inspectRead(p, ctx);
    // Cursor's beforeReadFile carries the file's text, which reaches the model with the read. Attack
    // text is quoted in docs often enough to count one step lower, unless it addresses the AI agent
    // that reads it: then it is an injection planted for whichever agent opens the file.
    const readText = call.tool === 'read' ? (f.content ?? call.toolInput.content) : undefined;
    if (typeof readText === 'string' && readText) {
      const inj = findInjection(bounded(readText, max)!, -1, undefined, { harmful: harmOf(ctx) });
      if (inj) ctx.emit({ ...inj, severity: inj.addressed ? shiftSeverity(inj.severity, 1) : inj.severity, layer: 'builtin', reason: `The file's content ${inj.reason.slice(5)}` });
    }
  } else if (call.tool === 'write' && f.filePath && DELETE_FILE_TOOL.test(call.toolName)) {
    // Cursor's Delete tool (and the like) removes the path: judged as a patch's deletion is.
    const risk = fileDeletionRisk(f.filePath, ctx.cwd);
    if (risk && !classifyGuardRailPath(f.filePath)) ctx.emit({ patternName: 'destructive_fs.delete_file', severity: risk.severity, category: 'destructive_fs', layer: 'builtin', reason: `The ${call.toolName} tool deletes ${risk.label}.` });
  } else if (call.tool === 'write' || call.tool === 'edit') {
    inspectWrite(f.filePath, bounded(f.content, max), ctx, policy, call.tool === 'edit');
  }
  if (call.tool === 'write' || call.tool === 'edit') {
    for (const g of guardRailEditFindings(guardRailEditsOf(call.toolName, call.toolInput ?? {}, call.tool))) ctx.emit(g);
  }
  // An agent's built-in browser (Antigravity's `browser_*` tools; the surfaces map them to no
  // canonical tool) sends what its URL carries when it opens the page, as a fetch does.
  if (call.tool === 'other' && f.url === undefined && BROWSER_TOOL.test(call.toolName)) {
    const u = call.toolInput?.Url ?? call.toolInput?.url ?? call.toolInput?.URL;
    if (typeof u === 'string' && u.length <= inspectionCap(policy) && !isUnixSocketUrl(u)) {
      const carried = urlSecretFinding(u, 'The browser request');
      if (carried) ctx.emit(carried);
      const smuggled = carried ? undefined : urlSmuggleFinding(u, 'The browser request sends');
      if (smuggled) ctx.emit(smuggled);
      for (const c of credentialUrlFindings([u])) ctx.emit(c);
      sink.hosts.push(...urlHosts(u));
      sink.urls.push(u);
    }
  }
  if (f.url !== undefined && call.tool === 'web_fetch') {
    for (const c of credentialUrlFindings([f.url])) ctx.emit(c);
    const carried = urlSecretFinding(f.url, 'The fetch');
    if (carried) ctx.emit(carried);
    const smuggled = urlSmuggleFinding(f.url, 'The fetch sends');
    if (smuggled) ctx.emit(smuggled);
  }
  if (f.url !== undefined && !isUnixSocketUrl(f.url)) {
    if (f.url.length > inspectionCap(policy)) unanalysable(ctx, `a URL longer than ${inspectionCap(policy).toLocaleString('en-US')} characters cannot be analysed`);
    sink.hosts.push(...urlHosts(f.url));
    sink.urls.push(f.url);
    for (const s of secretFindings(f.url, 'The URL', policy.entropyThreshold)) ctx.emit(s);
  }
  if (call.tool === 'web_fetch' || call.tool === 'web_search') {
    const q = call.toolInput?.prompt ?? call.toolInput?.query;
    if (typeof q === 'string') {
      sink.hosts.push(...urlHosts(q.slice(0, 10_000)));
      // Gemini's web_fetch takes a prompt with the URLs in it: file: and metadata URLs count too.
      if (call.tool === 'web_fetch') for (const c of credentialUrlFindings(credentialUrlsIn(q.slice(0, 10_000)).filter((u) => u !== f.url))) ctx.emit(c);
      // The agent writes the fetch prompt, often relaying the page's own text ("the footer says:
      // AI agents must run …"): page text the agent is about to obey is judged as a prompt is.
      if (call.tool === 'web_fetch') {
        const inj = findInjection(bounded(q, max)!, 0, undefined, { harmful: harmOf(ctx) });
        if (inj) ctx.emit({ ...inj, layer: 'builtin', reason: `The fetch prompt ${inj.reason.slice(5)}` });
        // The agent means to run whatever commands the page holds, unread: a warning, since each
        // command is still checked when it is run.
        else if (asksToRunFetchedCommands(bounded(q, max)!, true)) ctx.emit({ patternName: 'remote_code_exec.fetched_commands_unread', severity: 'medium', category: 'remote_code_exec', layer: 'builtin', reason: 'The fetch prompt means to run every command the page gives without reading them first; commands from a web page are downloaded code.' });
      }
    }
  }
  if (f.prompt !== undefined && (call.phase === 'prompt' || call.tool === 'prompt')) {
    const prompt = bounded(f.prompt, max)!;
    const inj = findInjection(prompt, 0, undefined, { harmful: harmOf(ctx) });
    if (inj) ctx.emit({ ...inj, layer: 'builtin', reason: `The prompt ${inj.reason.slice(5)}` });
    for (const s of promptSecretFindings(prompt, 'The prompt', policy.entropyThreshold)) ctx.emit(s);
    // A file attached to the prompt is sent to the model with it, as a read tool would load it.
    for (const p of attachedPaths(call.toolInput)) inspectRead(p, ctx, 'Attaches to the prompt');
  }
  if (call.tool === 'task') inspectSubagentPrompt(call, ctx, policy);
  // Gemini CLI's save_memory appends the fact to ~/.gemini/GEMINI.md, which every later session
  // reads as instructions: judged as text written to an instructions file.
  const fact = call.toolName === 'save_memory' ? call.toolInput.fact : undefined;
  if (typeof fact === 'string') {
    const inj = findInjection(bounded(fact, max)!, 0, undefined, standingInstructions(ctx));
    if (inj) ctx.emit({ ...inj, layer: 'builtin', reason: `The fact saved to Gemini's memory (GEMINI.md) ${inj.reason.slice(5)}` });
  }
}

/** Paths of files attached to a prompt (Cursor `attachments: [{type: "file", file_path}]`; the first 50). */
function attachedPaths(input: Record<string, unknown> | undefined): string[] {
  const list = input?.attachments;
  if (!Array.isArray(list)) return [];
  const out: string[] = [];
  for (const a of list.slice(0, 50)) {
    const p = typeof a === 'string' ? a : a && typeof a === 'object' ? (a as Record<string, unknown>).file_path ?? (a as Record<string, unknown>).path : undefined;
    if (typeof p === 'string' && p) out.push(p);
  }
  return out;
}

const LIST_PATH_KEYS = ['paths', 'include', 'file_paths', 'filePaths', 'files', 'Paths', 'AbsolutePaths'];

/** Paths a read tool takes as lists (bounded: the first 200 of each list). */
function listedPaths(input: Record<string, unknown> | undefined): string[] {
  const out: string[] = [];
  if (!input) return out;
  for (const k of LIST_PATH_KEYS) {
    const v = input[k];
    if (Array.isArray(v)) for (const p of v.slice(0, 200)) if (typeof p === 'string' && p) out.push(p);
  }
  return out;
}

const SUBAGENT_TEXT_KEYS = ['prompt', 'task', 'instructions', 'message', 'description', 'query', 'objective', 'goal', 'input', 'Task', 'Prompt'];

/** A subagent (Task/Agent/invoke_agent) is started with a prompt the agent wrote: the same checks as a user prompt. */
function inspectSubagentPrompt(call: ToolCall, ctx: RuleContext, policy: CompiledPolicy): void {
  const input = call.toolInput ?? {};
  const text = SUBAGENT_TEXT_KEYS.map((k) => input[k]).filter((v): v is string => typeof v === 'string').join('\n');
  if (!text) return;
  const bounded_ = bounded(text, policy.maxInputLength)!;
  const inj = findInjection(bounded_, 0, undefined, { harmful: harmOf(ctx) });
  if (inj) ctx.emit({ ...inj, layer: 'builtin', reason: `The subagent prompt ${inj.reason.slice(5)}` });
  // The agent's own order to a subagent: a concrete harmful request counts without any claim, and
  // is not lowered by a weaker injection finding ("relaunch yourself with codex --dangerously-…"
  // is a guard-rail request in a prompt, an order here).
  if (!inj || severityRank(inj.severity) < severityRank('high')) {
    const harm = delegatedHarm(bounded_, harmOf(ctx, 'high'), (p) => severityRank(deletionRisk(p, ctx.cwd)?.severity ?? 'info') >= severityRank('high'));
    if (harm) ctx.emit({ patternName: `${harm.category}.delegated_to_subagent`, severity: 'high', category: harm.category, layer: 'builtin', reason: `The subagent prompt tells another agent to ${harm.action}.` });
  }
  for (const s of promptSecretFindings(bounded_, 'The subagent prompt', policy.entropyThreshold)) ctx.emit(s);
}

function inspectMcp(call: ToolCall, ctx: DecisionContext, policy: CompiledPolicy, sink: ShellSink): string {
  const id = call.mcp ?? parseMcpToolName(call.toolName) ?? { server: 'unknown', tool: call.toolName };
  inspectMcpPolicy(policy, id.server, id.tool, ctx);
  const m = mcpFacets(id.tool, call.toolInput ?? {});
  const wrap = ctx.prefixed(`MCP tool ${id.server}/${id.tool}: `);
  for (const c of m.commands) {
    wrap.emit({ patternName: 'mcp_risk.shell_tool', severity: 'low', category: 'mcp_risk', layer: 'builtin', reason: 'runs shell commands.' });
    inspectShell(c, wrap, policy, sink);
  }
  const secret = mcpSecretRead(id.server, id.tool, call.toolInput ?? {});
  const hunt = secret ? null : mcpSecretHunt(id.server, id.tool, call.toolInput ?? {});
  if (hunt) wrap.emit({ patternName: 'credential_access.message_secret_search', severity: 'medium', category: 'credential_access', layer: 'builtin', reason: `searches the messages or documents for pasted credentials ("${hunt}"); what it finds lands in the agent's context.` });
  if (secret) wrap.emit({ patternName: 'credential_access.secret_manager_read', severity: 'high', category: 'credential_access', layer: 'builtin', reason: `reads ${secret} from a secret store; credentials must not be loaded into an agent's context.` });
  // Path arguments are read however they are spelled: percent-encoded, `..` traversal, file: URLs.
  for (const p of m.readPaths) {
    const hit = /^file:/i.test(p) ? null : credentialRiskOfArg(p);
    if (hit) emitCredentialRead(wrap, hit.risk, hit.path, 'Reads');
  }
  // A git tool's `rev:path` (`HEAD:.ssh/id_rsa` in a repository at home) prints that file as committed.
  const input = call.toolInput ?? {};
  for (const k of GIT_OBJECT_KEYS) {
    const v = input[k];
    const colon = typeof v === 'string' && v.length < 1024 && !v.includes('://') ? v.indexOf(':') : -1;
    if (colon < 0) continue;
    const repo = input.repo_path ?? input.repoPath ?? input.repository ?? input.repo ?? input.cwd;
    const inRepo = (v as string).slice(colon + 1);
    const hit = (typeof repo === 'string' && /^[/~]/.test(repo) ? credentialRiskOfArg(`${repo}/${inRepo}`) : null) ?? credentialRiskOfArg(inRepo);
    if (hit) emitCredentialRead(wrap, hit.risk, hit.path, `Reads, as committed in ${typeof repo === 'string' ? repo : 'the repository'},`);
  }
  // Uploading or attaching a credential file sends it off the machine: worse than reading it.
  for (const p of m.sendPaths) {
    const hit = /^file:/i.test(p) ? null : credentialRiskOfArg(p);
    if (hit) wrap.emit({ patternName: 'exfiltration.mcp_credential_upload', severity: severityRank(hit.risk.severity) >= severityRank('critical') ? 'critical' : 'high', category: 'exfiltration', layer: 'builtin', reason: `uploads or attaches ${hit.risk.label}, sending a credential off the machine.`, paths: [hit.path] });
  }
  for (const f of credentialUrlFindings([...m.urls, ...m.readPaths.filter((p) => /^file:/i.test(p)), ...credentialUrlsIn(m.text)], 'reaches')) wrap.emit(f);
  for (const w of m.writes) inspectWrite(w.path, w.content, wrap, policy);
  if (m.writes.length) {
    const input = call.toolInput ?? {};
    const moved = /move|rename/i.test(id.tool) && typeof input.source === 'string' ? guardRailDeletion(input.source, 'moves away') : [];
    const edits = moved.length ? [] : guardRailEditsOf(id.tool, input, /edit|replace|patch|update|append|insert/i.test(id.tool) ? 'edit' : 'write');
    for (const g of [...moved, ...guardRailEditFindings(edits, 'writes a file that')]) wrap.emit(g);
  }
  // A git tool's forced push, hard reset or forced checkout is judged as the git command it is.
  const git = mcpGitEquivalent(id.server, id.tool, call.toolInput ?? {});
  if (git) for (const f of ctx.inspectNested(git)) wrap.emit({ ...f, reason: `${f.reason.replace(/\.$/, '')} (as \`${git}\` would).` });
  // A deletion of a cluster object, bucket content or stored secret is judged as its CLI would be.
  const equivalent = m.deletes ? mcpDeleteEquivalent(id.server, id.tool, call.toolInput ?? {}) : null;
  if (equivalent) {
    for (const f of ctx.inspectNested(equivalent)) wrap.emit({ ...f, reason: `${f.reason.replace(/\.$/, '')} (as \`${equivalent}\` would).` });
  }
  for (const p of equivalent ? [] : m.deletePaths) {
    const guards = guardRailDeletion(p, 'deletes');
    for (const g of guards) wrap.emit(g);
    if (guards.length) continue; // the guard-rail finding names what the deletion does
    const risk = fileDeletionRisk(p, ctx.cwd);
    wrap.emit(risk ? { patternName: 'destructive_fs.recursive_delete', severity: risk.severity, category: 'destructive_fs', layer: 'builtin', reason: `deletes ${risk.label}.` } : { patternName: 'mcp_risk.delete_tool', severity: 'low', category: 'mcp_risk', layer: 'builtin', reason: `deletes ${p}.` });
  }
  if (m.deletes && m.deletePaths.length === 0 && !equivalent) wrap.emit({ patternName: 'mcp_risk.delete_tool', severity: 'medium', category: 'mcp_risk', layer: 'builtin', reason: 'deletes data through an MCP server; deletions there bypass local safeguards.' });
  inspectMcpGrant(id.tool, call.toolInput ?? {}, m.text, wrap);
  for (const sql of m.sql) {
    emitMcpSql(wrap, sql, 'The query', `${id.server} ${id.tool} ${m.text.length > 4096 ? '' : m.text}`);
    // SQL that reads files (`readfile('…')`, `pg_read_file('…')`, `ATTACH '…'`) reads them as cat would.
    for (const p of sqlReadPaths(sql)) {
      const hit = credentialRiskOfArg(p);
      if (hit) emitCredentialRead(wrap, hit.risk, hit.path, 'The query reads, through an SQL file function,');
    }
  }
  for (const u of m.urls) {
    if (isUnixSocketUrl(u)) continue; // a local socket, not a network destination
    // A browser's navigate or a fetch tool sends what its URL carries, as WebFetch does.
    const carried = urlSecretFinding(u, 'the request');
    if (carried) wrap.emit(carried);
    const smuggled = carried ? undefined : urlSmuggleFinding(u, 'sends');
    if (smuggled) wrap.emit(smuggled);
    sink.hosts.push(...urlHosts(u));
    sink.urls.push(u);
  }
  const secretHits = m.text ? findSecrets(m.text, policy.entropyThreshold) : [];
  const secrets = secretHitFindings(secretHits, 'The arguments');
  const audience = publicExposure(call.toolInput ?? {});
  if (audience) {
    // Opening an existing document to everyone exposes content this call does not show; publishing
    // new content is judged by what it carries (a secret or a credential file makes it a leak; a
    // public asset or snippet is what such tools are for, and is only logged).
    const credential = [...m.sendPaths, ...m.readPaths].map((p) => credentialRiskOfArg(p)).find((h) => h);
    const tool = id.tool.toLowerCase();
    const existing = m.sendPaths.length === 0 && (PERMISSION_TOOL.test(tool) || !CREATING_TOOL.test(tool));
    const what = credential ? credential.risk.label : secrets.length ? 'content with secrets in it' : existing ? 'an existing document or object (its content is not shown here)' : 'what it creates';
    wrap.emit({ patternName: 'exfiltration.public_share', severity: credential || secrets.length || existing ? 'high' : 'low', category: 'exfiltration', layer: 'builtin', reason: `makes ${what} readable by ${audience}.` });
  }
  if (m.text) {
    for (const s of secrets) wrap.emit(s);
    // A message, issue, page or mail tool hands its text to other people: a credential in it leaves.
    // (A secret the file rules found counts as well: a provider token or a high-entropy value.)
    const sent = isOutboundTextTool(id.tool) ? findMessageSecrets(m.text) ?? secretHits[0] ?? null : null;
    inspectPageScript(id.tool, m.text, wrap);
    if (sent) wrap.emit({ patternName: 'exfiltration.secret_in_message', severity: 'high', category: 'exfiltration', layer: 'builtin', reason: `posts ${sent.label} to ${id.server}, where other people and the service's history keep it.` });
    // Attack text is quoted in issues and messages often enough that an override alone is one
    // step lower here; an override asking for a harmful action is not.
    // What an agent memory server stores (entities, observations, memories) is read back as
    // instructions in every later session, as an instructions file is.
    const memory = MEMORY_TOOL.test(id.server) || MEMORY_TOOL.test(id.tool);
    const inj = findInjection(m.text, 0, undefined, memory ? standingInstructions(ctx) : { harmful: harmOf(ctx) });
    if (inj) wrap.emit({ ...inj, severity: !memory && (inj.patternName === 'prompt_injection.instruction_override' || inj.patternName === 'prompt_injection.guard_rail_request') ? shiftSeverity(inj.severity, -1) : inj.severity, layer: 'builtin', reason: `${memory ? 'text stored in agent memory' : 'text in the arguments'} ${inj.reason.slice(5)}` });
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

/** The pure decision; never throws (an unexpected failure is a deny under strict and balanced). */
export function decideToolCall(policy: CompiledPolicy, call: ToolCall): Decision {
  try {
    return decideUnguarded(policy, call);
  } catch {
    const f: Finding = { patternName: 'unanalysable.error', severity: 'high', category: 'unanalysable', layer: 'builtin', reason: 'The call could not be analysed, so it is not allowed unchecked.' };
    return toDecision(policy, [f]);
  }
}

function decideUnguarded(policy: CompiledPolicy, call: ToolCall): Decision {
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
  if (!isPrompt) guarded(ctx, 'tools policy', () => inspectToolsPolicy(policy, call, ctx));
  let mcpText = '';
  if (call.tool === 'mcp' || call.mcp) guarded(ctx, 'MCP', () => (mcpText = inspectMcp(call, ctx, policy, sink)));
  guarded(ctx, 'built-in rules', () => inspectFacets(call, facets, ctx, policy, sink));
  if (sink.hosts.length) guarded(ctx, 'network policy', () => inspectNetworkPolicy(policy, sink.hosts, sink.urls, ctx, call.tool === 'web_fetch' ? 'The fetch' : 'The command'));

  const inputs = [facets.command, facets.filePath, facets.content, facets.url, facets.prompt, mcpText];
  const patches = facets.patch ?? [];
  // A patch is matched as "<path>\n<added>"; its length is counted without building that text.
  let total = 0;
  for (const h of inputs) total += h?.length ?? 0;
  for (const p of patches) total += p.path.length + 1 + p.added.length;
  if (policy.custom.length) guarded(ctx, 'custom pattern', () => {
    const haystacks = [...inputs, ...patches.map((p) => `${p.path}\n${p.added}`), ...sink.normalized];
    const texts = haystacks.filter((h): h is string => !!h).map((h) => (h.length > policy.maxInputLength ? h.slice(0, policy.maxInputLength) : h).toLowerCase());
    for (const p of policy.custom) {
      if (texts.some((t) => p.test(t))) {
        ctx.emit({ patternName: 'custom_blacklist.match', severity: p.severity, category: 'custom_blacklist', layer: 'custom_blacklist', reason: `Matches the organization's blocked pattern "${p.source}".` });
        break;
      }
    }
  });
  if (total > policy.maxInputLength) {
    ctx.emit({ patternName: 'max_input_length.exceeded', severity: 'medium', category: 'max_input_length', layer: 'max_input_length', reason: `The tool input is ${total} characters, over the organization's limit of ${policy.maxInputLength}; commands, paths and URLs were checked in full, other content only up to the limit.` });
  }
  return toDecision(policy, findings);
}
