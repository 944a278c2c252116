// Size bounds: whatever a payload holds, what the adapters copy out of it stays bounded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  MAX_INPUT_DEPTH,
  MAX_INPUT_ENTRIES,
  MAX_INPUT_TOTAL_CHARS,
  MAX_PATH_CHARS,
  MAX_TEXT_CHARS,
  normalizeHookCall,
} from '../src/index.js';
import { cut } from '../src/bounds.js';

const ctx = { headers: {}, route: 'evaluate' as const };

test('extracted text fields are cut at MAX_TEXT_CHARS, paths at MAX_PATH_CHARS', () => {
  const huge = 'a'.repeat(MAX_TEXT_CHARS + 10_000);
  const call = normalizeHookCall('claude-code', { hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: { file_path: '/'.repeat(MAX_PATH_CHARS * 2), content: huge } }, ctx);
  assert.equal(call.content?.length, MAX_TEXT_CHARS);
  assert.equal(call.filePath?.length, MAX_PATH_CHARS);
  assert.equal((call.toolInput.content as string).length, MAX_TEXT_CHARS);

  const prompt = normalizeHookCall('claude-code', { hook_event_name: 'UserPromptSubmit', prompt: huge }, ctx);
  assert.equal(prompt.prompt?.length, MAX_TEXT_CHARS);
  const audit = normalizeHookCall('codex', { hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: {}, tool_response: huge }, { headers: {}, route: 'audit' });
  assert.equal(audit.toolOutput?.length, MAX_TEXT_CHARS);
});

test('the toolInput copy is bounded in depth, entries and total text', () => {
  let deep: Record<string, unknown> = { leaf: 'x' };
  for (let i = 0; i < MAX_INPUT_DEPTH + 5; i += 1) deep = { next: deep };
  const wide = Object.fromEntries(Array.from({ length: MAX_INPUT_ENTRIES + 50 }, (_, i) => [`k${i}`, i]));
  const many = Array.from({ length: 20 }, () => 'b'.repeat(MAX_TEXT_CHARS));
  const call = normalizeHookCall('claude-code', { hook_event_name: 'PreToolUse', tool_name: 'mcp__x__y', tool_input: { deep, wide, many, list: Array(5000).fill(1) } }, ctx);

  let node: unknown = call.toolInput.deep;
  let depth = 1;
  while (typeof node === 'object' && node !== null && 'next' in node) {
    node = (node as { next: unknown }).next;
    depth += 1;
  }
  assert.equal(node, '[nested too deep: dropped]');
  assert.ok(depth <= MAX_INPUT_DEPTH);
  assert.equal(Object.keys(call.toolInput.wide as object).length, MAX_INPUT_ENTRIES);
  assert.equal((call.toolInput.list as unknown[]).length, MAX_INPUT_ENTRIES);
  const total = (call.toolInput.many as string[]).reduce((sum, s) => sum + s.length, 0);
  assert.ok(total <= MAX_INPUT_TOTAL_CHARS, `total ${total}`);
});

test('a "__proto__" key in the payload stays data and never becomes a prototype', () => {
  const body = JSON.parse('{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls","__proto__":{"polluted":true}}}');
  const call = normalizeHookCall('claude-code', body, ctx);
  assert.equal(Object.getPrototypeOf(call.toolInput), Object.prototype);
  assert.equal((call.toolInput as { polluted?: boolean }).polluted, undefined);
  assert.deepEqual(Object.getOwnPropertyDescriptor(call.toolInput, '__proto__')?.value, { polluted: true });
});

test('cut never splits a surrogate pair', () => {
  assert.equal(cut('ab😀', 3), 'ab');
  assert.equal(cut('ab😀', 4), 'ab😀');
  assert.equal(cut('abc', 10), 'abc');
});
