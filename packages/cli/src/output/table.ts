// Plain aligned tables for human output (chalk for the header); --json bypasses them.
import chalk from 'chalk';

const visibleLength = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '').length;

export function renderTable(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(visibleLength(h), ...rows.map((r) => visibleLength(r[i] ?? ''))));
  const pad = (s: string, w: number) => s + ' '.repeat(Math.max(0, w - visibleLength(s)));
  const line = (cells: string[]) => cells.map((c, i) => pad(c ?? '', widths[i])).join('  ').trimEnd();
  return [chalk.bold(line(headers)), ...rows.map(line)].join('\n');
}
