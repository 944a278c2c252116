// Runs every rule family over one shell command line: parse once, then per simple command
// and per pipeline. Also reports the hosts the command reaches (network policy) and the
// unquoted form of each command (custom patterns).
import type { CompiledPolicy } from './compile.js';
import { commandHosts, commandUrls, inspectCommandPolicy } from './sections.js';
import { parseShell } from './shell/parser.js';
import type { RuleContext } from './rules/context.js';
import { inspectCloudCommand } from './rules/cloud.js';
import { inspectCredentialCommand } from './rules/credentials.js';
import { inspectDestructiveCommand, inspectDestructiveRedirects, inspectDestructiveText } from './rules/destructive.js';
import { inspectExfiltrationCommand } from './rules/exfiltration.js';
import { inspectGitCommand } from './rules/git.js';
import { inspectInlineCode } from './rules/inline-code.js';
import { inspectPersistenceCommand } from './rules/persistence.js';
import { inspectElevation, inspectPrivilegeCommand, inspectPrivilegedRedirects } from './rules/privilege.js';
import { inspectDownloadThenExecute, inspectRemoteCodeCommand, inspectRemoteCodePipelines } from './rules/remote-code.js';

export interface ShellSink {
  hosts: string[];
  urls: string[];
  /** Each simple command as `argv` joined by spaces, lower-cased. */
  normalized: string[];
}

export function inspectShell(command: string, ctx: RuleContext, policy: CompiledPolicy, sink?: ShellSink): void {
  const script = parseShell(command, { maxLength: Math.min(policy.maxInputLength, 65_536) });
  inspectDestructiveText(command, ctx);
  for (const cmd of script.commands) {
    inspectDestructiveCommand(cmd, ctx);
    inspectDestructiveRedirects(cmd, ctx);
    inspectRemoteCodeCommand(cmd, script, ctx);
    inspectCredentialCommand(cmd, ctx);
    inspectExfiltrationCommand(cmd, ctx);
    inspectGitCommand(cmd, ctx);
    inspectPersistenceCommand(cmd, ctx);
    inspectPrivilegeCommand(cmd, ctx);
    inspectPrivilegedRedirects(cmd, ctx);
    inspectCloudCommand(cmd, ctx);
    inspectInlineCode(cmd, ctx);
    inspectCommandPolicy(policy, cmd, ctx);
    if (sink) {
      sink.hosts.push(...commandHosts(cmd));
      sink.urls.push(...commandUrls(cmd));
      // Only custom patterns read the normalized form: skip building it when there are none.
      if (cmd.argv.length && policy.custom.length) sink.normalized.push(cmd.argv.map((w) => w.text).join(' ').toLowerCase());
    }
  }
  inspectRemoteCodePipelines(script, ctx);
  inspectDownloadThenExecute(script, ctx);
  inspectElevation(script, ctx);
}
