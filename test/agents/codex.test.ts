// The published Codex CLI, end to end: `service install-hooks --surface codex` into a home that
// already has the person's own config.toml and a trusted hook of their own, then the real
// `codex exec` (no trust-bypass flag: Codex silently skips hooks it does not trust, so the
// hooks only run if install-hooks wrote correct trust entries) against our Responses API
// stand-in and a live server.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { StandIn } from './stand-ins/base.js';
import { openaiResponsesStandIn } from './stand-ins/openai-responses.js';
import { agentEnv, describeRun, ensureAgent, runBounded, type RunResult } from './support/agents.js';
import { expectedIdentity, newSince, recordedEvents, show, startService, workstations, type LiveService } from './support/service.js';
import { Workstation } from './support/workstation.js';

const RUN_TIMEOUT_MS = 120_000;
const USER_HOOK_COMMAND = 'cat >/dev/null; echo codex-user-hook >> "$HOME/user-hook.log"';

/**
 * Codex's trust hash for one hook handler (research/verified-gemini-codex.md §2.3): SHA-256 of
 * the compact JSON, keys sorted, of {event_name, matcher?, hooks:[{type, command, timeout,
 * async}]}. Written here from the notes, independently of our installer, to give the person's
 * own hook the trust the person would have granted in Codex's /hooks.
 */
function trustHash(eventName: string, handler: { command: string; timeout: number }): string {
  const sorted = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(sorted) : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted((v as any)[k])])) : v;
  const identity = { event_name: eventName, hooks: [{ type: 'command', command: handler.command, timeout: handler.timeout, async: false }] };
  return `sha256:${createHash('sha256').update(JSON.stringify(sorted(identity))).digest('hex')}`;
}

