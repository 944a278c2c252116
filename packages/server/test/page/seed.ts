// A small fleet for the admin page tests, through the real runtime API: hosts that check in
// with inventory, a posture scan, allowed and denied tool calls. `hostile` puts markup and
// script URLs in every field a workstation controls, to prove the page renders them as text.
import type { CreatedOrg } from '../../src/accounts/orgs.js';
import type { TestServer } from '../support/harness.js';

export const HOSTILE = {
  hostname: `<script>alert("host")</script>"><img src=x onerror=alert(1)>`,
  skill: `<script>alert("skill")</script>"><img src=x onerror=alert(5)>`,
  preview: `<script>alert("preview")</script>"><img src=x onerror=alert(2)> javascript:alert(3)`,
  mcp: `"><img src=x onerror=alert(4)>`,
  gitRemote: 'javascript:alert(9)//github.com/acme/api',
};

export interface SeededFleet {
  hosts: { hostname: string; id: string }[];
}

async function post(srv: TestServer, key: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await srv.call('POST', path, { key, body, headers });
  if (res.status >= 300) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function seedFleet(srv: TestServer, org: CreatedOrg, opts: { hostile?: boolean } = {}): Promise<SeededFleet> {
  const names = ['dev-laptop-1', 'dev-laptop-2', 'build-box'];
  if (opts.hostile) names.push(HOSTILE.hostname);
  const hosts: SeededFleet['hosts'] = [];
  for (const [i, hostname] of names.entries()) {
    const machine_id = `seed-${org.org_id}-${i}`;
    const r = await post(srv, org.runtime_key, '/api/v1/claude-code/checkin', {
      hostname,
      machine_id,
      session_id: `seed-session-${i}`,
      cwd: '/home/dev/acme-api',
      git_remote: opts.hostile && hostname === HOSTILE.hostname ? HOSTILE.gitRemote : i === 0 ? 'https://github.com/acme/api' : 'git@github.com:acme/api.git',
      platform: i === 1 ? 'darwin' : 'linux',
      os_version: i === 1 ? 'macOS 15' : 'Ubuntu 24.04',
      agent_version: i === 2 ? '2.0.0' : '2.1.0',
      sandbox: 'enabled',
      install_source: 'manual',
      user_hint: `dev${i}@example.com`,
      installed_skills: [
        { name: 'deploy', source: 'global', preview: 'Deploys the service with kubectl apply.' },
        { name: 'lint-fix', source: 'project', preview: 'Runs eslint --fix on changed files.' },
        ...(opts.hostile ? [{ name: HOSTILE.skill, source: 'global', preview: HOSTILE.preview }] : []),
      ],
      installed_mcp_servers: [{ name: opts.hostile ? HOSTILE.mcp : 'github', type: 'stdio', command: 'npx', source: 'global' }],
      installed_plugins: [{ full_name: 'acme/formatter', version: '1.2.0' }],
    });
    hosts.push({ hostname, id: r.workstation_id });
    const identity = { 'x-hostname': hostname, 'x-machine-id': machine_id };
    await post(srv, org.runtime_key, '/api/v1/scans', {
      hostname,
      machine_id,
      checks: [
        { status: 'pass', check_name: 'disk_encryption', category: 'device', severity: 'high' },
        { status: 'fail', check_name: 'firewall_enabled', category: 'device', severity: 'medium', detail: 'The firewall is off.' },
        { status: 'pass', check_name: 'hooks_installed', category: 'agent', severity: 'high' },
      ],
      raw_report: { tool: 'seed' },
      score: 80 + i,
      grade: 'B',
    });
    const call = (command: string) => ({ session_id: `seed-session-${i}`, cwd: '/home/dev/acme-api', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command } });
    await post(srv, org.runtime_key, '/api/v1/claude-code/evaluate', call('ls -la'), identity);
    await post(srv, org.runtime_key, '/api/v1/claude-code/evaluate', call('rm -rf ~'), identity);
  }
  await srv.deps.fleet.settle(Date.now());
  return { hosts };
}
