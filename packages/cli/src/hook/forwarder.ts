// `service hook --surface S [--event E] [--timeout-ms N]`: the command hook of every agent
// surface without native HTTP hooks. bin/service imports this module directly, without
// oclif, on every tool call, so its import graph is node built-ins plus a few small local
// modules, and it never throws: a hook that fails can block the agent (Gemini treats a
// crashing hook as a deny, Copilot and Antigravity too), so every failure path allows the
// call and exits 0 (fail-open), within a short deadline.
import { resolveServerUrl } from '../config/server-url.js';
import { resolveRuntimeKey } from '../config/runtime-key.js';
import { machineIdentity } from '../config/machine-identity.js';
import { parseHookArgs } from './hook-args.js';
import { postJson } from './post-json.js';
import {
  exitCodeForResponseBody,
  failOpenOutcome,
  forwardPath,
  HOOK_SURFACES,
  hookOutputBytes,
  isAuditEvent,
  isHookSurface,
  type ForwarderOutcome,
  type HookSurface as Surface,
} from '@service/surfaces/forwarder';
import { HOOK_USAGE } from './usage.js';

export const DEFAULT_HOOK_TIMEOUT_MS = 2500;
const MAX_PAYLOAD_BYTES = 16 * 1024 * 1024;

export interface HookIo {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean; destroy?: () => void };
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
}

function readStdin(stdin: HookIo['stdin']): Promise<string> {
  if (stdin.isTTY) return Promise.resolve('');
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stdin.on('data', (chunk: Buffer | string) => {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += buf.length;
      if (size > MAX_PAYLOAD_BYTES) reject(new Error('hook payload too large'));
      else chunks.push(buf);
    });
    stdin.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    stdin.on('error', reject);
  });
}

function headerSafe(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) ? value : encodeURIComponent(value);
}

function eventOf(flag: string | undefined, payload: Record<string, unknown>): string | undefined {
  if (flag) return flag;
  for (const key of ['hook_event_name', 'hookEventName', 'agent_action_name']) {
    if (typeof payload[key] === 'string') return payload[key] as string;
  }
  return undefined;
}

async function forward(surface: Surface, eventFlag: string | undefined, io: HookIo, deadline: number): Promise<ForwarderOutcome> {
  const raw = await readStdin(io.stdin);
  let payload: Record<string, unknown> = {};
  if (raw.trim()) {
    const parsed: unknown = JSON.parse(raw);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('hook payload is not a JSON object');
    payload = parsed as Record<string, unknown>;
  }
  const event = eventOf(eventFlag, payload);
  const serverUrl = resolveServerUrl(io.env);
  const key = resolveRuntimeKey(io.env);
  if (!serverUrl || !key) throw new Error('no server URL or runtime key configured; run `service install-hooks`');

  const identity = await machineIdentity(io.env);
  const body = JSON.stringify({ ...payload, hostname: identity.hostname, machine_id: identity.machine_id });
  const url = serverUrl + forwardPath(surface, isAuditEvent(event) ? 'audit' : 'evaluate');
  const remaining = Math.max(1, deadline - Date.now());
  const res = await postJson(url, body, {
    authorization: `Bearer ${key}`,
    'x-hostname': headerSafe(identity.hostname),
    'x-machine-id': headerSafe(identity.machine_id),
    'user-agent': `service-hook/${surface}`,
  }, remaining);
  if (res.status !== 200 || res.body === null || typeof res.body !== 'object' || Array.isArray(res.body)) {
    throw new Error(`server answered ${res.status} without a usable body`);
  }
  return exitCodeForResponseBody(surface, res.body);
}

function timeoutFrom(flag: number | undefined, env: NodeJS.ProcessEnv): number {
  if (flag) return flag;
  const fromEnv = Number(env.SERVICE_HOOK_TIMEOUT_MS);
  return Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : DEFAULT_HOOK_TIMEOUT_MS;
}

export async function runHookForwarder(argv: string[], io: HookIo = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env }): Promise<number> {
  const args = parseHookArgs(argv);
  if (args.help) {
    io.stdout.write(HOOK_USAGE);
    return 0;
  }
  if (!isHookSurface(args.surface)) {
    io.stderr.write(`service hook: --surface must be one of ${HOOK_SURFACES.join(', ')}; re-run \`service install-hooks\` to rewrite the hook.\n`);
    // Run by an agent (stdin is a pipe), a non-zero exit could block the agent, so this
    // configuration error still allows the call; a person at a terminal gets exit 1.
    return io.stdin.isTTY ? 1 : 0;
  }
  const surface = args.surface;
  const timeoutMs = timeoutFrom(args.timeoutMs, io.env);
  const deadline = Date.now() + timeoutMs;
  const debug = io.env.SERVICE_HOOK_DEBUG === '1';

  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  let output: ForwarderOutcome;
  try {
    const result = await Promise.race([forward(surface, args.event, io, deadline), expired]);
    if (result === 'timeout') throw new Error(`no answer within ${timeoutMs} ms`);
    output = result;
  } catch (err) {
    if (debug) io.stderr.write(`service hook: allowing (fail-open): ${(err as Error).message}\n`);
    output = failOpenOutcome(surface, args.event);
    // A stdin that never closes must not keep the process alive past the deadline.
    io.stdin.destroy?.();
  } finally {
    clearTimeout(timer);
  }
  const bytes = hookOutputBytes(output);
  if (bytes.stdout) io.stdout.write(bytes.stdout);
  if (bytes.stderr) io.stderr.write(bytes.stderr);
  return bytes.code;
}
