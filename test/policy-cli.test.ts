// Skill governance and the runtime policy through the real CLI, against two real server
// processes on one store (issue: "a change ... takes effect on every server process within one
// second"): the CLI changes the policy through server A, and server B, which already holds the
// old policy in its cache, answers with the new one without a restart. An SQLite data directory
// belongs to one server process (service.lock refuses a second, docs/operations.md), so on SQLite
// server A plays B as well; deployments that run several processes use MySQL.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshStore, startServerProcess, type ServerProcess } from '../bench/support.js';
import { TEST_STORE } from '../packages/server/test/support/harness.js';

const SERVICE = join(fileURLToPath(import.meta.url), '..', '..', 'bin', 'service');
/** What Claude Code reads from a UserPromptSubmit hook's answer. */
type HookAnswer = { decision?: string; reason?: string; systemMessage?: string };

const BLOCKED_REASON = 'Blocked by org policy: skill /deploy-prod is not allowed';

describe(`policy and skills CLI across two server processes (${TEST_STORE})`, () => {
  let store: Awaited<ReturnType<typeof freshStore>>;
  let a: ServerProcess;
  let b: ServerProcess;
  let env: Record<string, string>;

  /** `service …` as an admin would run it, pointed at server A. */
  const cli = (...args: string[]) => spawnSync(process.execPath, [SERVICE, ...args], { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 60_000 });
  const cliJson = (...args: string[]) => {
    const res = cli(...args, '--json');
    assert.equal(res.status, 0, `service ${args.join(' ')}: ${res.stderr}`);
    return JSON.parse(res.stdout);
  };

  /** A Claude Code prompt sent to server B as the installed HTTP hook sends it. */
  const promptOnB = async (prompt: string) => {
    const res = await fetch(`${b.url}/api/v1/claude-code/evaluate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${a.runtimeKey}`, 'x-hostname': 'dev-laptop', 'x-machine-id': 'machine-policy-cli' },
      body: JSON.stringify({ session_id: 'policy-cli', cwd: '/home/dev/app', hook_event_name: 'UserPromptSubmit', prompt }),
    });
    assert.equal(res.status, 200, 'hook endpoints answer 200 whatever the verdict');
    return (await res.json()) as HookAnswer;
  };

  /**
   * Asks B until its answer satisfies `done`. B rechecks the policy version at most once a second,
   * so the deadline is generous (a slow CI machine) and the wait is reported, not asserted.
   */
  const untilOnB = async (prompt: string, done: (body: HookAnswer) => boolean) => {
    const start = performance.now();
    for (;;) {
      const body = await promptOnB(prompt);
      if (done(body)) return { body, waitedMs: Math.round(performance.now() - start) };
      if (performance.now() - start > 15_000) assert.fail(`server B still answers ${JSON.stringify(body)} for ${JSON.stringify(prompt)} after 15 s`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  before(async () => {
    store = await freshStore(TEST_STORE);
    a = await startServerProcess(store.env);
    b = TEST_STORE === 'mysql' ? await startServerProcess(store.env, { SERVICE_NO_BOOTSTRAP: '1' }) : a;
    env = { ...store.env, SERVICE_URL: a.url, SERVICE_ADMIN_KEY: a.adminKey, HOME: mkdtempSync(join(tmpdir(), 'svc-home-')) };
  });
  after(async () => {
    await Promise.all([a?.stop(), b !== a ? b?.stop() : undefined]);
    if (env?.HOME) rmSync(env.HOME, { recursive: true, force: true });
    await store?.drop();
  });

  test('skills block / warn / allow change what another server process answers', async (t) => {
    // B has evaluated with the default policy first, so the old policy sits in its cache.
    assert.notEqual((await promptOnB('/deploy-prod to staging')).decision, 'block');

    const blocked = cli('skills', 'block', '/deploy-prod');
    assert.equal(blocked.status, 0, blocked.stderr);
    assert.match(blocked.stdout, /Skill \/deploy-prod Blocked; policy version \d+/);
    const onB = await untilOnB('/deploy-prod to staging', (body) => body.decision === 'block');
    assert.equal(onB.body.reason, BLOCKED_REASON);
    t.diagnostic(`server B answered with the block ${onB.waitedMs} ms after the CLI returned`);
    // Only a prompt that starts with the skill invokes it.
    assert.notEqual((await promptOnB('please never run /deploy-prod')).decision, 'block');

    const warned = cliJson('skills', 'warn', 'lint-fix');
    assert.deepEqual([warned.skill, warned.status], ['lint-fix', 'warn']);
    // A warned skill is allowed, and the person sees the warning.
    const lint = await untilOnB('/lint-fix src', (body) => body.systemMessage !== undefined);
    assert.notEqual(lint.body.decision, 'block');
    assert.match(lint.body.systemMessage!, /lint-fix/);
    // Both reach the audit trail (recent lists what did not pass: the block and the warning).
    const recent = await fetch(`${a.url}/api/v1/claude-code/recent?limit=50`, { headers: { authorization: `Bearer ${a.adminKey}` } });
    const patterns = ((await recent.json()) as { events: { pattern_name: string }[] }).events.map((e) => e.pattern_name);
    assert.ok(patterns.includes('skill_governance.blocked_skill'), patterns.join(', '));
    assert.ok(patterns.includes('skill_governance.warned_skill'), patterns.join(', '));

    const allowed = cliJson('skills', 'allow', 'deploy-prod');
    assert.equal(allowed.status, 'allow');
    assert.ok(allowed.policy_version > warned.policy_version, 'every change bumps the policy version');
    const back = await untilOnB('/deploy-prod to staging', (body) => body.decision !== 'block');
    t.diagnostic(`server B dropped the block ${back.waitedMs} ms after the CLI returned`);

    const shown = cliJson('policy', 'show');
    assert.deepEqual(shown.policy.blocked_agent_skills, []);
    assert.deepEqual(shown.policy.warn_only_agent_skills, ['lint-fix']);
    assert.equal(shown.policy_version, allowed.policy_version);
  });

  test('policy set changes baseline fields and both skill lists; policy show prints them', async () => {
    const set = cliJson('policy', 'set', '--security-level', 'strict', '--no-auto-block', '--blacklist', 'internal-deploy-tool', '--blocked-skills', '/release,ship:prod', '--warn-skills', '');
    assert.equal(set.policy.security_level, 'strict');
    assert.equal(set.policy.auto_block, false);
    assert.deepEqual(set.policy.custom_blacklist, ['internal-deploy-tool']);
    assert.deepEqual(set.policy.blocked_agent_skills, ['release', 'ship:prod']);
    assert.deepEqual(set.policy.warn_only_agent_skills, []);

    // Skill blocks hold even with auto_block off, and plugin skills are named /<plugin>:<name>.
    const plugin = await untilOnB('/ship:prod now', (body) => body.decision === 'block');
    assert.equal(plugin.body.reason, 'Blocked by org policy: skill /ship:prod is not allowed');

    const human = cli('policy', 'show');
    assert.equal(human.status, 0, human.stderr);
    assert.match(human.stdout, /security level\s+strict/);
    assert.match(human.stdout, /blocked skills\s+\/release, \/ship:prod/);

    const pack = cliJson('policy', 'set', '--pack', 'strict-enterprise');
    assert.equal(pack.pack_slug, 'strict-enterprise');
    assert.ok(pack.policy_version > set.policy_version);
  });

  test('bad policy input is refused with a sentence and changes nothing', () => {
    const before = cliJson('policy', 'show');
    const nothing = cli('policy', 'set');
    assert.notEqual(nothing.status, 0);
    assert.match(nothing.stderr, /Nothing to change/);
    const notNumber = cli('policy', 'set', '--entropy-threshold', 'high');
    assert.notEqual(notNumber.status, 0);
    assert.match(notNumber.stderr, /--entropy-threshold must be a number/);
    const unknownPack = cli('policy', 'set', '--pack', 'no-such-pack');
    assert.notEqual(unknownPack.status, 0);
    assert.match(unknownPack.stderr, /Unknown policy pack "no-such-pack"; available: balanced-baseline, strict-enterprise/);
    assert.equal(unknownPack.stdout, '');
    assert.deepEqual(cliJson('policy', 'show'), before, 'the refused calls left the policy as it was');
  });
});
