import { Flags } from '@oclif/core';
import { performance } from 'node:perf_hooks';
import { resolve } from 'node:path';
import { machineIdentity } from '../config/machine-identity.js';
import { homeDir } from '../config/paths.js';
import { resolveRuntimeKey } from '../config/runtime-key.js';
import { normalizeServerUrl, resolveServerUrl } from '../config/server-url.js';
import { gatherCheckin, localInventoryView, parseSessionStart, planLimitMessage } from '../hook/checkin.js';
import { localHookReports } from '../install/hook-status.js';
import { errorMessageOf, runtimeRequest } from '../hook/runtime-client.js';
import { HOOK_MARKER } from '../install/hook-commands.js';
import { BaseCommand } from '../output/base-command.js';

/** Spec: the check-in must not hold the session up; an unreachable server costs at most ~3 s in all. */
const TOTAL_BUDGET_MS = 3000;
/**
 * The check-in request itself always gets at least this long: on a busy machine the CLI can take
 * most of the budget just to start, and a refused connection fails at once anyway; only a server
 * that accepts and never answers costs the whole wait.
 */
const MIN_REQUEST_MS = 2000;

function readStdinBriefly(timeoutMs: number): Promise<string> {
  if (process.stdin.isTTY) return Promise.resolve('');
  return new Promise((resolveText) => {
    let text = '';
    const done = () => {
      clearTimeout(timer);
      process.stdin.removeAllListeners('data');
      process.stdin.pause();
      resolveText(text);
    };
    // An MDM script may leave stdin open without writing to it; do not wait for it.
    const timer = setTimeout(done, timeoutMs);
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (chunk: string) => {
      text += chunk;
      if (text.length > 1024 * 1024) done();
    });
    process.stdin.once('end', done);
    process.stdin.once('error', done);
  });
}

export default class ScanInventory extends BaseCommand {
  static override description = 'Scan skills, MCP servers and plugins and check this workstation in (the SessionStart hook; also `service-mcp-gateway scan-inventory`). Always exits 0 as a hook.';
  static override examples = ['<%= config.bin %> scan-inventory --json', 'echo \'{"session_id":"s1","cwd":"/repo"}\' | <%= config.bin %> scan-inventory'];
  static override flags = {
    server: Flags.string({ description: 'Server base URL (default: SERVICE_URL or the stored one).' }),
    quiet: Flags.boolean({ char: 'q', description: 'Print nothing (the one-line summary is left out); errors still go to stderr with SERVICE_HOOK_DEBUG=1.', default: false }),
    'installed-by': Flags.string({ hidden: true, description: `Marker (${HOOK_MARKER}) that lets uninstall-hooks find the hook; ignored.` }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(ScanInventory);
    const input = parseSessionStart(await readStdinBriefly(500));
    const cwd = resolve(input.cwd ?? process.cwd());
    const home = homeDir();

    if (flags.json) {
      // Local view only: nothing is sent, so no key is needed.
      const gathered = await gatherCheckin({ home, cwd, identity: await machineIdentity(), input, env: process.env });
      this.printJson(localInventoryView(gathered));
      return;
    }

    // Spec (Authentication item 8): without a key the scanner exits without reporting and
    // the session continues; everything below fails open the same way.
    const key = resolveRuntimeKey();
    let serverUrl: string | null = null;
    try {
      serverUrl = flags.server ? normalizeServerUrl(flags.server) : resolveServerUrl();
    } catch {
      serverUrl = null;
    }
    // Run by an agent's SessionStart hook, stdout would land in the agent's context: stay silent there.
    const say = (line: string) => {
      if (!flags.quiet && !input.hook_event_name) process.stdout.write(`${line}\n`);
    };
    if (!key || !serverUrl) {
      say(`Not reported: no ${!serverUrl ? 'server URL' : 'runtime key'} is configured; run \`service install-hooks --server URL --key-stdin\` (or set SERVICE_URL and SERVICE_API_KEY).`);
      return;
    }
    try {
      const identity = await machineIdentity();
      const hooks = localHookReports({ serverUrl, key, identity, projectDir: cwd });
      const { body } = await gatherCheckin({ home, cwd, identity, input, env: process.env, hooks });
      const timeoutMs = Math.max(MIN_REQUEST_MS, TOTAL_BUDGET_MS - performance.now());
      const res = await runtimeRequest(serverUrl, 'POST', '/api/v1/claude-code/checkin', { key, identity, body, timeoutMs });
      const notice = planLimitMessage(res.body);
      if (notice) process.stderr.write(`service: ${notice}\n`);
      const counts = `${body.installed_skills.length} skill(s), ${body.installed_mcp_servers.length} MCP server(s), ${body.installed_plugins.length} plugin(s)`;
      if (res.status >= 200 && res.status < 300) say(`Reported ${identity.hostname}: ${counts} to ${serverUrl}.`);
      else say(`Not reported: ${serverUrl} answered HTTP ${res.status}${errorMessageOf(res.body) ? ` (${errorMessageOf(res.body)})` : ''}; run \`service doctor\`.`);
    } catch (err) {
      say(`Not reported: ${(err as Error).message}; run \`service doctor\`.`);
      if (process.env.SERVICE_HOOK_DEBUG === '1') process.stderr.write(`service scan-inventory: not reported (${(err as Error).message})\n`);
    }
  }
}
