// OTLP ingest benchmark (issue #20): log records per second through POST /api/v1/otlp/v1/logs
// on each store, then stored records counted against acknowledged records (they must be equal).
// Requests are what the real exporters send: http/protobuf, batches of 512 Claude Code records
// (the OpenTelemetry SDK's default batch size) with the identity headers install-hooks
// --telemetry writes, from a few concurrent connections.
//   node --conditions=source --import tsx bench/otlp.ts [--stores sqlite,mysql] [--requests 400] [--batch 512] [--connections 8] [--cpu-prof DIR]
// --cpu-prof DIR runs the server under `node --cpu-prof` and leaves its .cpuprofile files in DIR.
import { encodeLogsRequestFromJson, decodeLogsResponse } from '../packages/server/src/telemetry/otlp-wire.js';
import { readdirSync, readFileSync } from 'node:fs';
import { SERVER_NODE_FLAGS } from '../packages/server/src/node-flags.js';
import { freshStore, startServerProcess, storeKnex } from './support.js';

/**
 * CPU time (ms) of the server (all threads) and of its event loop (main thread), from /proc; null
 * elsewhere. On a shared machine the rate drifts with the neighbours' load; CPU per record much less.
 */
function cpuMs(pid: number): { total: number; loop: number } | null {
  try {
    const ticks = (stat: string) => {
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(f[11]) + Number(f[12])) * 10;
    };
    let total = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) total += ticks(readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8'));
    return { total, loop: ticks(readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8')) };
  } catch {
    return null;
  }
}

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const requests = Number(arg('requests', '400'));
const batch = Number(arg('batch', '512'));
const connections = Number(arg('connections', '8'));
const stores = arg('stores', 'sqlite,mysql').split(',') as ('sqlite' | 'mysql')[];
const profileDir = arg('cpu-prof', '');
const nodeArgs = profileDir ? [...SERVER_NODE_FLAGS, '--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [...SERVER_NODE_FLAGS];
const WARM_UP = 20;
const TARGET_SQLITE = 20_000;

const kv = (o: Record<string, string | number | undefined>) => Object.entries(o).filter((e): e is [string, string | number] => e[1] !== undefined).map(([key, v]) => ({ key, value: typeof v === 'number' ? (Number.isInteger(v) ? { intValue: v } : { doubleValue: v }) : { stringValue: v } }));

function body(): Buffer {
  const now = Date.now();
  const records = Array.from({ length: batch }, (_, i) => {
    const kind = i % 4;
    const common = { 'session.id': `bench-session-${i % 16}`, 'user.id': 'anon', 'terminal.type': 'xterm', 'event.timestamp': new Date(now).toISOString(), 'event.sequence': i, 'prompt.id': `p-${i >> 3}` };
    const attrs =
      kind === 0
        ? { 'event.name': 'api_request', model: 'claude-sonnet-4-5', input_tokens: 1200, output_tokens: 300, cache_read_tokens: 40, cache_creation_tokens: 8, cost_usd: 0.0123, duration_ms: 900 }
        : kind === 1
          ? { 'event.name': 'tool_result', tool_name: 'Bash', success: 'true', duration_ms: '27', tool_use_id: `t-${i}` }
          : kind === 2
            ? { 'event.name': 'tool_decision', decision: 'accept', source: 'config', tool_name: 'Read', tool_use_id: `t-${i}` }
            : { 'event.name': 'user_prompt', prompt_length: 42, prompt: '<REDACTED>' };
    return { timeUnixNano: `${now}000000`, body: { stringValue: `claude_code.${attrs['event.name']}` }, attributes: kv({ ...common, ...attrs }) };
  });
  const resource = kv({ 'service.name': 'claude-code', 'service.version': '2.1.197', 'os.type': 'linux', 'host.arch': 'x64', 'host.name': 'bench-host', 'host.id': 'bench-machine' });
  return encodeLogsRequestFromJson({ resourceLogs: [{ resource: { attributes: resource }, scopeLogs: [{ scope: { name: 'com.anthropic.claude_code.events' }, logRecords: records }] }] });
}

async function send(url: string, key: string, payload: Buffer, count: number): Promise<{ acknowledged: number; failed: number }> {
  let next = 0;
  let acknowledged = 0;
  let failed = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-protobuf', 'x-hostname': 'bench-host', 'x-machine-id': 'bench-machine' }, body: new Uint8Array(payload) });
      const bytes = new Uint8Array(await res.arrayBuffer());
      if (res.status === 200) acknowledged += batch - decodeLogsResponse(bytes).rejected;
      else failed++;
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return { acknowledged, failed };
}

const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });
console.log(`OTLP ingest benchmark: ${fmt(requests)} http/protobuf requests of ${batch} Claude Code log records (${fmt(requests * batch)} records) over ${connections} connections per store, after ${WARM_UP} warm-up requests`);
const payload = body();
let failedCheck = false;
for (const store of stores) {
  const target = await freshStore(store);
  const server = await startServerProcess(target.env, {}, nodeArgs);
  try {
    const url = `${server.url}/api/v1/otlp/v1/logs`;
    await send(url, server.runtimeKey, payload, WARM_UP);
    const cpuBefore = cpuMs(server.child.pid!);
    const t0 = performance.now();
    const r = await send(url, server.runtimeKey, payload, requests);
    const seconds = (performance.now() - t0) / 1000;
    const cpuAfter = cpuMs(server.child.pid!);
    const cpu =
      cpuBefore && cpuAfter
        ? `; server CPU ${(((cpuAfter.total - cpuBefore.total) * 1000) / Math.max(1, r.acknowledged)).toFixed(1)} µs/record (event loop ${(((cpuAfter.loop - cpuBefore.loop) * 1000) / Math.max(1, r.acknowledged)).toFixed(1)})`
        : '';
    const knex = storeKnex(target.env);
    let stored: number;
    try {
      stored = Number((await knex('otlp_events').count<{ n: number }[]>({ n: '*' }).first())?.n ?? 0);
    } finally {
      await knex.destroy();
    }
    const acknowledgedTotal = r.acknowledged + WARM_UP * batch;
    const rate = r.acknowledged / seconds;
    const equal = stored === acknowledgedTotal;
    console.log(
      `${store.padEnd(6)} ${fmt(rate)} records/s (${fmt(r.acknowledged)} in ${seconds.toFixed(2)} s, ${fmt(requests / seconds)} requests/s), failed requests ${r.failed}; ` +
        `stored ${fmt(stored)} = acknowledged ${fmt(acknowledgedTotal)}: ${equal ? 'yes' : 'NO'}${cpu}` +
        (store === 'sqlite' ? `; target ${fmt(TARGET_SQLITE)} records/s: ${rate >= TARGET_SQLITE ? 'met' : 'not met'}` : ''),
    );
    if (!equal || r.failed > 0) failedCheck = true;
  } finally {
    await server.stop();
    await target.drop();
  }
}
process.exit(failedCheck ? 1 : 0);
