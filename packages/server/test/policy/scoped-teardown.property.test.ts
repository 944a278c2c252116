// Red-team round 2, class 5: teardown judged by its scope. `aws s3 sync --delete` into a prefix
// deletes only that prefix's objects the source lacks (a deploy: allowed, logged); at a bucket
// root it can empty the bucket (warned). `helm uninstall` of a preview, review or test release or
// namespace removes something made to be thrown away (allowed); a shared one (staging, unnamed)
// is warned and a production-looking one denied. Bounded: fixed seeds and numRuns.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { decide, runTable, shell, type Row } from './helpers.js';

const show = (cmd: string): string => {
  const d = decide(shell(cmd));
  return `${cmd} → ${d.verdict} ${d.patternName}: ${d.reason}`;
};
const bucket = fc.stringMatching(/^[a-z][a-z0-9-]{2,12}$/).filter((b) => !/prod|live|main/.test(b));
const prefix = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,10}(?:\/[a-z0-9-]{1,8}){0,2}$/);
const OPTS = ['', '--exclude "*.map"', '--profile ci', '--size-only', '--cache-control max-age=60'];

test('aws s3 sync --delete into a prefix is allowed; at a bucket root it is warned unless a build is published', () => {
  fc.assert(
    fc.property(bucket, prefix, fc.constantFrom(...OPTS), fc.boolean(), fc.constantFrom('./dist', 'build/', './public', 'out'), fc.constantFrom('./reports', 'exports/', './assets-src'), (b, p, opt, before, build, other) => {
      const line = (src: string, dest: string) => (before ? `aws s3 sync --delete ${opt} ${src} ${dest}` : `aws s3 sync ${src} ${dest} ${opt} --delete`);
      for (const src of [build, other]) {
        const scoped = line(src, `s3://${b}/${p}`);
        assert.equal(decide(shell(scoped)).verdict, 'allow', show(scoped));
      }
      // A build published to a bucket is a site deploy (the bucket is the site); any other
      // source at a bucket root can empty it, and so can a build synced over a backup bucket.
      for (const root of [`s3://${b}`, `s3://${b}/`]) {
        assert.equal(decide(shell(line(build, root))).verdict, /backup|archive|snapshot|dump|logs?|data|vault|secret/.test(b) ? 'warn' : 'allow', show(line(build, root)));
        assert.equal(decide(shell(line(other, root))).verdict, 'warn', show(line(other, root)));
      }
      assert.equal(decide(shell(line(build, `s3://${b}-backups`))).verdict, 'warn', show(line(build, `s3://${b}-backups`)));
    }),
    { numRuns: 150, seed: 2641 },
  );
});

test('helm uninstall: throwaway releases allowed, shared ones warned, production denied', () => {
  const THROWAWAY = ['review-pr-482', 'api-pr-17', 'preview-web', 'e2e-checkout', 'sandbox-ml', 'api-test'];
  const THROWAWAY_NS = ['previews', 'pr-482', 'review', 'e2e-4821', 'ci', 'sandbox'];
  const SHARED_NS = ['staging', 'payments', 'default', 'platform'];
  const PROD_NS = ['production', 'prod', 'live', 'prod-eu'];
  fc.assert(
    fc.property(fc.constantFrom(...THROWAWAY), fc.constantFrom(...THROWAWAY_NS), fc.constantFrom(...SHARED_NS), fc.constantFrom(...PROD_NS), fc.constantFrom('uninstall', 'delete', 'un'), (rel, tns, sns, pns, verb) => {
      for (const cmd of [`helm ${verb} ${rel} -n ${sns}`, `helm ${verb} api -n ${tns}`, `helm ${verb} --namespace ${tns} api`]) assert.equal(decide(shell(cmd)).verdict, 'allow', show(cmd));
      const shared = `helm ${verb} api -n ${sns}`;
      assert.equal(decide(shell(shared)).verdict, 'warn', show(shared));
      for (const cmd of [`helm ${verb} api -n ${pns}`, `helm ${verb} ${rel} -n ${pns}`]) assert.equal(decide(shell(cmd)).verdict, 'deny', show(cmd));
    }),
    { numRuns: 120, seed: 2642 },
  );
});

test('scoped teardown: the red-team shapes and global options before the service', async (t) => {
  const rows: Row[] = [
    [shell('aws s3 sync ./dist s3://acme-docs-preview/pr-482 --delete'), 'allow'],
    [shell('helm uninstall review-pr-482 -n previews'), 'allow'],
    [shell('helm uninstall api -n staging'), 'warn', 'cloud_destructive.helm_uninstall'],
    [shell('helm uninstall api'), 'warn', 'cloud_destructive.helm_uninstall'],
    [shell('helm uninstall api-pr-3 -n kube-system'), 'warn', 'cloud_destructive.helm_uninstall'],
    [shell('aws --profile ci s3 sync ./dist s3://site --delete'), 'allow'],
    [shell('aws --profile ci s3 sync ./reports s3://site --delete'), 'warn', 'cloud_destructive.s3_sync_delete'],
    [shell('rclone sync ./dist r2:acme-static-prod'), 'allow'],
    [shell('rclone sync ./dist b2:company-archive'), 'warn', 'destructive_fs.mirror_delete'],
    [shell('rclone sync /tmp/empty r2:acme-static-prod'), 'deny', 'destructive_fs.mirror_delete'],
    [shell('aws --profile ci s3 rm s3://assets --recursive'), 'deny', 'cloud_destructive.s3_recursive_delete'],
  ];
  await runTable(t, rows);
});
