// Keeping a file that holds a key out of commits. Claude Code's project-scope hooks go to
// .claude/settings.local.json; Claude Code ignores it through git only when it created the
// file itself, and our one-time backup of it (which may hold the user's own secrets) is a
// new file git would offer to commit. So both are listed in the clone's .git/info/exclude
// (local, never committed) between marker comments that uninstall removes. The lines are
// written even when another rule already ignores the file: that keeps install idempotent
// and independent of rules the user may later change.
import { execFileSync } from 'node:child_process';
import { relative, resolve, sep } from 'node:path';
import { HOOK_MARKER } from './hook-commands.js';

const BEGIN = `# BEGIN ${HOOK_MARKER}: agent settings holding an API key stay out of commits`;
const END = `# END ${HOOK_MARKER}`;

function git(cwd: string, args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 3000 }).trim() || null;
  } catch {
    return null;
  }
}

export interface ExcludeTarget {
  excludeFile: string;
  /** Patterns anchored at the repository root, e.g. /app/.claude/settings.local.json */
  patterns: string[];
}

/** Null when projectDir is not inside a git work tree (nothing gets committed then). */
export function excludeTargetFor(projectDir: string, files: string[]): ExcludeTarget | null {
  const top = git(projectDir, ['rev-parse', '--show-toplevel']);
  const excludeRel = git(projectDir, ['rev-parse', '--git-path', 'info/exclude']);
  if (!top || !excludeRel) return null;
  const patterns = files.map((f) => `/${relative(top, resolve(f)).split(sep).join('/')}`);
  return { excludeFile: resolve(projectDir, excludeRel), patterns };
}

export function installExcludeLines(text: string | null, patterns: string[]): string {
  const base = uninstallExcludeLines(text ?? '');
  const block = [BEGIN, ...patterns, END].join('\n');
  if (text !== null && text.includes(`${block}\n`)) return text;
  const prefix = base === '' || base.endsWith('\n') ? base : `${base}\n`;
  return `${prefix}${block}\n`;
}

export function uninstallExcludeLines(text: string): string {
  const begin = text.indexOf(`${BEGIN}\n`);
  if (begin < 0) return text;
  const endAt = text.indexOf(`${END}\n`, begin);
  const stop = endAt < 0 ? text.length : endAt + END.length + 1;
  return text.slice(0, begin) + text.slice(stop);
}
