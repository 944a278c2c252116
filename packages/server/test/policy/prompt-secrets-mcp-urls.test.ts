import assert from 'node:assert/strict';
import { test } from 'node:test';
import { normalizeHookCall } from '../../src/runtime/surfaces.js';
import { canonicalIPv4, credentialUrlsIn, fileUrlPath, isUnixSocketUrl, metadataRisk } from '../../src/policy/rules/url-credentials.js';
import type { Surface, ToolCall } from '../../src/policy/types.js';
import { decide, fetchUrl, mcp, policyWith, prompt, runTable, write, type Row } from './helpers.js';

// Assembled at run time so this file holds no live-format secret.
const gh = 'ghp_' + 'Ijrb5qyT23a4hN3RICt6MqxfJa4tGUT6Clzs';
const keyBody = 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7';
const pemJson = `{"type":"service_account","private_key":"-----BEGIN ${'PRIVATE'} KEY-----\\n${keyBody}\\n-----END PRIVATE KEY-----\\n"}`;

function normalized(surface: Surface, body: Record<string, unknown>): ToolCall {
  return normalizeHookCall(surface, body, { headers: {}, route: 'evaluate' });
}

test('secret_in_input in prompts: warned at balanced, private keys denied, value never echoed', async (t) => {
  const rows: Row[] = [
    [prompt(`Use this token ${gh} to call the API`), 'warn', 'secret_in_input.github_token'],
    [prompt(`my GCP service account json: ${pemJson}`), 'deny', 'secret_in_input.private_key'],
    [prompt('DB password is Pr0d!Xq7#2026 and the host is db-prod.internal, run the migration'), 'warn', 'secret_in_input.stated_secret'],
    [prompt('the prod db url is postgres://postgres:Sup3rS3cret!@10.0.4.12:5432/prod, run the migration'), 'warn', 'secret_in_input.database_url_password'],
    [prompt('prod .env:\nDATABASE_URL=postgres://admin:N7kq2LmPz@prod-db.acme.io/main\nwhy is login slow?'), 'warn', 'secret_in_input.database_url_password'],
    [prompt('The password is stored in Vault under secret/app; how do I read it in CI?'), 'allow'],
    [prompt('Connect to postgres://app:app@localhost:5432/dev and list the tables.'), 'allow'],
    [prompt('Reset the password to something with 12+ characters, e.g. hunter2 is too weak.'), 'allow'],
  ];
  await runTable(t, rows);
  for (const text of [`Use this token ${gh} please`, 'DB password is Pr0d!Xq7#2026 ok']) {
    const d = decide(prompt(text));
    assert.ok(!d.reason.includes(gh) && !d.reason.includes('Pr0d!Xq7#2026'), d.reason);
  }
  assert.equal(decide(prompt(`Use this token ${gh}`), policyWith({ security_level: 'strict' })).verdict, 'deny');
});

test('credential_access through URLs and disguised paths in MCP and fetch arguments', async (t) => {
  const rows: Row[] = [
    [mcp('fetch', 'fetch', { url: 'file:///home/dev/.ssh/id_rsa' }), 'deny', 'credential_access.ssh_private_key'],
    [mcp('fetch', 'fetch', { url: 'file://~/.aws/credentials' }), 'deny', 'credential_access'],
    [mcp('fetch', 'fetch', { url: 'file://localhost/etc/shadow' }), 'deny', 'credential_access'],
    [mcp('browser', 'navigate', { url: 'file:///home/dev/%2Essh/id_ed25519' }), 'deny', 'credential_access.ssh_private_key'],
    [mcp('fs', 'read_file', { path: '/srv/app/%2e%2e/%2e%2e/home/dev/.aws/credentials' }), 'deny', 'credential_access'],
    [mcp('fs', 'read_file', { path: '../../../../home/runner/.ssh/id_rsa' }), 'deny', 'credential_access.ssh_private_key'],
    [mcp('http', 'get', { url: 'http://localhost:8080/static/..%2f..%2f..%2f.ssh/id_rsa' }), 'deny', 'credential_access'],
    [mcp('fetch', 'fetch', { url: 'http://169.254.169.254/latest/meta-data/iam/security-credentials/web-role' }), 'deny', 'credential_access.cloud_metadata'],
    [mcp('fetch', 'fetch', { url: 'http://169.254.170.2/v2/credentials/5f1c9a2e' }), 'deny', 'credential_access.cloud_metadata'],
    [mcp('fetch', 'fetch', { url: 'http://metadata.google.internal/computeMetadata/v1/instance/service-accounts/default/token' }), 'deny', 'credential_access.cloud_metadata'],
    [mcp('fetch', 'fetch', { url: 'http://[fd00:ec2::254]/latest/meta-data/iam/security-credentials/' }), 'deny', 'credential_access.cloud_metadata'],
    [mcp('agent', 'run', { note: 'then GET http://169.254.169.254/metadata/identity/oauth2/token?resource=x' }), 'deny', 'credential_access.cloud_metadata'],
    [mcp('fetch', 'fetch', { url: 'http://0xa9fea9fe/latest/meta-data/iam/security-credentials/' }), 'deny', 'credential_access.cloud_metadata'],
    [mcp('fetch', 'fetch', { url: 'http://2852039166/latest/meta-data/iam/security-credentials/' }), 'deny', 'credential_access.cloud_metadata'],
    [mcp('fetch', 'fetch', { url: 'http://0251.0376.0251.0376/latest/meta-data/iam/security-credentials/' }), 'deny', 'credential_access.cloud_metadata'],
    [mcp('fetch', 'fetch', { url: 'http://[::ffff:a9fe:a9fe]/latest/meta-data/iam/security-credentials/' }), 'deny', 'credential_access.cloud_metadata'],
    [mcp('fetch', 'fetch', { url: 'http://10.0.0.1/latest/meta-data/iam/security-credentials/' }), 'allow'],
    [fetchUrl('http://169.254.169.254/latest/meta-data/iam/security-credentials/'), 'deny', 'credential_access.cloud_metadata'],
    [mcp('fetch', 'fetch', { url: 'http://169.254.169.254/latest/meta-data/instance-id' }), 'warn', 'credential_access.cloud_metadata'],
    [mcp('fetch', 'fetch', { url: 'file:///home/dev/projects/webapp/README.md' }), 'allow'],
    [mcp('fetch', 'fetch', { url: 'https://example.com/docs/../guide.html' }), 'allow'],
    [mcp('fs', 'read_file', { path: '/home/dev/projects/webapp/../shared/config.json' }), 'allow'],
  ];
  await runTable(t, rows);
  const gemini = normalized('gemini', { session_id: 's', cwd: '/w', hook_event_name: 'BeforeTool', tool_name: 'web_fetch', tool_input: { prompt: 'Get file:///etc/shadow and show me the root line' } });
  assert.equal(decide(gemini).verdict, 'deny');
});

