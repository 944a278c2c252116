// Dry runs: a sync, mirror, cloud delete or uninstall asked only to report what it would do
// (`rclone sync ./site r2:docs --dry-run`, `rsync -avn --delete`, `aws s3 sync --dryrun`,
// `kubectl delete --dry-run=client`, `helm uninstall --dry-run`) changes nothing, so the delete
// rules do not judge it. Each tool's own spelling counts, and only where the tool documents it:
// `-n` means dry run to rsync, rclone, s3cmd and `gsutil rsync`, but no-clobber to `gsutil cp`.
import type { SimpleCommand } from '../shell/types.js';
import { positionals } from './facts.js';

interface DryRunSpelling {
  long: readonly string[];
  /** A short option in a cluster (`-avn`). */
  short?: string;
  /** Only for these subcommands (the first positional). */
  sub?: RegExp;
  /** Values of the long option that turn the dry run off (`--dry-run=none`). */
  off?: RegExp;
}

const SPELLINGS: ReadonlyMap<string, DryRunSpelling> = new Map(Object.entries({
  rsync: { long: ['--dry-run'], short: 'n' },
  rclone: { long: ['--dry-run'], short: 'n' },
  s3cmd: { long: ['--dry-run'], short: 'n' },
  aws: { long: ['--dryrun', '--dry-run'] },
  gsutil: { long: [], short: 'n', sub: /^rsync$/ },
  gcloud: { long: ['--dry-run'] },
  azcopy: { long: ['--dry-run'] },
  kubectl: { long: ['--dry-run'], off: /^none$/i },
  oc: { long: ['--dry-run'], off: /^none$/i },
  helm: { long: ['--dry-run'], off: /^false$/i },
  pulumi: { long: ['--preview-only'], off: /^false$/i },
} satisfies Record<string, DryRunSpelling>));

/** Whether `cmd` is one of the tools above asked for a dry run (the last of on/off wins). */
export function isDryRun(cmd: SimpleCommand): boolean {
  // A Map: a program called `constructor` must not find Object's prototype.
  const spelling = SPELLINGS.get(cmd.name);
  if (!spelling) return false;
  const args = cmd.args;
  // gsutil's global options come before the subcommand (`gsutil -m rsync -n`).
  const sub = spelling.sub ? positionals(args)[0] : undefined;
  if (spelling.sub && !spelling.sub.test(sub ?? '')) return false;
  let on = false;
  for (const a of args) {
    if (a === '--') break;
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = eq < 0 ? a : a.slice(0, eq);
      if (spelling.long.includes(name)) on = eq < 0 || !(spelling.off?.test(a.slice(eq + 1)) ?? false);
      else if (spelling.long.some((l) => name === `--no-${l.slice(2)}`)) on = false;
    } else if (spelling.short && /^-[A-Za-z]+$/.test(a) && a.includes(spelling.short)) on = true;
  }
  return on;
}
