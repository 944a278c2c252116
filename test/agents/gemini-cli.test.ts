// The published Gemini CLI, end to end: `service install-hooks --surface gemini` into a home
// that already has the person's own settings, then the real `gemini -p … --yolo` against our
// Gemini API stand-in and a live server. Gemini obeys only its own answer shape
// ({"decision":"deny","reason"}), so this is where a wrongly shaped answer shows.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { StandIn } from './stand-ins/base.js';
import { geminiStandIn } from './stand-ins/gemini-generate.js';
import { agentEnv, describeRun, ensureAgent, runBounded, type RunResult } from './support/agents.js';
import { expectedIdentity, newSince, recordedEvents, show, startService, workstations, type LiveService } from './support/service.js';
import { Workstation } from './support/workstation.js';

const RUN_TIMEOUT_MS = 120_000;

// The person's own settings. The first three are what any headless Gemini user has (API-key
// auth, no usage statistics, no update checks); `ui` is unrelated to us; the AfterTool hook is
// theirs and logs each shell call. Install must keep all of it; uninstall must restore it.
const USER_SETTINGS = {
  security: { auth: { selectedType: 'gemini-api-key' } },
  privacy: { usageStatisticsEnabled: false },
  // 0.61 names; it rewrites the older disableAutoUpdate/disableUpdateNag into these on start.
  general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
  telemetry: { enabled: false },
  ui: { hideBanner: true, hideTips: true },
  hooks: {
    AfterTool: [
      {
        matcher: 'run_shell_command',
        hooks: [{ type: 'command', name: 'my-logger', command: 'cat >/dev/null; echo gemini-user-hook >> "$HOME/user-hook.log"', timeout: 5000 }],
      },
    ],
  },
};

/** Lines of Gemini's stderr that would mean a hook (ours or a leftover) misbehaved. */
const hookTrouble = (stderr: string) => stderr.split('\n').filter((l) => /hook|blocked|error/i.test(l));

