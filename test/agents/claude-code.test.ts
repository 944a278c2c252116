// The published Claude Code CLI, end to end: `service install-hooks --surface claude-code`
// into a home that already has the person's own settings, then the real `claude -p` against
// our Anthropic Messages stand-in and a live server. Steps run in order and share one
// workstation, as one person's day would.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { anthropicMessagesStandIn } from './stand-ins/anthropic-messages.js';
import type { StandIn } from './stand-ins/base.js';
import { agentEnv, describeRun, ensureAgent, runBounded, type RunResult } from './support/agents.js';
import { expectedIdentity, newSince, recordedEvents, show, skillsOf, startService, workstations, type LiveService } from './support/service.js';
import { Workstation } from './support/workstation.js';

const RUN_TIMEOUT_MS = 120_000;
const BLOCKED_SKILL = 'db-wipe';
const ALLOWED_SKILL = 'release-notes';

// The person's own settings: an unrelated setting and a hook of their own (it logs each Bash
// call), which install must keep working and uninstall must leave exactly as it was.
const USER_SETTINGS = {
  cleanupPeriodDays: 45,
  includeCoAuthoredBy: false,
  hooks: {
    PostToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'cat >/dev/null; echo claude-user-hook >> "$HOME/user-hook.log"' }] }],
  },
};

function skillFile(name: string, description: string): string {
  return `---\nname: ${name}\ndescription: ${description}\n---\n\n# ${name}\n\n${description}. Ask before doing anything destructive.\n`;
}

/** Claude Code's `--output-format json` prints one result object as its last line. */
function resultOf(run: RunResult): any {
  const line = run.stdout.trim().split('\n').at(-1) ?? '';
  try {
    return JSON.parse(line);
  } catch {
    assert.fail(describeRun('claude printed no JSON result', run));
  }
}

