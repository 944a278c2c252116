// The part every stand-in model API shares: a loopback HTTP server that reads (and, when the
// agent compresses it, inflates) each request body, keeps every request so a test can assert
// on what the agent sent the model, and hands the parsed body to the API-specific handler.
// Node built-ins only: these servers must not depend on anything the product ships.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

export interface RecordedRequest {
  method: string;
  path: string;
  /** The body as text, after decompression: what "reached the model". */
  text: string;
  body: any;
}

/** One tool result the agent sent back to the model, reduced to what a test needs. */
export interface ToolResult {
  callId: string;
  /** True when the agent marked the result as an error (a blocked or failed call). */
  isError: boolean;
  text: string;
}

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  /** Written in order; SSE streams pass one string per event. */
  chunks: string[];
}

export type Handler = (req: RecordedRequest, standIn: StandIn) => Reply;

export class StandIn {
  readonly requests: RecordedRequest[] = [];
  readonly toolResults: ToolResult[] = [];
  /** Shell command the next conversation asks for; tests set it before each agent run. */
  command = 'echo no-command-set';
  /** Commands asked for next, one per tool result the agent sends back (a multi-step session). */
  followUps: string[] = [];
  private server: Server | null = null;
  private calls = 0;

  constructor(
    readonly name: string,
    private readonly handler: Handler,
  ) {}

  get url(): string {
    if (!this.server) throw new Error(`${this.name} stand-in is not running`);
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A fresh id for each tool call, so results can be matched to calls. */
  nextId(prefix: string): string {
    this.calls += 1;
    return `${prefix}${this.calls}`;
  }

  /** Forget what earlier runs sent, so each agent run is judged on its own traffic. */
  reset(command?: string, followUps: string[] = []): void {
    this.requests.length = 0;
    this.toolResults.length = 0;
    this.followUps = [...followUps];
    if (command !== undefined) this.command = command;
  }

  /** Every byte the agent sent to the model, for "this secret never reached it" checks. */
  allText(): string {
    return this.requests.map((r) => r.text).join('\n');
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => this.serve(req, res));
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(0, '127.0.0.1', () => resolve());
    });
    return this;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private serve(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let reply: Reply;
      try {
        const text = inflate(Buffer.concat(chunks), req.headers['content-encoding']).toString('utf8');
        let body: any = {};
        try {
          body = text ? JSON.parse(text) : {};
        } catch {
          body = { unparsed: true };
        }
        const recorded: RecordedRequest = { method: req.method ?? 'GET', path: req.url ?? '/', text, body };
        this.requests.push(recorded);
        reply = this.handler(recorded, this);
      } catch (err) {
        // A stand-in bug must show up as a loud model error, not as a silently passing test.
        reply = json(500, { error: { message: `${this.name} stand-in failed: ${(err as Error).message}` } });
      }
      res.writeHead(reply.status ?? 200, reply.headers ?? { 'content-type': 'application/json' });
      for (const chunk of reply.chunks) res.write(chunk);
      res.end();
    });
  }
}

function inflate(buf: Buffer, encoding: string | string[] | undefined): Buffer {
  switch (String(encoding ?? '').toLowerCase()) {
    case 'gzip':
      return gunzipSync(buf);
    case 'deflate':
      return inflateSync(buf);
    case 'br':
      return brotliDecompressSync(buf);
    case '':
    case 'identity':
      return buf;
    default:
      throw new Error(`request body in unsupported content-encoding ${String(encoding)}`);
  }
}

export function json(status: number, value: unknown): Reply {
  return { status, headers: { 'content-type': 'application/json' }, chunks: [JSON.stringify(value)] };
}

export function sse(events: string[]): Reply {
  return { status: 200, headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' }, chunks: events };
}

/** Flattens the many shapes tool output takes (string, content blocks, nested objects) to text. */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(textOf).join('\n');
  if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (typeof v.text === 'string') return v.text;
    return JSON.stringify(value);
  }
  return value === undefined || value === null ? '' : String(value);
}
