// Inventory upserts from check-ins (spec: Skill / MCP server / Plugin inventory entries): skills
// keyed by (host, name, source), scored server-side on the 500-byte preview exactly as the spec's
// table, hash changes recorded without an alert; bad input refused whole with nothing lost.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { startTestServer, TEST_STORE, type TestServer } from '../support/harness.js';
import { checkin, machine, outbox } from './support.js';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const skill = (name: string, preview: string, source = 'global') => ({ name, source, preview, hash: sha(preview) });

// One preview per flag of the spec's table, each triggering only its own flag.
const FLAGS: Array<[string, string, number]> = [
  ['credential_access', 'Reads the deploy token from the environment.', 40],
  ['destructive_ops', 'Cleans up with rm -rf build before packaging.', 35],
  ['bash_commands', 'Run it:\n```bash\nmake release\n```', 30],
  ['code_execution', 'Evaluates the snippet with eval(input).', 30],
  ['package_install', 'First pip install requests.', 25],
  ['network_access', 'Fetch the status page with curl.', 20],
  ['file_write', 'Create file CHANGELOG.md from the template.', 20],
];

describe(`inventory (${TEST_STORE})`, () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer();
  });
  after(() => srv.close());
  const skillsOf = (wsId: string) => srv.deps.store.knex('skills').where({ workstation_id: wsId }).orderBy('name').select();

  test('each flag of the spec table scores its points', async () => {
    const org = await srv.newOrg('team');
    const r = await checkin(srv, org, { installed_skills: FLAGS.map(([flag, preview]) => skill(flag, preview)) });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const rows = new Map((await skillsOf(r.body.workstation_id)).map((s) => [s.name, s]));
    for (const [flag, , points] of FLAGS) {
      const row = rows.get(flag);
      assert.equal(row.risk_flags, flag, flag);
      assert.equal(Number(row.risk_score), points, flag);
    }
  });

  test('scores add up, cap at 100, and map to Low/Medium/High/Critical at the spec boundaries', async () => {
    const org = await srv.newOrg('team');
    const cases: Array<[string, string, number, string]> = [
      ['none', 'Summarize the diff for the release notes.', 0, 'Low'],
      ['p25', 'pip install requests', 25, 'Low'], // 25: top of Low
      ['p30', 'eval(x)', 30, 'Medium'], // 26..50
      ['p50', 'eval(x) then curl it', 50, 'Medium'], // top of Medium
      ['p55', 'rm -rf out; curl it', 55, 'High'], // 51..75
      ['p75', 'rm -rf out; the token', 75, 'High'], // top of High
      ['p80', 'the token; curl it; create file x', 80, 'Critical'], // 76..100
      ['all', FLAGS.map(([, p]) => p).join('\n'), 100, 'Critical'], // 200 points, capped
    ];
    const r = await checkin(srv, org, { installed_skills: cases.map(([n, p]) => skill(n, p)) });
    const rows = new Map((await skillsOf(r.body.workstation_id)).map((s) => [s.name, s]));
    for (const [name, , score, level] of cases) {
      assert.equal(Number(rows.get(name).risk_score), score, name);
      assert.equal(rows.get(name).risk_level, level, name);
    }
    assert.equal(rows.get('all').risk_flags.split(',').length, 7);
  });

  test('upsert by (host, name, source): same name in two sources is two rows; a changed hash keeps the previous one and fires no alert', async () => {
    const org = await srv.newOrg('team');
    const mid = machine();
    const r1 = await checkin(srv, org, { machine_id: mid, installed_skills: [skill('deploy', 'v1 text'), skill('deploy', 'v1 text', 'project')] });
    const before = await skillsOf(r1.body.workstation_id);
    assert.equal(before.length, 2);
    const outboxBefore = (await outbox(srv, org.org_id)).length;
    await new Promise((res) => setTimeout(res, 5));
    const r2 = await checkin(srv, org, { machine_id: mid, installed_skills: [skill('deploy', 'v2 text with curl'), skill('deploy', 'v1 text', 'project')] });
    assert.deepEqual(r2.body.inventory.skills, { added: 0, changed: 1, unchanged: 1 });
    const rows = await skillsOf(r1.body.workstation_id);
    const global = rows.find((s) => s.source === 'global');
    assert.equal(global.hash, sha('v2 text with curl'));
    assert.equal(global.previous_hash, sha('v1 text'));
    assert.ok(Number(global.hash_changed_at) > 0);
    assert.equal(Number(global.first_seen_at), Number(before.find((s) => s.source === 'global').first_seen_at));
    assert.equal(global.risk_flags, 'network_access');
    assert.equal(rows.find((s) => s.source === 'project').previous_hash, null);
    assert.equal((await outbox(srv, org.org_id)).length, outboxBefore, 'a changed hash fires no event');
  });

  test('a preview over 500 bytes is stored as its first 500 bytes and scored on those only', async () => {
    const org = await srv.newOrg('team');
    const long = `${'é'.repeat(300)} and later: curl https://evil.example`; // 600 bytes of é, then a network flag
    const r = await checkin(srv, org, { installed_skills: [{ name: 'long', source: 'global', preview: long }] });
    assert.equal(r.status, 200);
    const [row] = await skillsOf(r.body.workstation_id);
    assert.ok(Buffer.byteLength(row.preview, 'utf8') <= 500);
    assert.equal(row.preview, 'é'.repeat(250));
    assert.equal(Number(row.risk_score), 0, 'text past 500 bytes is not scored');
    assert.equal(row.hash, sha(row.preview), 'without a client hash the stored preview is hashed');
  });

  test('wrong types are refused whole with a 400 naming the field, and nothing stored is lost', async () => {
    const org = await srv.newOrg('team');
    const mid = machine();
    const ok = await checkin(srv, org, { machine_id: mid, installed_skills: [skill('keep', 'keep me')], installed_plugins: [{ full_name: 'p@m', version: '1', platform: 'claude_code', source: 'global' }] });
    const bad: Array<[Record<string, unknown>, RegExp]> = [
      [{ installed_skills: 'deploy' }, /installed_skills: installed_skills must be an array/],
      [{ installed_mcp_servers: { name: 'x' } }, /installed_mcp_servers/],
      [{ installed_skills: [{ name: 'x', source: 'elsewhere', preview: '' }] }, /source must be "global" or "project"/],
      [{ installed_skills: [{ name: 'x', source: 'global', preview: '', hash: 'nothex' }] }, /hash must be the SHA-256/],
      [{ installed_mcp_servers: [{ name: 'x', type: 'carrier-pigeon', source: 'global', platform: 'claude_code' }] }, /type must be stdio, http or sse/],
      [{ installed_plugins: [{ version: '1' }] }, /full_name/],
      [{ sandbox: 'maybe' }, /sandbox/],
    ];
    for (const [body, message] of bad) {
      const r = await checkin(srv, org, { machine_id: mid, installed_skills: [], ...body });
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.match(r.body.message, message);
    }
    const rows = await skillsOf(ok.body.workstation_id);
    assert.deepEqual(rows.map((s) => s.name), ['keep']);
    assert.equal((await srv.deps.store.knex('plugins').where({ workstation_id: ok.body.workstation_id })).length, 1);
  });

  test('10,000 skills in one check-in: 400 (cap 1000), nothing written; 1000 is accepted', async () => {
    const org = await srv.newOrg('team');
    const mid = machine();
    const first = await checkin(srv, org, { machine_id: mid, installed_skills: [skill('existing', 'x')] });
    const many = Array.from({ length: 10_000 }, (_, i) => ({ name: `s${i}`, source: 'global', preview: '' }));
    const r = await checkin(srv, org, { machine_id: mid, installed_skills: many });
    assert.equal(r.status, 400);
    assert.match(r.body.message, /at most 1000 installed_skills per check-in/);
    assert.deepEqual((await skillsOf(first.body.workstation_id)).map((s) => s.name), ['existing']);
    const thousand = await checkin(srv, org, { machine_id: mid, installed_skills: many.slice(0, 1000) });
    assert.equal(thousand.status, 200);
    assert.equal(thousand.body.inventory.skills.added, 1000);
    assert.equal((await skillsOf(first.body.workstation_id)).length, 1001);
  });

  test('MCP servers keep only the binary basename; plugins upsert by (host, platform, full_name)', async () => {
    const org = await srv.newOrg('team');
    const mid = machine();
    const r = await checkin(srv, org, {
      machine_id: mid,
      installed_mcp_servers: [
        { name: 'github', type: 'stdio', command: '/opt/homebrew/bin/npx -y @modelcontextprotocol/server-github --token=abc', source: 'global', platform: 'claude_code' },
        { name: 'remote', type: 'streamable-http', source: 'project', platform: 'cursor' },
      ],
      installed_plugins: [{ full_name: 'review@acme', version: '1.0.0', platform: 'claude_code', source: 'global' }],
    });
    assert.equal(r.status, 200);
    const servers = await srv.deps.store.knex('mcp_servers').where({ workstation_id: r.body.workstation_id }).orderBy('name');
    assert.deepEqual(servers.map((s) => [s.name, s.type, s.command]), [['github', 'stdio', 'npx'], ['remote', 'http', null]]);
    await checkin(srv, org, { machine_id: mid, installed_plugins: [{ full_name: 'review@acme', version: '1.1.0', platform: 'claude_code', source: 'global' }] });
    const plugins = await srv.deps.store.knex('plugins').where({ workstation_id: r.body.workstation_id });
    assert.deepEqual(plugins.map((p) => p.version), ['1.1.0']);
  });

  test('the skills view aggregates hosts and shows the policy status', async () => {
    const org = await srv.newOrg('team');
    for (let i = 0; i < 3; i++) await checkin(srv, org, { installed_skills: [skill('deploy', i === 2 ? 'rm -rf / and the token' : 'safe text'), skill('notes', 'write notes')] });
    await srv.call('POST', '/api/v1/admin/policy/skills', { key: org.admin_key, body: { name: 'deploy', status: 'block' } });
    await srv.call('POST', '/api/v1/admin/policy/skills', { key: org.admin_key, body: { name: 'notes', status: 'warn' } });
    const list = await srv.call('GET', '/api/v1/admin/inventory/skills', { key: org.admin_key });
    assert.equal(list.status, 200);
    const deploy = list.body.skills.find((s: { name: string }) => s.name === 'deploy');
    assert.equal(deploy.host_count, 3);
    assert.equal(deploy.variants, 2);
    assert.equal(deploy.risk_level, 'High');
    assert.deepEqual(deploy.risk_flags.sort(), ['credential_access', 'destructive_ops']);
    assert.equal(deploy.status, 'Blocked');
    assert.equal(list.body.skills.find((s: { name: string }) => s.name === 'notes').status, 'Warn');
    const detail = await srv.call('GET', '/api/v1/admin/inventory/skills/deploy', { key: org.admin_key });
    assert.equal(detail.status, 200);
    assert.equal(detail.body.hosts.length, 3);
    assert.equal(detail.body.variants.length, 2);
    assert.ok(detail.body.variants.every((v: { preview: string; hash: string }) => v.preview && /^[0-9a-f]{64}$/.test(v.hash)));
    const page = await srv.call('GET', '/api/v1/admin/inventory/skills?limit=1', { key: org.admin_key });
    assert.equal(page.body.skills.length, 1);
    const next = await srv.call('GET', `/api/v1/admin/inventory/skills?limit=1&cursor=${page.body.next_cursor}`, { key: org.admin_key });
    assert.notEqual(next.body.skills[0].name, page.body.skills[0].name);
    const other = await srv.newOrg('team');
    assert.equal((await srv.call('GET', '/api/v1/admin/inventory/skills/deploy', { key: other.admin_key })).status, 404);
  });
});
