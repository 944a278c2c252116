// A small unified diff for `--dry-run`: line-based, longest-common-subsequence, three lines
// of context. Settings files are small, so the quadratic table is fine; past a size limit
// the diff degrades to "replace everything" rather than spending seconds.

const MAX_CELLS = 4_000_000;
const CONTEXT = 3;

type Op = { type: ' ' | '-' | '+'; line: string };

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function diffOps(a: string[], b: string[]): Op[] {
  if (a.length * b.length > MAX_CELLS) return [...a.map((line) => ({ type: '-' as const, line })), ...b.map((line) => ({ type: '+' as const, line }))];
  const n = a.length;
  const m = b.length;
  const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  }
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      ops.push({ type: ' ', line: a[i] });
      i++;
      j++;
    } else if (lcs[i + 1][j] >= lcs[i][j + 1]) ops.push({ type: '-', line: a[i++] });
    else ops.push({ type: '+', line: b[j++] });
  }
  while (i < n) ops.push({ type: '-', line: a[i++] });
  while (j < m) ops.push({ type: '+', line: b[j++] });
  return ops;
}

/** Unified diff of two texts (null = file absent). Empty string when they are equal. */
export function unifiedDiff(path: string, before: string | null, after: string | null): string {
  if (before === after) return '';
  const a = splitLines(before ?? '');
  const b = splitLines(after ?? '');
  const ops = diffOps(a, b);
  const out = [`--- ${before === null ? '/dev/null' : path}`, `+++ ${after === null ? '/dev/null' : path}`];
  let k = 0;
  while (k < ops.length) {
    if (ops[k].type === ' ') {
      k++;
      continue;
    }
    // Grow a hunk from this change, merging changes separated by at most 2*CONTEXT lines.
    const start = Math.max(0, k - CONTEXT);
    let end = k;
    while (end < ops.length) {
      if (ops[end].type !== ' ') {
        end++;
        continue;
      }
      let run = end;
      while (run < ops.length && ops[run].type === ' ') run++;
      if (run === ops.length || run - end > 2 * CONTEXT) break;
      end = run;
    }
    const stop = Math.min(ops.length, end + CONTEXT);
    let aStart = 1;
    let bStart = 1;
    for (let x = 0; x < start; x++) {
      if (ops[x].type !== '+') aStart++;
      if (ops[x].type !== '-') bStart++;
    }
    const hunk = ops.slice(start, stop);
    const aLen = hunk.filter((o) => o.type !== '+').length;
    const bLen = hunk.filter((o) => o.type !== '-').length;
    out.push(`@@ -${aLen ? aStart : aStart - 1},${aLen} +${bLen ? bStart : bStart - 1},${bLen} @@`);
    for (const o of hunk) out.push(`${o.type}${o.line}`);
    k = stop;
  }
  return `${out.join('\n')}\n`;
}
