// One simulated workstation for an end-to-end run: a scratch home directory that already holds
// the person's own agent settings (which our install must leave alone), a fake SSH key with a
// unique marker, a project folder to run the agent in, and our CLI run exactly as a person
// would run it (`service install-hooks …` from the repository's bin, HOME pointing here).
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { agentEnv, describeRun, runBounded, type RunResult } from './agents.js';

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const BINS = { service: join(REPO_ROOT, 'bin', 'service'), 'service-mcp-gateway': join(REPO_ROOT, 'bin', 'service-mcp-gateway') };

export class Workstation {
  readonly root: string;
  readonly home: string;
  readonly project: string;
  /** Appears only inside ~/.ssh/id_rsa: if it shows up anywhere else, the key leaked. */
  readonly keyMarker: string;

  constructor(label: string) {
    this.root = mkdtempSync(join(tmpdir(), `svc-agents-${label}-`));
    this.home = join(this.root, 'home');
    this.project = join(this.root, 'project');
    mkdirSync(this.home, { recursive: true });
    mkdirSync(this.project, { recursive: true });
    this.keyMarker = `FAKE-KEY-${label.toUpperCase()}-${randomBytes(8).toString('hex')}`;
    const ssh = join(this.home, '.ssh');
    mkdirSync(ssh, { mode: 0o700 });
    writeFileSync(
      join(ssh, 'id_rsa'),
      `-----BEGIN OPENSSH PRIVATE KEY-----\n${this.keyMarker}\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n-----END OPENSSH PRIVATE KEY-----\n`,
      { mode: 0o600 },
    );
  }

  path(...parts: string[]): string {
    return join(this.home, ...parts);
  }

  write(rel: string, text: string, mode?: number): string {
    const file = this.path(rel);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    if (mode !== undefined) chmodSync(file, mode);
    return file;
  }

  read(rel: string): string {
    return readFileSync(this.path(rel), 'utf8');
  }

  readOrNull(rel: string): string | null {
    return existsSync(this.path(rel)) ? this.read(rel) : null;
  }

  /** A file the benign command creates: its existence proves the command really ran. */
  marker(name: string): string {
    return join(this.root, `ran-${name}`);
  }

  /** Lines the person's own hook appended (it logs every time the agent calls it). */
  userHookLines(): string[] {
    return (this.readOrNull('user-hook.log') ?? '').split('\n').filter(Boolean);
  }

  /** `service <args>` from the repository, as a person at a shell would type it. */
  service(args: string[], opts: { input?: string; env?: Record<string, string> } = {}): Promise<RunResult> {
    return this.cli('service', args, opts);
  }

  /** `service-mcp-gateway <args>`: the entry point MDM scripts schedule on workstations. */
  mcpGateway(args: string[]): Promise<RunResult> {
    return this.cli('service-mcp-gateway', args, {});
  }

  private async cli(bin: keyof typeof BINS, args: string[], opts: { input?: string; env?: Record<string, string> }): Promise<RunResult> {
    const r = await runBounded(process.execPath, [BINS[bin], ...args], {
      cwd: this.project,
      env: agentEnv(this.home, opts.env),
      timeoutMs: 60_000,
      input: opts.input,
    });
    if (r.code !== 0 || r.timedOut) throw new Error(describeRun(`${bin} ${args.join(' ')}`, r));
    return r;
  }

  cleanup(): void {
    if (process.env.SERVICE_AGENTS_KEEP === '1') {
      process.stderr.write(`kept ${this.root}\n`);
      return;
    }
    rmSync(this.root, { recursive: true, force: true });
  }
}
