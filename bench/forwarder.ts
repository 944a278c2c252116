// Wall time of one forwarded allow through `service hook` (issue: workstation toolkit speed):
// the real bin, a real server on SQLite, the hook's stdin as Cursor sends it. Compared with
// `node -e 0` on the same machine in the same run. Goal: median ≤ 150 ms.
//   node --conditions=source --import tsx bench/forwarder.ts [--runs 30]
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { freshStore, percentile, REPO_ROOT, startServerProcess } from './support.js';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg >= 0 ? Number(process.argv[runsArg + 1]) : 30;

function timeRuns(args: string[], env: NodeJS.ProcessEnv, input?: string): { median: number; p90: number; last: string } {
  const times: number[] = [];
  let last = '';
  for (let i = 0; i < RUNS + 3; i++) {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, args, { env, input, encoding: 'utf8' });
    const ms = performance.now() - t0;
    if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
    last = r.stdout;
    if (i >= 3) times.push(ms); // the first runs warm the file cache
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 0.5), p90: percentile(times, 0.9), last };
}

const store = await freshStore('sqlite');
const server = await startServerProcess(store.env);
try {
  const env = { ...process.env, SERVICE_URL: server.url, SERVICE_API_KEY: server.runtimeKey, HOME: store.env.SERVICE_DATA_DIR, SERVICE_NO_KEYCHAIN: '1' };
  const input = JSON.stringify({ conversation_id: 'c1', hook_event_name: 'beforeShellExecution', command: 'ls -la', cwd: '/tmp', workspace_roots: ['/tmp'] });
  const baseline = timeRuns(['-e', '0'], env);
  const hook = timeRuns([join(REPO_ROOT, 'bin', 'service'), 'hook', '--surface', 'cursor'], env, input);
  console.log(`service hook forwarder benchmark (${RUNS} runs each, allow from a local server)`);
  console.log(`node -e 0                         median ${baseline.median.toFixed(1)} ms   p90 ${baseline.p90.toFixed(1)} ms`);
  console.log(`service hook --surface cursor     median ${hook.median.toFixed(1)} ms   p90 ${hook.p90.toFixed(1)} ms   (goal ≤ 150 ms)   answered ${hook.last.trim()}`);
} finally {
  await server.stop();
  await store.drop();
}
