// Runs every rule family over one shell command line: parse once, then per simple command
// and per pipeline. Also reports the hosts the command reaches (network policy) and the
// unquoted form of each command (custom patterns).
import { inspectSecretCommitPush } from './rules/secret-commit.js';
import type { CompiledPolicy } from './compile.js';
import { commandHosts, commandUrls, inspectCommandPolicy } from './sections.js';
import { parseShell, SHELL_LIMITS } from './shell/parser.js';
import type { Finding } from './findings.js';
import { ContextView, type RuleContext } from './rules/context.js';
import { inspectCloudCommand } from './rules/cloud.js';
import { inspectCredentialCommand } from './rules/credentials.js';
import { inspectDynamicCode } from './rules/dynamic-code.js';
import { inspectRuntimeCode, inspectRuntimeCodePipelines } from './rules/runtime-code.js';
import { inspectRunnerInput } from './rules/runner-input.js';
import { inspectPlatformCommand } from './rules/platform.js';
import { inspectDestructiveCommand, inspectDestructiveRedirects, inspectDestructiveText } from './rules/destructive.js';
import { inspectExfiltrationCommand, inspectStagedUploads, inspectWiredShells } from './rules/exfiltration.js';
import { inspectGitCommand } from './rules/git.js';
import { inspectGuardRailCommand } from './rules/guard-rails-shell.js';
import { inspectInlineCode } from './rules/inline-code.js';
import { inspectIntent } from './rules/intent.js';
import { inspectPersistenceCommand } from './rules/persistence.js';
import { inspectElevation, inspectPrivilegeCommand, inspectPrivilegedRedirects } from './rules/privilege.js';
import { inspectDownloadThenExecute, inspectRemoteCodeCommand, inspectRemoteCodePipelines } from './rules/remote-code.js';
import { mayDownload } from './rules/facts.js';

/**
 * The hard inspection cap for commands, paths and URLs: 256 KiB, or the org's max_input_length
 * when that is larger. Judged in full up to it; past it the call is unanalysable (docs/policy.md).
 */
export function inspectionCap(policy: CompiledPolicy): number {
  return Math.max(SHELL_LIMITS.maxLength, policy.maxInputLength);
}

export interface ShellSink {
  hosts: string[];
  urls: string[];
  /** Each simple command as `argv` joined by spaces, lower-cased. */
  normalized: string[];
}

/**
 * The rule context of a command reached through wrappers: every reason names the wrapper path,
 * e.g. "rm recursively deletes the home directory (inside a here-document run by sh)."
 */
class ViaContext extends ContextView {
  constructor(
    inner: RuleContext,
    private readonly suffix: string,
  ) {
    super(inner);
  }
  emit(f: Finding): void {
    const r = f.reason;
    const reason = r.includes(this.suffix) ? r : r.endsWith('.') ? `${r.slice(0, -1)}${this.suffix}.` : `${r}${this.suffix}`;
    this.inner.emit({ ...f, reason });
  }
}

function viaSuffix(via: readonly string[]): string {
  return ` (inside ${[...via].reverse().join(', inside ')})`;
}

export function inspectShell(command: string, outer: RuleContext, policy: CompiledPolicy, sink?: ShellSink): void {
  const ctx = outer;
  // The command is judged in full up to the hard inspection cap, whatever max_input_length
  // says: padding a command must not push the dangerous part out of view (issue #15).
  const cap = inspectionCap(policy);
  const script = parseShell(command, { maxLength: cap });
  if (script.unanalysable) {
    ctx.emit({ patternName: 'unanalysable.shell', severity: 'high', category: 'unanalysable', layer: 'builtin', reason: `The command cannot be checked: ${script.unanalysable}.` });
  }
  inspectDestructiveText(command.length > cap ? command.slice(0, cap) : command, ctx);
  let lastVia: readonly string[] | undefined;
  let viaCtx: RuleContext = outer;
  let downloads = false;
  for (const cmd of script.commands) {
    // Noted while the command is at hand: the download-then-run rule finds nothing without a
    // download, and its own pass over a long line's commands reads them all from memory again.
    if (!downloads && mayDownload(cmd)) downloads = true;
    const ctx = cmd.via ? (cmd.via === lastVia ? viaCtx : ((lastVia = cmd.via), (viaCtx = new ViaContext(outer, viaSuffix(cmd.via))))) : outer;
    inspectDestructiveCommand(cmd, ctx);
    inspectDestructiveRedirects(cmd, ctx);
    inspectRemoteCodeCommand(cmd, script, ctx);
    inspectCredentialCommand(cmd, ctx);
    inspectExfiltrationCommand(cmd, ctx);
    inspectGitCommand(cmd, ctx, script);
    inspectPersistenceCommand(cmd, ctx);
    inspectPrivilegeCommand(cmd, ctx);
    inspectPrivilegedRedirects(cmd, ctx);
    inspectGuardRailCommand(cmd, script, ctx);
    inspectCloudCommand(cmd, ctx, script);
    inspectInlineCode(cmd, ctx);
    inspectIntent(cmd, script, ctx);
    inspectDynamicCode(cmd, ctx);
    inspectRuntimeCode(cmd, ctx);
    inspectRunnerInput(cmd, ctx);
    inspectPlatformCommand(cmd, ctx);
    inspectCommandPolicy(policy, cmd, ctx);
    if (sink) {
      const hosts = commandHosts(cmd);
      if (hosts.length) sink.hosts.push(...hosts);
      const urls = commandUrls(cmd);
      if (urls.length) sink.urls.push(...urls);
      // Only custom patterns read the normalized form: skip building it when there are none.
      if (cmd.argv.length && policy.custom.length) sink.normalized.push(cmd.argv.map((w) => w.text).join(' ').toLowerCase());
    }
  }
  inspectRemoteCodePipelines(script, ctx);
  inspectRuntimeCodePipelines(script, ctx);
  if (downloads) inspectDownloadThenExecute(script, ctx);
  inspectElevation(script, ctx);
  inspectWiredShells(script, ctx);
  inspectStagedUploads(script, ctx);
  inspectSecretCommitPush(script, ctx);
}
