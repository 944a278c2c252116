// Verdict snapshot for performance work: a speed-up must not change any decision.
//   node --conditions=source --import tsx bench/verdicts.ts --save /tmp/before.jsonl
//   node --conditions=source --import tsx bench/verdicts.ts --check /tmp/before.jsonl
// Decides every case of the public corpus and of the red-team set (plus any --file PATH), the
// 100 KB inputs of bench/engine.ts and the shell bombs under each security level and records
// verdict, pattern name, severity, category and reason. --check prints every difference from the
// saved snapshot and exits 1 when there is one. Cases of a held-out set (HELD_OUT) are counted,
// never printed: a diff line would show its cases and verdicts to whoever tunes the rules.
import { readFileSync, writeFileSync } from 'node:fs';
import { compilePolicy } from '../packages/server/src/policy/compile.js';
import { decideToolCall } from '../packages/server/src/policy/decide.js';
import { DEFAULT_SHIELD_POLICY } from '../packages/server/src/policy/policy-schema.js';
import { corpusPath, loadCorpus } from '../packages/server/test/policy/corpus.js';
import { plainText, shellBombs } from '../packages/server/src/policy/shell/bombs.js';
import type { ToolCall } from '../packages/server/src/policy/types.js';
import { bigInputs, shellCall } from './big-inputs.js';
import { redTeamSets } from './support.js';

const argv = process.argv.slice(2);
const option = (name: string) => (argv.indexOf(name) >= 0 ? argv[argv.indexOf(name) + 1] : undefined);
const files = [corpusPath(), ...redTeamSets(), ...argv.flatMap((a, i) => (argv[i - 1] === '--file' ? [a] : []))];

// Red-team sets kept out of sight while rules change; scored only at the end (test/policy/redteam/README.md).
const HELD_OUT = /^rt(?:6|8|10)-/;

const lines: string[] = [];
for (const level of ['strict', 'balanced', 'permissive'] as const) {
  const policy = compilePolicy({ ...DEFAULT_SHIELD_POLICY, security_level: level }, 1);
  for (const file of files) {
    for (const e of loadCorpus(file)) {
      const d = decideToolCall(policy, e.call);
      lines.push(JSON.stringify({ level, id: e.id, verdict: d.verdict, patternName: d.patternName, severity: d.severity, category: d.category, reason: d.reason }));
    }
  }
  // The benchmarks' own inputs: the 100 KB calls of bench/engine.ts and the shell bombs.
  const extra: [string, ToolCall][] = [...Object.entries(bigInputs()), ...Object.entries(shellBombs()).map(([name, command]): [string, ToolCall] => [`bomb: ${name}`, shellCall(command)]), ['plain text 64 KiB', shellCall(plainText())]];
  for (const [id, call] of extra) {
    const d = decideToolCall(policy, call);
    lines.push(JSON.stringify({ level, id, verdict: d.verdict, patternName: d.patternName, severity: d.severity, category: d.category, reason: d.reason }));
  }
}

const save = option('--save');
const check = option('--check');
if (save) {
  writeFileSync(save, lines.join('\n') + '\n');
  console.log(`${lines.length} decisions saved to ${save}`);
} else if (check) {
  const before = readFileSync(check, 'utf8').split('\n').filter(Boolean);
  let differences = Math.abs(before.length - lines.length);
  let hidden = 0;
  for (let i = 0; i < Math.min(before.length, lines.length); i++) {
    if (before[i] === lines[i]) continue;
    differences++;
    if (HELD_OUT.test(JSON.parse(lines[i]).id)) hidden++;
    else console.log(`- ${before[i]}\n+ ${lines[i]}`);
  }
  console.log(`${lines.length} decisions compared with ${check} (${before.length}): ${differences} differ${hidden ? ` (${hidden} of them in a held-out set, not shown)` : ''}`);
  process.exit(differences ? 1 : 0);
} else {
  console.error('usage: bench/verdicts.ts --save FILE | --check FILE [--file PATH]…');
  process.exit(2);
}
