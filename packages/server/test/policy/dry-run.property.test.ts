// Red-team round 2, class 3: a mirror, sync, cloud delete or uninstall asked for a dry run only
// reports what it would do, so it is allowed; the same command without the dry run keeps its
// verdict. Each tool's own spelling counts, and only that tool's. Bounded: fixed seeds and numRuns.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { decide, runTable, shell, type Row } from './helpers.js';

const show = (cmd: string): string => {
  const d = decide(shell(cmd));
  return `${cmd} → ${d.verdict} ${d.patternName}: ${d.reason}`;
};

/** A destructive command (flagged on its own) and the dry-run spellings its tool documents. */
const CASES: Array<{ line: (dry: string) => string; dry: string[] }> = [
  { line: (d) => `rclone sync ./notes r2:team-notes ${d}`, dry: ['--dry-run', '-n', '-vn'] },
  { line: (d) => `rclone purge remote:archive ${d}`, dry: ['--dry-run', '-n'] },
  { line: (d) => `rsync -av ${d} --delete ./dist/ ~/`, dry: ['--dry-run', '-n'] },
  { line: (d) => `rsync -a ${d} --delete-after ./empty/ /etc/`, dry: ['--dry-run', '-avn', '-nr'] },
  { line: (d) => `aws s3 rm s3://prod-assets --recursive ${d}`, dry: ['--dryrun'] },
  { line: (d) => `aws ec2 terminate-instances --instance-ids i-0abc ${d}`, dry: ['--dry-run'] },
  { line: (d) => `kubectl delete namespace payments ${d}`, dry: ['--dry-run=client', '--dry-run=server', '--dry-run'] },
  { line: (d) => `oc delete deployment api -n production ${d}`, dry: ['--dry-run=client'] },
  { line: (d) => `helm uninstall api -n production ${d}`, dry: ['--dry-run'] },
  { line: (d) => `s3cmd del --recursive --force s3://bucket/site ${d}`, dry: ['--dry-run', '-n'] },
  { line: (d) => `pulumi destroy --yes ${d}`, dry: ['--preview-only'] },
  { line: (d) => `git push --force origin main ${d}`, dry: ['--dry-run', '-n'] },
];
const RUNNERS: ((c: string) => string)[] = [(c) => c, (c) => `bash -c '${c}'`, (c) => `cd deploy && ${c}`, (c) => `env AWS_PROFILE=ci ${c}`];

test('every sync, mirror, cloud delete or uninstall with its dry-run flag is allowed; without it, it is flagged', () => {
  fc.assert(
    fc.property(fc.constantFrom(...CASES), fc.nat(), fc.constantFrom(...RUNNERS), (c, k, run) => {
      const dry = run(c.line(c.dry[k % c.dry.length]));
      assert.equal(decide(shell(dry)).verdict, 'allow', show(dry));
      const real = run(c.line(''));
      assert.notEqual(decide(shell(real)).verdict, 'allow', show(real));
    }),
    { numRuns: 200, seed: 2621 },
  );
});

test('dry runs: switched off again, or a flag that means something else to that tool, does not count', async (t) => {
  const rows: Row[] = [
    [shell('rclone sync ./site r2:docs-preview --dry-run'), 'allow'],
    [shell('kubectl delete namespace payments --dry-run=none'), 'deny', 'cloud_destructive.k8s_delete_namespace'],
    [shell('helm uninstall api-prod -n production --dry-run=false'), 'deny', 'cloud_destructive.helm_uninstall'],
    [shell('git push --force origin main --dry-run --no-dry-run'), 'deny', 'git_danger.force_push_protected'],
    // gsutil -n is no-clobber to cp; gsutil rm has no dry run.
    [shell('gsutil -m rm -r -n gs://bucket/site'), 'deny', 'cloud_destructive.bucket_recursive_delete'],
    // aws spells it --dryrun for s3 commands; rsync's -n inside an -e value is not its own.
    [shell('aws s3 rm s3://prod-assets --recursive'), 'deny', 'cloud_destructive.s3_recursive_delete'],
    [shell("rsync -av -e 'ssh -n' --delete ./dist/ ~/"), 'deny', 'destructive_fs.mirror_delete'],
  ];
  await runTable(t, rows);
});
