// Human and JSON renderings of an install/uninstall run. Keys never appear: diffs are
// redacted and the key is shown masked.
import chalk from 'chalk';
import { homeDir } from '../config/paths.js';
import type { FileChange } from './file-changes.js';
import type { RunReport } from './install-run.js';
import { redactBearerTokens } from './key-input.js';
import { unifiedDiff } from './unified-diff.js';

function tildify(path: string): string {
  const home = homeDir();
  return path.startsWith(`${home}/`) ? `~${path.slice(home.length)}` : path;
}

const VERB: Record<FileChange['action'], string> = {
  create: 'created',
  update: 'updated',
  delete: 'removed',
  restore: 'restored the original',
  unchanged: 'unchanged',
};

export function changeJson(c: FileChange, dryRun: boolean): Record<string, unknown> {
  return {
    surface: c.surface,
    path: c.path,
    action: c.action,
    ...(c.backupPath ? { backup: c.backupPath } : {}),
    ...(c.restoredFrom ? { restored_from: c.restoredFrom } : {}),
    ...(dryRun ? { diff: redactBearerTokens(unifiedDiff(c.path, c.before, c.after)) } : {}),
  };
}

export function renderDryRun(report: RunReport): string {
  const diffs = report.changes.map((c) => redactBearerTokens(unifiedDiff(c.path, c.before, c.after))).filter(Boolean);
  if (diffs.length === 0) return `${chalk.dim('Nothing would change.')}\n`;
  return `${diffs.join('\n')}\n${chalk.dim('Dry run: nothing was written.')}\n`;
}

export function renderChanges(report: RunReport): string {
  const lines: string[] = [];
  for (const c of report.changes) {
    const verb = c.action === 'unchanged' ? chalk.dim(VERB[c.action]) : chalk.green(VERB[c.action]);
    const backup = c.backupPath ? chalk.dim(` (original kept at ${tildify(c.backupPath)})`) : '';
    lines.push(`${chalk.bold(c.surface.padEnd(12))} ${verb.padEnd(18)} ${tildify(c.path)}${backup}`);
  }
  for (const w of report.warnings) lines.push(chalk.yellow(`warning: ${w}`));
  for (const n of report.notes) lines.push(chalk.cyan(`note: ${n}`));
  return `${lines.join('\n')}\n`;
}
