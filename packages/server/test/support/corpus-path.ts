// Where the labeled corpus lives: ../shared/corpus beside the repository (as in CI), or
// wherever SERVICE_CORPUS points.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(fileURLToPath(import.meta.url), '..', '..', '..', '..', '..');
export const CORPUS_PATH = process.env.SERVICE_CORPUS ?? join(repoRoot, '..', 'shared', 'corpus', 'tool-calls.jsonl');
