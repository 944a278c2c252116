// Builders for ToolCalls and a one-line decide helper, so test tables stay readable.
import { compilePolicy, type CompiledPolicy } from '../../src/policy/compile.js';
import { decideToolCall } from '../../src/policy/decide.js';
import { DEFAULT_SHIELD_POLICY } from '../../src/policy/policy-schema.js';
import type { Decision, ShieldPolicy, ToolCall } from '../../src/policy/types.js';

const base = {
  surface: 'claude-code' as const,
  event: 'PreToolUse',
  phase: 'pre_tool' as const,
  identity: {},
  cwd: '/home/dev/projects/webapp',
};

export function shell(command: string): ToolCall {
  return { ...base, toolName: 'Bash', tool: 'shell', toolInput: { command }, command };
}

export function read(filePath: string): ToolCall {
  return { ...base, toolName: 'Read', tool: 'read', toolInput: { file_path: filePath }, filePath };
}

export function write(filePath: string, content: string): ToolCall {
  return { ...base, toolName: 'Write', tool: 'write', toolInput: { file_path: filePath, content }, filePath, content };
}

/** An edit tool call: `oldText` replaced by `newText` in the file. */
export function edit(filePath: string, oldText: string, newText: string): ToolCall {
  return { ...base, toolName: 'Edit', tool: 'edit', toolInput: { file_path: filePath, old_string: oldText, new_string: newText }, filePath, content: newText };
}

export function prompt(text: string): ToolCall {
  return { ...base, event: 'UserPromptSubmit', phase: 'prompt', toolName: '', tool: 'prompt', toolInput: { prompt: text }, prompt: text };
}

export function mcp(server: string, tool: string, args: Record<string, unknown>): ToolCall {
  return { ...base, toolName: `mcp__${server}__${tool}`, tool: 'mcp', toolInput: args, mcp: { server, tool } };
}

export function fetchUrl(url: string): ToolCall {
  return { ...base, toolName: 'WebFetch', tool: 'web_fetch', toolInput: { url, prompt: 'Summarize' }, url };
}

export function policyWith(overrides: Partial<ShieldPolicy> = {}, version = 1): CompiledPolicy {
  return compilePolicy({ ...DEFAULT_SHIELD_POLICY, ...overrides }, version);
}

const defaultPolicy = policyWith();

export function decide(call: ToolCall, policy: CompiledPolicy = defaultPolicy): Decision {
  return decideToolCall(policy, call);
}

export type Expect = 'allow' | 'warn' | 'deny' | 'flag';

/** `flag` means warn or deny; `allow` also requires that nothing above low severity fired. */
export function verdictMatches(d: Decision, expect: Expect): boolean {
  if (expect === 'flag') return d.verdict !== 'allow';
  return d.verdict === expect;
}

export type Row = [call: ToolCall, expect: Expect, pattern?: string];

/** Runs a table of calls as subtests; `pattern` is a prefix of the expected patternName. */
export async function runTable(t: { test: (name: string, fn: () => void) => Promise<void> }, rows: Row[], policy?: CompiledPolicy): Promise<void> {
  for (const [call, expect, pattern] of rows) {
    const label = `${expect}: ${call.command ?? call.filePath ?? call.prompt ?? call.url ?? call.toolName}`.slice(0, 160);
    await t.test(label, () => {
      const d = decide(call, policy);
      const info = `${d.verdict} ${d.severity} ${d.patternName} — ${d.reason}`;
      if (!verdictMatches(d, expect)) throw new Error(`expected ${expect}, got ${info}`);
      if (pattern && !(d.patternName ?? '').startsWith(pattern)) throw new Error(`expected pattern ${pattern}…, got ${info}`);
    });
  }
}