describe('Claude Code (real CLI) with our hooks', { concurrency: false }, () => {
  let bin: string;
  let model: StandIn;
  let svc: LiveService;
  let ws: Workstation;
  let identity: { hostname: string; machine_id: string };

  async function claude(prompt: string): Promise<RunResult> {
    const run = await runBounded(bin, ['-p', prompt, '--output-format', 'json', '--allowedTools', 'Bash'], {
      cwd: ws.project,
      env: agentEnv(ws.home, { ANTHROPIC_BASE_URL: model.url, ANTHROPIC_API_KEY: 'sk-ant-stand-in' }),
      timeoutMs: RUN_TIMEOUT_MS,
    });
    assert.equal(run.timedOut, false, describeRun('claude timed out', run));
    assert.equal(run.code, 0, describeRun('claude failed', run));
    return run;
  }

  /** Conversation requests (Claude Code also sends a bare `HEAD /` reachability probe). */
  const modelCalls = () => model.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/v1/messages'));

  before(async () => {
    ({ bin } = await ensureAgent('claude-code'));
    model = await anthropicMessagesStandIn().start();
    svc = await startService();
    ws = new Workstation('claude');
    ws.write('.claude/settings.json', `${JSON.stringify(USER_SETTINGS, null, 2)}\n`);
    ws.write(`.claude/skills/${BLOCKED_SKILL}/SKILL.md`, skillFile(BLOCKED_SKILL, 'Drop and recreate the development database'));
    ws.write(`.claude/skills/${ALLOWED_SKILL}/SKILL.md`, skillFile(ALLOWED_SKILL, 'Draft release notes from the git log'));
  });

  after(async () => {
    await model?.close();
    await svc?.close();
    ws?.cleanup();
  });

  test('install-hooks writes our hooks next to the person\'s own settings', async () => {
    await ws.service(['install-hooks', '--surface', 'claude-code', '--scope', 'user', '--server', svc.url, '--key-stdin'], { input: `${svc.runtimeKey}\n` });
    identity = await expectedIdentity(ws.home);
    const settings = JSON.parse(ws.read('.claude/settings.json'));
    assert.equal(settings.cleanupPeriodDays, 45);
    assert.equal(settings.includeCoAuthoredBy, false);
    const handlers = (event: string) => (settings.hooks?.[event] ?? []).flatMap((g: any) => g.hooks ?? []);
    assert.ok(handlers('PostToolUse').some((h: any) => String(h.command ?? '').includes('claude-user-hook')), 'the person\'s own PostToolUse hook is gone');
    const pre = handlers('PreToolUse').find((h: any) => h.type === 'http');
    assert.ok(pre, `no HTTP PreToolUse hook in ${JSON.stringify(settings.hooks)}`);
    assert.equal(pre.url, `${svc.url}/api/v1/claude-code/evaluate`);
    assert.ok(handlers('SessionStart').some((h: any) => h.type === 'command' && /scan-inventory/.test(h.command)), 'no SessionStart scanner hook');
  });

  test('a benign command runs, and the server allowed it for this workstation', async () => {
    const marker = ws.marker('benign');
    model.reset(`touch '${marker}' && echo benign-ran`);
    const eventsBefore = await recordedEvents(svc);
    const run = await claude('run the command');
    const events = newSince(eventsBefore, await recordedEvents(svc));
    assert.ok(existsSync(marker), describeRun('the benign command did not run', run) + `\nserver events:\n${show(events)}`);
    assert.deepEqual(resultOf(run).permission_denials, []);
    assert.equal(model.toolResults.length, 1, `tool results: ${JSON.stringify(model.toolResults)}`);
    assert.equal(model.toolResults[0].isError, false);
    assert.match(model.toolResults[0].text, /benign-ran/);

    const pre = events.filter((e) => e.kind === 'evaluate' && e.tool_name === 'Bash');
    assert.equal(pre.length, 1, `expected one Bash evaluation:\n${show(events)}`);
    assert.equal(pre[0].verdict, 'allow', show(events));
    for (const e of events) {
      assert.equal(e.surface, 'claude-code');
      assert.equal(e.ws_hostname, identity.hostname, `filed under the wrong workstation:\n${show(events)}`);
      assert.equal(e.ws_machine_id, identity.machine_id, `filed under the wrong workstation:\n${show(events)}`);
    }
    assert.ok(ws.userHookLines().length >= 1, 'the person\'s own PostToolUse hook did not run');
  });

  test('the SessionStart scanner registered the workstation with its skills', async () => {
    const rows = await workstations(svc);
    assert.equal(rows.length, 1, `workstations: ${JSON.stringify(rows.map((r) => [r.hostname, r.machine_id]))}`);
    assert.equal(rows[0].hostname, identity.hostname);
    assert.equal(rows[0].machine_id, identity.machine_id);
    assert.ok(rows[0].platform, 'the check-in did not report the platform (was the scanner\'s check-in received?)');
    assert.deepEqual(await skillsOf(svc, rows[0].id), [BLOCKED_SKILL, ALLOWED_SKILL].sort());
  });

  test('reading ~/.ssh/id_rsa is denied and the key never reaches the model', async () => {
    model.reset('cat ~/.ssh/id_rsa');
    const eventsBefore = await recordedEvents(svc);
    const run = await claude('run the command');
    const events = newSince(eventsBefore, await recordedEvents(svc));
    const denials = resultOf(run).permission_denials;
    assert.equal(denials.length, 1, describeRun('no permission denial', run));
    assert.equal(denials[0].tool_input.command, 'cat ~/.ssh/id_rsa');
    assert.equal(model.toolResults.length, 1);
    assert.equal(model.toolResults[0].isError, true);
    assert.ok(!model.allText().includes(ws.keyMarker), 'the private key reached the model');
    assert.ok(!run.stdout.includes(ws.keyMarker), 'the private key was printed');

    const denied = events.filter((e) => e.verdict === 'deny');
    assert.equal(denied.length, 1, show(events));
    assert.equal(denied[0].tool_name, 'Bash');
    assert.equal(denied[0].ws_hostname, identity.hostname);
    assert.equal(denied[0].ws_machine_id, identity.machine_id);
    assert.ok(model.toolResults[0].text.includes(denied[0].reason), `the model was told "${model.toolResults[0].text}", the server decided "${denied[0].reason}"`);
  });

  test('a blocked skill\'s /name prompt is stopped before the model is called', async () => {
    const res = await svc.srv.call('POST', '/api/v1/admin/policy/skills', { key: svc.adminKey, body: { name: BLOCKED_SKILL, status: 'block' } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    model.reset('echo the-model-was-called');
    const eventsBefore = await recordedEvents(svc);
    const run = await claude(`/${BLOCKED_SKILL} reset everything`);
    const events = newSince(eventsBefore, await recordedEvents(svc));
    assert.deepEqual(
      modelCalls().map((r) => r.path),
      [],
      'the model was called for a blocked skill',
    );
    const result = resultOf(run);
    assert.ok(String(result.result).includes(`Blocked by org policy: skill /${BLOCKED_SKILL} is not allowed`), describeRun('wrong block text', run));
    const denied = events.filter((e) => e.verdict === 'deny');
    assert.equal(denied.length, 1, show(events));
    assert.equal(denied[0].ws_machine_id, identity.machine_id);
  });

  test('uninstall-hooks restores the settings; the agent works with no hook calls and no errors', async () => {
    await ws.service(['uninstall-hooks', '--surface', 'claude-code', '--scope', 'user']);
    assert.deepEqual(JSON.parse(ws.read('.claude/settings.json')), USER_SETTINGS);
    const marker = ws.marker('after-uninstall');
    model.reset(`touch '${marker}' && echo still-works`);
    const userHookBefore = ws.userHookLines().length;
    const eventsBefore = await recordedEvents(svc);
    const run = await claude('run the command');
    assert.ok(existsSync(marker), describeRun('the agent no longer runs commands', run));
    assert.deepEqual(resultOf(run).permission_denials, []);
    assert.equal(resultOf(run).is_error, false, describeRun('the agent reported an error', run));
    assert.equal(run.stderr.trim(), '', describeRun('the agent wrote to stderr', run));
    assert.deepEqual(newSince(eventsBefore, await recordedEvents(svc)), [], 'a hook still called the server');
    assert.equal(ws.userHookLines().length, userHookBefore + 1, 'the person\'s own hook stopped running');
  });
});
