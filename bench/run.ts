// `npm run bench`: every benchmark, one after another, each in its own process so they do not
// disturb each other. `npm run bench -- http engine` runs only those.
//   http       evaluate vs a bare Koa endpoint, SQLite and MySQL, stored = acknowledged
//   engine     pure decisions per CPU second (red-team set, corpus), 100 KB inputs, corpus metrics
//   parsers    our shell parser vs tree-sitter-bash and mvdan-sh: correctness on tricky inputs, cost
//   bombs      hostile shell inputs (issue #15): decision time vs plain text of the same size
//   forwarder  one `service hook` allow vs `node -e 0`
//   webhooks   blocked call → signed delivery latency
//   policy     1,000 concurrent policy edits through two server processes on MySQL
//   fleet      100,000 workstations: fleet ls first pages and stat cards, SQLite and MySQL
//   otlp       OTLP log records per second ingested, SQLite and MySQL, stored = acknowledged
//   page       100,000 workstations: the admin page's fleet first screen, SQLite and MySQL
//   exceptions issue #21's cycle with a one-minute expiry and the tamper check, SQLite and MySQL
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from './support.js';

const ALL: Record<string, string[][]> = {
  http: [['bench/http.ts']],
  engine: [['bench/engine.ts']],
  parsers: [['bench/parsers.ts']],
  bombs: [['bench/bombs.ts']],
  forwarder: [['bench/forwarder.ts']],
  webhooks: [['bench/webhook-latency.ts']],
  policy: [['bench/policy-edits.ts', '--store', 'mysql']],
  fleet: [
    ['bench/fleet.ts', '--store', 'sqlite'],
    ['bench/fleet.ts', '--store', 'mysql'],
  ],
  otlp: [['bench/otlp.ts']],
  page: [
    ['bench/page.ts', '--store', 'sqlite'],
    ['bench/page.ts', '--store', 'mysql'],
  ],
  exceptions: [
    ['bench/exception-cycle.ts', '--store', 'sqlite'],
    ['bench/exception-cycle.ts', '--store', 'mysql'],
  ],
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const names = wanted.length ? wanted : Object.keys(ALL);
let failed = 0;
for (const name of names) {
  const runs = ALL[name];
  if (!runs) {
    console.error(`Unknown benchmark "${name}"; choose from ${Object.keys(ALL).join(', ')}.`);
    process.exit(2);
  }
  for (const args of runs) {
    console.log(`\n=== ${name}: ${args.join(' ')}`);
    const r = spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', join(REPO_ROOT, args[0]), ...args.slice(1)], { stdio: 'inherit', cwd: REPO_ROOT });
    if (r.status !== 0) failed++;
  }
}
process.exit(failed ? 1 : 0);
