// Exception scopes (pure): an approval never widens past what it names.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { compileScope, scopeError, type ExceptionScope } from '../../src/exceptions/scope.js';
import type { ToolCall } from '../../src/policy/types.js';

function call(fields: Partial<ToolCall>): ToolCall {
  return { surface: 'claude-code', event: 'PreToolUse', phase: 'pre_tool', toolName: 'Bash', tool: 'shell', toolInput: {}, identity: { hostname: 'h1' }, cwd: '/repo/app', ...fields } as ToolCall;
}
const scope = (s: Partial<ExceptionScope>): ExceptionScope => ({ kind: 'exact_command', value: 'rm -rf ~', host: null, user: null, repository: null, ...s });

describe('exception scopes', () => {
  const cases: [string, Partial<ExceptionScope>, Partial<ToolCall>, boolean][] = [
    ['exact: equal after trimming', {}, { command: '  rm -rf ~ ' }, true],
    ['exact: one more argument is another command', {}, { command: 'rm -rf ~ /etc' }, false],
    ['exact: a prefix is not enough', { value: 'rm -rf' }, { command: 'rm -rf ~' }, false],
    ['exact: no command (a file read)', {}, { filePath: 'rm -rf ~' }, false],
    ['path: equal path', { kind: 'path', value: '/repo/.env' }, { filePath: '/repo/.env' }, true],
    ['path: a sibling is not covered', { kind: 'path', value: '/repo/.env' }, { filePath: '/repo/.env.prod' }, false],
    ['pattern: glob over the whole command', { kind: 'pattern', value: 'rm -rf /tmp/build-*' }, { command: 'rm -rf /tmp/build-42' }, true],
    ['pattern: anchored at the start', { kind: 'pattern', value: 'rm -rf /tmp/build-*' }, { command: 'sudo rm -rf /tmp/build-42' }, false],
    ['pattern: regex characters are literal', { kind: 'pattern', value: 'curl https://x.io/a.sh' }, { command: 'curl https://xxio/a.sh' }, false],
    ['host: must match when set', { host: 'h2' }, { command: 'rm -rf ~' }, false],
    ['host: matches', { host: 'h1' }, { command: 'rm -rf ~' }, true],
    ['user: must match when set', { user: 'ana' }, { command: 'rm -rf ~', userHint: 'bob' }, false],
    ['repository: the folder itself', { repository: '/repo/app/' }, { command: 'rm -rf ~' }, true],
    ['repository: below it', { repository: '/repo' }, { command: 'rm -rf ~', cwd: '/repo/app/sub' }, true],
    ['repository: a folder with the same prefix is not below it', { repository: '/repo/ap' }, { command: 'rm -rf ~' }, false],
  ];
  for (const [name, s, c, expected] of cases) {
    test(name, () => assert.equal(compileScope(scope(s)).matches(call(c)), expected));
  }

  test('unusable scopes are refused with a reason', () => {
    assert.equal(scopeError(scope({ value: '  ' })), 'scope value is empty');
    assert.match(scopeError(scope({ kind: 'pattern', value: '**' }))!, /literal/);
    assert.equal(scopeError(scope({ kind: 'pattern', value: 'rm *' })), null);
  });
});
