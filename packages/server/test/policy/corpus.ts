// Loads the labeled corpus (../shared/corpus/tool-calls.jsonl beside the repository, or
// SERVICE_CORPUS) through the real surface adapters and scores decisions against it.
// Shared by corpus.test.ts and bench/engine.ts.
import { existsSync, readFileSync } from 'node:fs';
import { normalizeHookCall } from '@service/surfaces';
import type { CompiledPolicy } from '../../src/policy/compile.js';
import { decideToolCall } from '../../src/policy/decide.js';
import type { Decision, Surface, ToolCall } from '../../src/policy/types.js';
import { CORPUS_PATH } from '../support/corpus-path.js';

export interface CorpusEntry {
  id: string;
  surface: Surface;
  event: string;
  expect: 'allow' | 'flag' | 'deny';
  category: string;
  note: string;
  call: ToolCall;
}

export function corpusPath(): string {
  return CORPUS_PATH;
}

export function corpusAvailable(): boolean {
  return existsSync(corpusPath());
}

export function loadCorpus(path = corpusPath()): CorpusEntry[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((line) => {
      const row = JSON.parse(line);
      const call = normalizeHookCall(row.surface, row.payload, { headers: {}, route: 'evaluate' });
      return { id: row.id, surface: row.surface, event: row.event, expect: row.expect, category: row.category, note: row.note, call };
    });
}

export interface CorpusScore {
  denyRecall: number;
  flagRecall: number;
  falsePositiveRate: number;
  misses: { entry: CorpusEntry; decision: Decision }[];
}

export function scoreCorpus(policy: CompiledPolicy, entries: CorpusEntry[]): CorpusScore {
  let deny = 0;
  let denyHit = 0;
  let flag = 0;
  let flagHit = 0;
  let allow = 0;
  let fp = 0;
  const misses: CorpusScore['misses'] = [];
  for (const entry of entries) {
    const d = decideToolCall(policy, entry.call);
    if (entry.expect === 'deny') {
      deny++;
      if (d.verdict === 'deny') denyHit++;
      else misses.push({ entry, decision: d });
    }
    if (entry.expect !== 'allow') {
      flag++;
      if (d.verdict !== 'allow') flagHit++;
      else if (entry.expect === 'flag') misses.push({ entry, decision: d });
    } else {
      allow++;
      if (d.verdict !== 'allow') {
        fp++;
        misses.push({ entry, decision: d });
      }
    }
  }
  return { denyRecall: denyHit / deny, flagRecall: flagHit / flag, falsePositiveRate: fp / allow, misses };
}
