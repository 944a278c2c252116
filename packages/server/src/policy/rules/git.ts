// git_danger: operations that destroy shared history or uncommitted work. Force pushes are
// judged by the branch they rewrite (protected: main/master/trunk/production and the
// policy's protected_branches; shared: release/*, develop, staging), so a lease-protected
// force push of a feature branch after a rebase stays quiet.
import type { SimpleCommand } from '../shell/types.js';
import type { Severity } from '../types.js';
import type { RuleContext } from './context.js';
import { hasLong, hasShort, positionals } from './facts.js';

const CATEGORY = 'git_danger';
const PUSH_VALUE_OPTS = new Set(['--repo', '--receive-pack', '--exec', '-o', '--push-option', '--signed']);

function emit(ctx: RuleContext, severity: Severity, rule: string, reason: string): void {
  ctx.emit({ patternName: `${CATEGORY}.${rule}`, severity, category: CATEGORY, layer: 'builtin', reason });
}

/** Git's own options before the subcommand (`git -C dir push`). */
function gitArgs(cmd: SimpleCommand): string[] {
  const a = cmd.args;
  let i = 0;
  while (i < a.length && a[i].startsWith('-')) i += a[i] === '-C' || a[i] === '-c' || a[i] === '--git-dir' || a[i] === '--work-tree' ? 2 : 1;
  return a.slice(i);
}

function branchOf(refspec: string): string {
  const dst = refspec.includes(':') ? refspec.slice(refspec.indexOf(':') + 1) : refspec;
  return dst.replace(/^\+/, '').replace(/^refs\/heads\//, '');
}

function inspectPush(args: string[], ctx: RuleContext): void {
  const lease = hasLong(args, '--force-with-lease') || hasLong(args, '--force-if-includes');
  const pos = positionals(args, PUSH_VALUE_OPTS);
  const refspecs = pos.slice(1);
  const plainForce = hasShort(args, 'f') || hasLong(args, '--force') || refspecs.some((r) => r.startsWith('+'));
  const deleting = hasShort(args, 'd') || hasLong(args, '--delete');
  if (deleting || refspecs.some((r) => r.startsWith(':'))) {
    const branches = deleting ? refspecs : refspecs.filter((r) => r.startsWith(':'));
    for (const b of branches.map(branchOf)) {
      const cls = ctx.branchClass(b);
      emit(ctx, cls === 'protected' ? 'high' : cls === 'shared' ? 'medium' : 'low', 'delete_remote_branch', `Deletes the remote branch ${b}${cls ? ` (a ${cls} branch)` : ''}.`);
    }
    return;
  }
  if (hasLong(args, '--mirror')) return emit(ctx, 'medium', 'push_mirror', 'git push --mirror overwrites and deletes every remote ref to match the local repository.');
  if (!plainForce && !lease) return;
  // No refspec, or HEAD: the branch is whatever is checked out, which the hook cannot see.
  if (refspecs.length === 0 || hasLong(args, '--all') || refspecs.every((r) => branchOf(r) === 'HEAD')) {
    return emit(ctx, plainForce ? 'medium' : 'low', 'force_push', `Force-pushes ${hasLong(args, '--all') ? 'every branch' : 'the current branch'}; the target branch cannot be checked.`);
  }
  for (const b of refspecs.map(branchOf)) {
    const cls = ctx.branchClass(b);
    if (plainForce && cls === 'protected') emit(ctx, 'high', 'force_push_protected', `Force-pushes ${b}, rewriting the shared history of a protected branch.`);
    else if (cls === 'protected') emit(ctx, 'medium', 'force_push_protected', `Force-pushes ${b} (with a lease); a protected branch should only move through reviewed merges.`);
    else if (cls === 'shared') emit(ctx, plainForce ? 'medium' : 'low', 'force_push_shared', `Force-pushes the shared branch ${b}, rewriting history others have pulled.`);
    else if (plainForce) emit(ctx, 'low', 'force_push', `Force-pushes ${b} without a lease.`);
  }
}

export function inspectGitCommand(cmd: SimpleCommand, ctx: RuleContext): void {
  if (cmd.name === 'bfg' || cmd.name === 'git-filter-repo') return emit(ctx, 'medium', 'history_rewrite', `${cmd.name} rewrites the whole repository history; publishing it needs a coordinated force push.`);
  if (cmd.name !== 'git') return;
  const args = gitArgs(cmd);
  const sub = args[0];
  const rest = args.slice(1);
  switch (sub) {
    case 'push':
      return inspectPush(rest, ctx);
    case 'reset':
      if (rest.includes('--hard')) emit(ctx, 'medium', 'reset_hard', `git reset --hard${rest.length > 1 ? ` ${rest.filter((a) => a !== '--hard').join(' ')}` : ''} discards uncommitted work${rest.some((a) => /~|\^|HEAD@|^[0-9a-f]{7,}$/.test(a)) ? ' and moves the branch, dropping commits' : ''}.`);
      return;
    case 'clean':
      if ((hasShort(rest, 'f') || hasLong(rest, '--force')) && !hasShort(rest, 'n') && !hasLong(rest, '--dry-run')) {
        emit(ctx, 'medium', 'clean_force', `git clean ${rest.join(' ')} permanently deletes untracked${hasShort(rest, 'x') ? ' and ignored' : ''} files (local .env files, caches, new work).`);
      }
      return;
    case 'filter-branch':
    case 'filter-repo':
      return emit(ctx, 'medium', 'history_rewrite', `git ${sub} rewrites the repository history; publishing it needs a coordinated force push.`);
    case 'checkout':
    case 'restore':
      if ((rest.includes('.') || rest.includes(':/')) && (sub === 'restore' || rest.includes('--') || rest[0] === '.') && !rest.includes('--staged')) {
        emit(ctx, 'low', 'discard_changes', `git ${sub} ${rest.join(' ')} discards uncommitted changes in the working tree.`);
      }
      return;
    case 'stash':
      if (rest[0] === 'clear') emit(ctx, 'medium', 'stash_clear', 'git stash clear deletes every stash entry.');
      return;
    case 'reflog':
      if (rest[0] === 'expire' && rest.some((a) => /--expire(-unreachable)?=(now|all|0)/.test(a))) emit(ctx, 'medium', 'reflog_expire', 'Expiring the reflog removes the only way to recover discarded commits.');
      return;
    case 'branch': {
      if (!(rest.includes('-D') || (rest.includes('-d') && rest.includes('--force')))) return;
      const b = positionals(rest).find((x) => ctx.branchClass(x) === 'protected');
      if (b) emit(ctx, 'medium', 'delete_protected_branch', `Force-deletes the local ${b} branch.`);
      return;
    }
    case 'update-ref':
      if (rest.includes('-d') && rest.some((r) => ctx.branchClass(branchOf(r)) === 'protected')) emit(ctx, 'medium', 'delete_protected_branch', 'Deletes a protected branch ref.');
      return;
  }
}