describe('Codex (real CLI) with our hooks', { concurrency: false }, () => {
  let bin: string;
  let model: StandIn;
  let svc: LiveService;
  let ws: Workstation;
  let identity: { hostname: string; machine_id: string };
  let userHooksJson: string;
  let userConfigToml: string;

  async function codex(prompt: string): Promise<RunResult> {
    // No --dangerously-bypass-hook-trust, on purpose.
    const run = await runBounded(bin, ['exec', '--skip-git-repo-check', prompt], {
      cwd: ws.project,
      env: agentEnv(ws.home, { STANDIN_API_KEY: 'stand-in-key' }),
      timeoutMs: RUN_TIMEOUT_MS,
    });
    assert.equal(run.timedOut, false, describeRun('codex timed out', run));
    assert.equal(run.code, 0, describeRun('codex failed', run));
    return run;
  }

  /** `hook: <Event> <Status>` lines codex exec prints for every hook run. */
  const hookLines = (run: RunResult) => (run.stdout + run.stderr).split('\n').filter((l) => /^hook: /.test(l));

  before(async () => {
    ({ bin } = await ensureAgent('codex'));
    model = await openaiResponsesStandIn().start();
    svc = await startService();
    ws = new Workstation('codex');
    const hooksPath = ws.path('.codex', 'hooks.json');
    userHooksJson = `${JSON.stringify({ hooks: { PostToolUse: [{ hooks: [{ type: 'command', command: USER_HOOK_COMMAND, timeout: 5 }] }] } }, null, 2)}\n`;
    // The person's config: the model provider (our stand-in), no approvals in a headless run,
    // update checks and analytics off, and the trust they granted their own hook.
    userConfigToml = [
      'model = "gpt-5.1-codex"',
      'model_provider = "standin"',
      'approval_policy = "never"',
      'sandbox_mode = "danger-full-access"',
      'check_for_update_on_startup = false',
      '',
      '[analytics]',
      'enabled = false',
      '',
      '[model_providers.standin]',
      'name = "Stand-in"',
      `base_url = "${model.url}/v1"`,
      'env_key = "STANDIN_API_KEY"',
      'wire_api = "responses"',
      '',
      `[hooks.state.${JSON.stringify(`${hooksPath}:post_tool_use:0:0`)}]`,
      `trusted_hash = "${trustHash('post_tool_use', { command: USER_HOOK_COMMAND, timeout: 5 })}"`,
      '',
    ].join('\n');
    ws.write('.codex/hooks.json', userHooksJson);
    ws.write('.codex/config.toml', userConfigToml);
  });

  after(async () => {
    await model?.close();
    await svc?.close();
    ws?.cleanup();
  });

  test('install-hooks writes our hooks and their trust next to the person\'s own', async () => {
    await ws.service(['install-hooks', '--surface', 'codex', '--scope', 'user', '--server', svc.url, '--key-stdin'], { input: `${svc.runtimeKey}\n` });
    identity = await expectedIdentity(ws.home);
    const hooks = JSON.parse(ws.read('.codex/hooks.json')).hooks;
    assert.equal(hooks.PostToolUse[0].hooks[0].command, USER_HOOK_COMMAND, 'the person\'s own hook moved or changed (its trust is keyed by position)');
    assert.ok(
      (hooks.PreToolUse ?? []).some((g: any) => g.hooks.some((h: any) => /^\S*curl .*\/api\/v1\/hook\?tool=codex\b/.test(h.command) && !h.command.includes(svc.runtimeKey))),
      `no PreToolUse curl hook in ${JSON.stringify(hooks)}`,
    );
    const config = ws.read('.codex/config.toml');
    assert.ok(config.startsWith(userConfigToml.trimEnd()), `the person's config.toml was changed, not appended to:\n${config}`);
    assert.match(config, /pre_tool_use:\d+:\d+"\]\ntrusted_hash = "sha256:[0-9a-f]{64}"/);
  });

  test('the hooks run without a trust-bypass flag: a benign command runs and is allowed', async () => {
    const marker = ws.marker('benign');
    model.reset(`touch '${marker}' && echo benign-ran`);
    const eventsBefore = await recordedEvents(svc);
    const run = await codex('run the command');
    const events = newSince(eventsBefore, await recordedEvents(svc));
    assert.ok(existsSync(marker), describeRun('the benign command did not run', run) + `\nserver events:\n${show(events)}`);
    assert.ok(!/bypass-hook-trust/.test(run.stderr), 'codex ran with hook trust bypassed');
    assert.equal(model.toolResults.length, 1, `tool results: ${JSON.stringify(model.toolResults)}`);
    assert.match(model.toolResults[0].text, /benign-ran/);

    const pre = events.filter((e) => e.kind === 'evaluate' && e.tool_name === 'Bash');
    assert.equal(pre.length, 1, describeRun('expected one Bash evaluation (were the hooks trusted?)', run) + `\nserver events:\n${show(events)}`);
    assert.equal(pre[0].verdict, 'allow', show(events));
    for (const e of events) {
      assert.equal(e.surface, 'codex');
      assert.equal(e.ws_hostname, identity.hostname, `filed under the wrong workstation:\n${show(events)}`);
      assert.equal(e.ws_machine_id, identity.machine_id, `filed under the wrong workstation:\n${show(events)}`);
    }
    assert.ok(!hookLines(run).some((l) => /Failed|Blocked/.test(l)), describeRun('a hook failed', run));
    assert.equal(ws.userHookLines().length, 1, 'the person\'s own trusted hook did not run (did install shift its position?)');
  });

  test('reading ~/.ssh/id_rsa is denied and the key never reaches the model', async () => {
    model.reset('cat ~/.ssh/id_rsa');
    const eventsBefore = await recordedEvents(svc);
    const run = await codex('run the command');
    const events = newSince(eventsBefore, await recordedEvents(svc));
    assert.ok(!model.allText().includes(ws.keyMarker), describeRun('the private key reached the model', run) + `\nserver events:\n${show(events)}`);
    assert.ok(!(run.stdout + run.stderr).includes(ws.keyMarker), 'the private key was printed');
    assert.equal(model.toolResults.length, 1, JSON.stringify(model.toolResults));
    const denied = events.filter((e) => e.verdict === 'deny');
    assert.equal(denied.length, 1, show(events));
    assert.equal(denied[0].tool_name, 'Bash');
    assert.equal(denied[0].ws_hostname, identity.hostname);
    assert.equal(denied[0].ws_machine_id, identity.machine_id);
    // Codex tells the model "Command blocked by PreToolUse hook: <reason>. Command: …".
    assert.ok(model.toolResults[0].text.startsWith(`Command blocked by PreToolUse hook: ${denied[0].reason}`), model.toolResults[0].text);
    assert.ok(hookLines(run).includes('hook: PreToolUse Blocked'), describeRun('codex did not report the block', run));
  });

  test('after someone edits our hook entry, the workstation stops claiming full protection', async (t) => {
    const beforeEdit = await protectionState(svc, (s) => s === 'Full Integrity');
    assert.equal(beforeEdit.state, 'Full Integrity', `before the edit: ${JSON.stringify(beforeEdit)}`);

    // Someone raises the timeout of our PreToolUse hook: a one-field edit, still a working hook.
    const doc = JSON.parse(ws.read('.codex/hooks.json'));
    const ours = doc.hooks.PreToolUse.flatMap((g: any) => g.hooks).find((h: any) => /\/api\/v1\/hook\?tool=codex\b/.test(h.command));
    ours.timeout = 30;
    ws.write('.codex/hooks.json', `${JSON.stringify(doc, null, 2)}\n`);

    // Codex now skips the edited hook silently: the call is no longer evaluated at all.
    const marker = ws.marker('after-edit');
    model.reset(`touch '${marker}' && echo unguarded`);
    const eventsBefore = await recordedEvents(svc);
    const run = await codex('run the command');
    const events = newSince(eventsBefore, await recordedEvents(svc));
    assert.ok(existsSync(marker), describeRun('the command did not run', run));
    assert.deepEqual(events.filter((e) => e.kind === 'evaluate' && e.tool_name === 'Bash'), [], `the edited hook still ran:\n${show(events)}`);

    // Nothing reaches the server from Codex any more, so the server can only learn of the edit
    // from the workstation's own scheduled report: the inventory scan MDM runs (install-hooks
    // gives Codex no SessionStart hook).
    await ws.mcpGateway(['scan-inventory']);
    const afterEdit = await protectionState(svc, (s) => s === 'Degraded');
    t.diagnostic(`protection state: ${beforeEdit.state} → ${afterEdit.state} ${JSON.stringify(afterEdit.reasons)}`);
    assert.notEqual(afterEdit.state, 'Full Integrity', `the workstation still claims full protection after its Codex hook was edited: ${JSON.stringify(afterEdit)}`);
    // Degraded for the right reason: the edited hook, not some other side effect of the report.
    assert.equal(afterEdit.state, 'Degraded', JSON.stringify(afterEdit));
    assert.ok(afterEdit.reasons.some((r) => r === 'tamper_evidence' || r === 'expected_hook_disabled'), JSON.stringify(afterEdit));
  });

  test('uninstall-hooks restores both files; the agent works with no hook calls and no errors', async () => {
    await ws.service(['uninstall-hooks', '--surface', 'codex', '--scope', 'user']);
    assert.deepEqual(JSON.parse(ws.read('.codex/hooks.json')), JSON.parse(userHooksJson));
    assert.equal(ws.read('.codex/config.toml'), userConfigToml);
    const marker = ws.marker('after-uninstall');
    model.reset(`touch '${marker}' && echo still-works`);
    const userHookBefore = ws.userHookLines().length;
    const eventsBefore = await recordedEvents(svc);
    const run = await codex('run the command');
    assert.ok(existsSync(marker), describeRun('the agent no longer runs commands', run));
    assert.deepEqual(newSince(eventsBefore, await recordedEvents(svc)), [], 'a hook still called the server');
    // Only the person's own PostToolUse hook runs now, and nothing fails.
    assert.deepEqual(hookLines(run).filter((l) => !/^hook: PostToolUse( Completed)?$/.test(l)), [], describeRun('unexpected hook activity', run));
    assert.ok(!/\bERROR\b/.test(run.stderr), describeRun('codex logged an error', run));
    assert.equal(ws.userHookLines().length, userHookBefore + 1, 'the person\'s own hook stopped running');
  });
});

/**
 * The workstation's protection state as an admin sees it: host detail of the fleet API
 * (GET /api/v1/admin/workstations/:id), which derives it from the stored evidence at read time.
 * Polls up to 5 s for `until`: hook activity reaches the host record through the heartbeat
 * coalescer, which writes about once a second.
 */
async function protectionState(svc: LiveService, until: (s: string | null) => boolean = () => true): Promise<{ state: string | null; reasons: string[] }> {
  let found: { state: string | null; reasons: string[] } = { state: null, reasons: [] };
  for (let i = 0; i < 25; i++) {
    const [host] = await workstations(svc);
    assert.ok(host, 'no workstation registered');
    const res = await svc.srv.call('GET', `/api/v1/admin/workstations/${host.id}`, { key: svc.adminKey });
    assert.equal(res.status, 200, `host detail: ${JSON.stringify(res.body)}`);
    const p = res.body?.metadata?.runtime_protection_state;
    found = { state: p?.state ?? null, reasons: p?.reasons ?? [] };
    if (until(found.state)) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  return found;
}