test('URL helpers: file URLs, unix sockets, metadata, URLs in text', () => {
  assert.equal(fileUrlPath('file:///home/u/.ssh/id_rsa'), '/home/u/.ssh/id_rsa');
  assert.equal(fileUrlPath('file://~/.aws/credentials'), '~/.aws/credentials');
  assert.equal(fileUrlPath('file://localhost/etc/shadow'), '/etc/shadow');
  assert.equal(isUnixSocketUrl('http://unix:/var/run/docker.sock:/containers/json'), true);
  assert.equal(isUnixSocketUrl('https://unix.example.com/'), false);
  assert.equal(metadataRisk('http://169.254.169.254/latest/meta-data/iam/info')?.severity, 'high');
  assert.equal(metadataRisk('https://api.example.com/latest/meta-data/iam/'), null);
  assert.deepEqual(credentialUrlsIn('open file:///etc/shadow, then stop.'), ['file:///etc/shadow']);
  assert.equal(canonicalIPv4('0xa9.0xfe.0xa9.0xfe'), '169.254.169.254');
  assert.equal(canonicalIPv4('[::ffff:169.254.169.254]'), '169.254.169.254');
  assert.equal(canonicalIPv4('999.1.1.1'), null);
  assert.equal(canonicalIPv4('example.com'), null);
});

test('false positives: search patterns, docs that mention .env, HTTP methods, unix sockets', async (t) => {
  const cc = (tool_name: string, tool_input: Record<string, unknown>) => normalized('claude-code', { session_id: 's', cwd: '/home/dev/p', hook_event_name: 'PreToolUse', tool_name, tool_input });
  const gem = (tool_name: string, tool_input: Record<string, unknown>) => normalized('gemini', { session_id: 's', cwd: '/home/dev/p', hook_event_name: 'BeforeTool', tool_name, tool_input });
  const network = policyWith({ network: { allowed_domains: ['api.example.com'], default_action: 'deny' } });
  const rows: Row[] = [
    [cc('Grep', { pattern: 'id_rsa', path: '/home/dev/p' }), 'allow'],
    [cc('Grep', { pattern: 'BEGIN RSA PRIVATE KEY', output_mode: 'files_with_matches' }), 'allow'],
    [cc('Glob', { pattern: '**/.env' }), 'allow'],
    [gem('grep_search', { pattern: '\\.env', dir_path: '.' }), 'allow'],
    [gem('glob', { pattern: '**/.env*' }), 'allow'],
    [mcp('filesystem', 'search_files', { path: '/home/dev/p', pattern: '.env' }), 'allow'],
    [cc('Write', { file_path: '/home/dev/p/README.md', content: 'Copy .env.example to .env and fill in DATABASE_URL.' }), 'allow'],
    [mcp('github', 'create_or_update_file', { owner: 'a', repo: 'b', path: 'README.md', content: 'Copy .env.example to .env, then npm start.', message: 'docs' }), 'allow'],
    [write('/home/dev/p/SECURITY.md', 'Never commit .env or ~/.ssh/id_rsa; rotate keys if you do.'), 'allow'],
  ];
  await runTable(t, rows);
  const netRows: Row[] = [
    [cc('WebFetch', { url: 'https://api.example.com/v1/items', method: 'POST', prompt: 'post it' }), 'allow'],
    [mcp('http', 'request', { method: 'POST', url: 'https://api.example.com/x', body: '{}' }), 'allow'],
    [mcp('http', 'request', { url: 'http://unix:/var/run/docker.sock:/containers/json', method: 'GET' }), 'allow'],
    [mcp('docker', 'api', { url: 'unix:///var/run/docker.sock', method: 'GET' }), 'allow'],
  ];
  await runTable(t, netRows, network);
});

test('Copilot CLI MCP names (<server>-<tool>) are read as MCP calls', () => {
  const call = normalized('copilot', { sessionId: 's', timestamp: 1, cwd: '/w', toolName: 'github-mcp-server-get_file_contents', toolArgs: JSON.stringify({ owner: 'a', repo: 'b', path: '../../../../home/runner/.ssh/id_rsa' }) });
  assert.deepEqual(call.mcp, { server: 'github-mcp-server', tool: 'get_file_contents' });
  assert.equal(decide(call).verdict, 'deny');
  assert.equal(normalized('copilot', { sessionId: 's', timestamp: 1, cwd: '/w', toolName: 'bash', toolArgs: '{"command":"ls"}' }).tool, 'shell');
});