describe('Gemini CLI (real CLI) with our hooks', { concurrency: false }, () => {
  let bin: string;
  let model: StandIn;
  let svc: LiveService;
  let ws: Workstation;
  let identity: { hostname: string; machine_id: string };

  async function gemini(prompt: string): Promise<RunResult> {
    const run = await runBounded(bin, ['-p', prompt, '--yolo', '-m', 'gemini-2.5-flash'], {
      cwd: ws.project,
      // Folder trust is the person's decision in Gemini; hooks run only in trusted folders.
      env: agentEnv(ws.home, { GOOGLE_GEMINI_BASE_URL: model.url, GEMINI_API_KEY: 'stand-in-key', GEMINI_CLI_TRUST_WORKSPACE: 'true' }),
      timeoutMs: RUN_TIMEOUT_MS,
    });
    assert.equal(run.timedOut, false, describeRun('gemini timed out', run));
    assert.equal(run.code, 0, describeRun('gemini failed', run));
    return run;
  }

  before(async () => {
    ({ bin } = await ensureAgent('gemini-cli'));
    model = await geminiStandIn().start();
    svc = await startService();
    ws = new Workstation('gemini');
    ws.write('.gemini/settings.json', `${JSON.stringify(USER_SETTINGS, null, 2)}\n`);
  });

  after(async () => {
    await model?.close();
    await svc?.close();
    ws?.cleanup();
  });

  test('install-hooks writes our hooks next to the person\'s own settings', async () => {
    await ws.service(['install-hooks', '--surface', 'gemini', '--scope', 'user', '--server', svc.url, '--key-stdin'], { input: `${svc.runtimeKey}\n` });
    identity = await expectedIdentity(ws.home);
    const settings = JSON.parse(ws.read('.gemini/settings.json'));
    for (const key of ['security', 'privacy', 'general', 'telemetry', 'ui'] as const) assert.deepEqual(settings[key], USER_SETTINGS[key]);
    const handlers = (event: string) => (settings.hooks?.[event] ?? []).flatMap((g: any) => g.hooks ?? []);
    assert.ok(handlers('AfterTool').some((h: any) => h.name === 'my-logger'), 'the person\'s own AfterTool hook is gone');
    const ours = handlers('BeforeTool').find((h: any) => /\/api\/v1\/hook\?tool=gemini\b/.test(String(h.command)));
    assert.ok(ours, `no BeforeTool curl hook in ${JSON.stringify(settings.hooks)}`);
    assert.match(ours.command, /curl .*-H @\S*hook-headers/, 'the hook is curl with its headers from the 0600 file, no Node start per tool call');
    assert.equal(ours.command.includes(svc.runtimeKey), false, 'the key is not on the command line');
  });

  test('a benign command runs, and the server allowed it for this workstation', async () => {
    const marker = ws.marker('benign');
    model.reset(`touch '${marker}' && echo benign-ran`);
    const eventsBefore = await recordedEvents(svc);
    const run = await gemini('run the command');
    const events = newSince(eventsBefore, await recordedEvents(svc));
    assert.ok(existsSync(marker), describeRun('the benign command did not run', run) + `\nserver events:\n${show(events)}`);
    assert.equal(model.toolResults.length, 1, `tool results: ${JSON.stringify(model.toolResults)}`);
    assert.equal(model.toolResults[0].isError, false, JSON.stringify(model.toolResults));
    assert.match(model.toolResults[0].text, /benign-ran/);

    const pre = events.filter((e) => e.kind === 'evaluate' && e.tool_name === 'run_shell_command');
    assert.equal(pre.length, 1, `expected one shell evaluation:\n${show(events)}`);
    assert.equal(pre[0].verdict, 'allow', show(events));
    assert.ok(events.length >= 2, `expected the prompt and the tool call to reach the server:\n${show(events)}`);
    for (const e of events) {
      assert.equal(e.surface, 'gemini');
      assert.equal(e.ws_hostname, identity.hostname, `filed under the wrong workstation:\n${show(events)}`);
      assert.equal(e.ws_machine_id, identity.machine_id, `filed under the wrong workstation:\n${show(events)}`);
    }
    const rows = await workstations(svc);
    assert.equal(rows.length, 1, `workstations: ${JSON.stringify(rows.map((r) => [r.hostname, r.machine_id]))}`);
    assert.equal(ws.userHookLines().length, 1, 'the person\'s own AfterTool hook did not run');
  });

  test('reading ~/.ssh/id_rsa is denied and the key never reaches the model', async () => {
    model.reset('cat ~/.ssh/id_rsa');
    const eventsBefore = await recordedEvents(svc);
    const run = await gemini('run the command');
    const events = newSince(eventsBefore, await recordedEvents(svc));
    assert.ok(!model.allText().includes(ws.keyMarker), describeRun('the private key reached the model', run) + `\nserver events:\n${show(events)}`);
    assert.ok(!run.stdout.includes(ws.keyMarker), 'the private key was printed');
    assert.equal(model.toolResults.length, 1, JSON.stringify(model.toolResults));
    assert.equal(model.toolResults[0].isError, true, JSON.stringify(model.toolResults));
    const denied = events.filter((e) => e.verdict === 'deny');
    assert.equal(denied.length, 1, show(events));
    assert.equal(denied[0].tool_name, 'run_shell_command');
    assert.equal(denied[0].ws_hostname, identity.hostname);
    assert.equal(denied[0].ws_machine_id, identity.machine_id);
    // Gemini hands the hook's reason to the model as "Tool execution blocked: <reason>"; the
    // reason ends with how to ask for an exception to this decision (issue #21).
    assert.ok(model.toolResults[0].text.startsWith(`Tool execution blocked: ${denied[0].reason} To ask for an exception: service exceptions request `), model.toolResults[0].text);
  });

  test('uninstall-hooks restores the settings; the agent works with no hook calls and no errors', async () => {
    await ws.service(['uninstall-hooks', '--surface', 'gemini', '--scope', 'user']);
    assert.deepEqual(JSON.parse(ws.read('.gemini/settings.json')), USER_SETTINGS);
    const marker = ws.marker('after-uninstall');
    model.reset(`touch '${marker}' && echo still-works`);
    const userHookBefore = ws.userHookLines().length;
    const eventsBefore = await recordedEvents(svc);
    const run = await gemini('run the command');
    assert.ok(existsSync(marker), describeRun('the agent no longer runs commands', run));
    assert.equal(model.toolResults[0]?.isError, false, JSON.stringify(model.toolResults));
    assert.deepEqual(hookTrouble(run.stderr), [], describeRun('hook trouble after uninstall', run));
    assert.deepEqual(newSince(eventsBefore, await recordedEvents(svc)), [], 'a hook still called the server');
    assert.equal(ws.userHookLines().length, userHookBefore + 1, 'the person\'s own hook stopped running');
  });
});
