// The 100 KB inputs of the kinds agents send, shared by bench/engine.ts (their decision time)
// and bench/verdicts.ts (their decisions must not change with a speed-up): a long shell command
// (many lines of ordinary commands), a 100 KB `echo`, a commit message in a here-document, a
// file written, a prompt.
import { plainText } from '../packages/server/src/policy/shell/bombs.js';
import type { ToolCall } from '../packages/server/src/policy/types.js';

const KB100 = 100_000;
const base = { surface: 'claude-code', event: 'PreToolUse', phase: 'pre_tool', identity: {}, cwd: '/home/dev/app' } as const;
export const shellCall = (command: string): ToolCall => ({ ...base, toolName: 'Bash', tool: 'shell', toolInput: { command }, command });

const script = (): string => {
  // About 1,600 commands: under the parser's 2,000-command bound, so the whole script is judged.
  const lines = [
    'npm run build --workspace packages/server -- --sourcemap --minify && npm test -- packages/server/test/fleet',
    'grep -rn "TODO: remove before the next release of the command line" src/commands/fleet | head -20',
    'cp dist/app.js /tmp/app-build-output-for-comparison-with-the-previous-release.js',
    'echo "done with the build of the service: $(date +%s), next step is the upload" >> build.log',
  ];
  let s = '';
  for (let i = 0; s.length < KB100; i++) s += lines[i % lines.length] + '\n';
  return s.slice(0, KB100);
};
const prose = plainText(KB100).slice(5);
const source = (): string => {
  let s = '';
  for (let i = 0; s.length < KB100; i++) s += `export function handler${i}(req, res) {\n  const body = JSON.parse(req.body ?? '{}');\n  return res.status(200).json({ ok: true, id: ${i}, items: body.items?.length ?? 0 });\n}\n\n`;
  return s.slice(0, KB100);
};

export function bigInputs(): Record<string, ToolCall> {
  return {
    'shell script, 100 KB of ordinary lines': shellCall(script()),
    'shell echo, 100 KB of words': shellCall(plainText(KB100)),
    'git commit here-document, 100 KB': shellCall(`git commit -F - <<'EOF'\n${prose}\nEOF`),
    'file write, 100 KB of source': { ...base, toolName: 'Write', tool: 'write', toolInput: { file_path: '/home/dev/app/src/handlers.ts', content: source() }, filePath: '/home/dev/app/src/handlers.ts', content: source() },
    'prompt, 100 KB of prose': { ...base, event: 'UserPromptSubmit', phase: 'prompt', toolName: 'prompt', tool: 'prompt', toolInput: { prompt: prose }, prompt: prose },
  };
}
