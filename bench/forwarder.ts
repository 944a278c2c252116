// Wall time of one forwarded allow per hook command, against a real server on SQLite, the hook's
// stdin as Cursor sends it, compared with `node -e 0` on the same machine in the same run:
//   - the curl hook command (what install-hooks writes where the platform has curl), run by
//     /bin/sh as agents run it;                                      goal: median ≤ 0.3× node -e 0
//   - the Node fallback, the bundled forwarder packages/cli/dist/hook.cjs; goal: ≤ 1.4×
//   - `bin/service hook`, the same forwarder through the CLI entry (for comparison).
// The commands take turns within each round, so a load change on a shared machine hits all alike.
//   node --conditions=source --import tsx bench/forwarder.ts [--runs 30]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { curlTransport, curlForwardCommand } from '../packages/cli/src/install/hook-commands.js';
import { storeHookHeaders } from '../packages/cli/src/config/runtime-key.js';
import { freshStore, percentile, REPO_ROOT, startServerProcess } from './support.js';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg >= 0 ? Number(process.argv[runsArg + 1]) : 30;
const WARMUP = 3;

interface Candidate {
  name: string;
  file: string;
  args: string[];
  times: number[];
  last: string;
}

const store = await freshStore('sqlite');
const server = await startServerProcess(store.env);
const home = mkdtempSync(join(tmpdir(), 'svc-bench-fwd-'));
try {
  const env = { ...process.env, SERVICE_URL: server.url, SERVICE_API_KEY: server.runtimeKey, HOME: home, SERVICE_NO_KEYCHAIN: '1', SERVICE_MACHINE_ID: 'bench-forwarder' };
  delete (env as Record<string, string | undefined>).SERVICE_HOOK_TRANSPORT;
  const input = JSON.stringify({ conversation_id: 'c1', hook_event_name: 'beforeShellExecution', command: 'ls -la', cwd: '/tmp', workspace_roots: ['/tmp'] });
  const candidates: Candidate[] = [
    { name: 'node -e 0', file: process.execPath, args: ['-e', '0'], times: [], last: '' },
    { name: 'Node fallback (dist/hook.cjs)', file: process.execPath, args: [join(REPO_ROOT, 'packages', 'cli', 'dist', 'hook.cjs'), '--surface', 'cursor', '--event', 'beforeShellExecution'], times: [], last: '' },
    { name: 'bin/service hook', file: process.execPath, args: [join(REPO_ROOT, 'bin', 'service'), 'hook', '--surface', 'cursor'], times: [], last: '' },
  ];
  const transport = curlTransport(server.url, env);
  if (transport) {
    storeHookHeaders(server.runtimeKey, { hostname: 'bench-host', machine_id: 'bench-forwarder' }, env);
    candidates.splice(1, 0, { name: 'curl hook command (sh -c)', file: '/bin/sh', args: ['-c', curlForwardCommand(transport, 'cursor', 'beforeShellExecution')], times: [], last: '' });
  }
  for (let i = 0; i < RUNS + WARMUP; i++) {
    for (const c of candidates) {
      const t0 = performance.now();
      const r = spawnSync(c.file, c.args, { env, input: c.name === 'node -e 0' ? undefined : input, encoding: 'utf8' });
      const ms = performance.now() - t0;
      if (r.status !== 0) throw new Error(`${c.name} exited ${r.status}: ${r.stderr}`);
      c.last = r.stdout.trim();
      if (i >= WARMUP) c.times.push(ms); // the first rounds warm the file cache
    }
  }
  const base = candidates[0];
  base.times.sort((a, b) => a - b);
  const baseMedian = percentile(base.times, 0.5);
  console.log(`hook command benchmark (${RUNS} rounds, commands take turns; an allow from a local server; cores ${(await import('node:os')).availableParallelism()}, load ${(await import('node:os')).loadavg()[0].toFixed(1)})`);
  for (const c of candidates) {
    c.times.sort((a, b) => a - b);
    const median = percentile(c.times, 0.5);
    const ratio = (median / baseMedian).toFixed(2);
    const goal = c.name.startsWith('curl') ? '   (goal ≤ 0.3×)' : c.name.startsWith('Node fallback') ? '   (goal ≤ 1.4×)' : '';
    console.log(`${c.name.padEnd(32)} median ${median.toFixed(1).padStart(6)} ms   p90 ${percentile(c.times, 0.9).toFixed(1).padStart(6)} ms   ${ratio}× node -e 0${goal}${c.last ? `   answered ${c.last}` : ''}`);
  }
  if (!transport) console.log('curl hook command: not measured (no curl on this platform)');
} finally {
  await server.stop();
  await store.drop();
  rmSync(home, { recursive: true, force: true });
}
