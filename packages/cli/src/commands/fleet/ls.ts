import { Flags } from '@oclif/core';
import chalk from 'chalk';
import { adminCall, resolveAdminTarget } from '../../admin/client.js';
import { BaseCommand } from '../../output/base-command.js';
import { CliError } from '../../output/errors.js';
import { renderTable } from '../../output/table.js';
import type { FleetListItem, FleetPage } from '@service/api';

export type FleetRow = FleetListItem;

/** "just now", "4m ago", "3h ago", "12d ago"; "never" for a host that was only pre-registered. */
export function relativeTime(iso: string | null, now = Date.now()): string {
  if (!iso) return 'never';
  const s = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (s < 60) return 'just now';
  if (s < 3600) return `${Math.floor(s / 60)}m ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h ago`;
  return `${Math.floor(s / 86_400)}d ago`;
}

const STATUS = { online: chalk.green('● online'), offline: chalk.dim('○ offline'), over_limit: chalk.yellow('🔒 over limit') } as const;
const RISK: Record<string, (s: string) => string> = { High: chalk.red, Medium: chalk.yellow, Low: (s) => s };

const plainRisk = (w: FleetRow) => `${w.risk.level}: ${w.risk.reason}`;
const plainOwner = (w: FleetRow) => (w.owner.display ? `${w.owner.display}${w.owner.verified ? '' : ' (unverified)'}` : 'unknown');

interface FleetColumn {
  key: string;
  header: string;
  /** Plain text: for CSV, sorting and width. */
  text(w: FleetRow): string;
  /** Coloured for the terminal (defaults to text). */
  color?(w: FleetRow): string;
  /** Sort value when text order is wrong (times). */
  order?(w: FleetRow): string | number;
}

/** Every column, in display order; `fits` drops from the end of FIT_PRIORITY first. */
export const FLEET_COLUMNS: FleetColumn[] = [
  { key: 'status', header: 'STATUS', text: (w) => w.status, color: (w) => STATUS[w.status] ?? w.status },
  { key: 'workstation', header: 'WORKSTATION', text: (w) => `${w.display_name ?? w.hostname}${w.active_sessions ? ` (${w.active_sessions} active)` : ''}`, color: (w) => `${w.display_name ?? w.hostname}${w.active_sessions ? chalk.dim(` (${w.active_sessions} active)`) : ''}` },
  { key: 'platform', header: 'PLATFORM', text: (w) => w.platform ?? '-' },
  { key: 'management', header: 'MANAGEMENT', text: (w) => w.management },
  { key: 'protection', header: 'PROTECTION', text: (w) => w.protection },
  { key: 'risk', header: 'RISK', text: plainRisk, color: (w) => (RISK[w.risk.level] ?? ((s: string) => s))(plainRisk(w)) },
  { key: 'owner', header: 'OWNER', text: plainOwner, color: (w) => (w.owner.display ? `${w.owner.display}${w.owner.verified ? '' : chalk.dim(' (unverified)')}` : chalk.dim('unknown')) },
  { key: 'activity', header: 'ACTIVITY', text: (w) => `${w.activity.current_project ?? '-'} · ${w.activity.sessions_7d} in 7d` },
  { key: 'baseline', header: 'BASELINE', text: (w) => w.baseline },
  { key: 'ides', header: 'IDES', text: (w) => w.ides.join(', ') || '-' },
  { key: 'coverage', header: 'AI IDE COVERAGE', text: (w) => w.ai_ide_coverage ?? '-' },
  { key: 'last-seen', header: 'LAST SEEN', text: (w) => relativeTime(w.last_seen_at), order: (w) => (w.last_seen_at ? -Date.parse(w.last_seen_at) : Infinity) },
];
const FIT_PRIORITY = ['workstation', 'status', 'protection', 'risk', 'last-seen', 'owner', 'platform', 'management', 'activity', 'ides', 'baseline', 'coverage'];
const MAX_CELL = 40;

const cutCell = (text: string, max = MAX_CELL) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const csvCell = (text: string) => (/[",\n\r]/.test(text) || /^[=+\-@]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

export function chooseColumns(spec: string | undefined): FleetColumn[] {
  if (!spec) return FLEET_COLUMNS;
  const keys = spec.split(',').map((k) => k.trim().toLowerCase()).filter(Boolean);
  const unknown = keys.filter((k) => !FLEET_COLUMNS.some((c) => c.key === k));
  if (unknown.length) throw new CliError(`Unknown column ${unknown.map((k) => `"${k}"`).join(', ')}; columns: ${FLEET_COLUMNS.map((c) => c.key).join(', ')}.`);
  return keys.map((k) => FLEET_COLUMNS.find((c) => c.key === k)!);
}

/** The columns that fit `width` characters (two spaces between columns), most important first. */
export function fitColumns(rows: FleetRow[], width: number): FleetColumn[] {
  const widthOf = (c: FleetColumn) => Math.max(c.header.length, ...rows.map((w) => [...displayed(c, w).replace(/\x1b\[[0-9;]*m/g, '')].length));
  const chosen = new Set<string>();
  let used = 0;
  for (const key of FIT_PRIORITY) {
    const col = FLEET_COLUMNS.find((c) => c.key === key)!;
    const need = widthOf(col) + (chosen.size ? 2 : 0);
    if (chosen.size >= 2 && used + need > width) continue;
    chosen.add(key);
    used += need;
  }
  return FLEET_COLUMNS.filter((c) => chosen.has(c.key));
}

export function sortRows(rows: FleetRow[], spec: string | undefined): FleetRow[] {
  if (!spec) return rows;
  const desc = spec.startsWith('-');
  const [col] = chooseColumns(desc ? spec.slice(1) : spec);
  const value = col.order ?? col.text;
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    const cmp = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), undefined, { numeric: true, sensitivity: 'base' });
    return desc ? -cmp : cmp;
  });
}

export function fleetCsv(rows: FleetRow[], columns: FleetColumn[]): string {
  return [columns.map((c) => c.key).join(','), ...rows.map((w) => columns.map((c) => csvCell(c.text(w))).join(','))].join('\n') + '\n';
}

/** The cell as the table shows it: coloured, or cut (plain) when too long. */
function displayed(c: FleetColumn, w: FleetRow): string {
  const text = c.text(w);
  return text.length > MAX_CELL ? cutCell(text) : (c.color ?? c.text)(w);
}

export function fleetTable(rows: FleetRow[], columns: FleetColumn[]): string {
  return renderTable(
    columns.map((c) => c.header),
    rows.map((w) => columns.map((c) => displayed(c, w))),
  );
}

export default class FleetLs extends BaseCommand {
  static override description = 'List workstations: status, protection, risk, owner, activity, connected IDEs and last seen. Most recently seen first.';
  static override examples = ['<%= config.bin %> fleet ls', '<%= config.bin %> fleet ls --surface cursor --status online', '<%= config.bin %> fleet ls --runtime degraded --json'];
  static override flags = {
    surface: Flags.string({ description: 'Only hosts with this connected agent surface (claude-code, cursor, codex, …).' }),
    status: Flags.string({ description: 'online (activity within 15 minutes) or offline.', options: ['online', 'offline'] }),
    risk: Flags.string({ description: 'Risk level.', options: ['low', 'medium', 'high'] }),
    runtime: Flags.string({ description: 'Runtime health (standby is never counted as degraded).', options: ['standby', 'degraded', 'missing', 'unknown', 'healthy'] }),
    search: Flags.string({ description: 'Text in the hostname or MDM display name.' }),
    'shadow-ai': Flags.boolean({ description: 'Only MDM/native hosts where Shadow AI was found.', default: false }),
    'missing-hook': Flags.boolean({ description: 'Only MDM/native hosts missing an expected hook.', default: false }),
    limit: Flags.integer({ description: 'Rows per page (1-200).', default: 50, min: 1, max: 200 }),
    cursor: Flags.string({ description: 'Continue after a previous page (the cursor it printed).' }),
    columns: Flags.string({ description: `Columns to show, comma-separated (default: as many as fit the terminal): ${FLEET_COLUMNS.map((c) => c.key).join(', ')}.` }),
    sort: Flags.string({ description: 'Sort this page by a column (prefix - for descending), e.g. --sort risk, --sort -last-seen.' }),
    csv: Flags.boolean({ description: 'Print CSV (every column unless --columns) instead of the table.', default: false, exclusive: ['json'] }),
    server: Flags.string({ description: 'Server URL (default: stored login or SERVICE_URL).' }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(FleetLs);
    const q = new URLSearchParams();
    if (flags.surface) q.set('surface', flags.surface);
    if (flags.status) q.set('status', flags.status);
    if (flags.risk) q.set('risk', flags.risk);
    if (flags.runtime) q.set('runtime', flags.runtime);
    if (flags.search) q.set('search', flags.search);
    if (flags['shadow-ai']) q.set('shadow_ai', 'true');
    if (flags['missing-hook']) q.set('missing_hook', 'true');
    q.set('limit', String(flags.limit));
    if (flags.cursor) q.set('cursor', flags.cursor);
    const page = await adminCall<FleetPage>(await resolveAdminTarget(flags), 'GET', `/api/v1/admin/workstations?${q}`);
    if (flags.sort) sortRows([], flags.sort); // an unknown --sort column fails before any output
    if (flags.columns) chooseColumns(flags.columns);
    if (flags.json) return this.printJson(page);
    if (page.workstations.length === 0 && !flags.csv) {
      this.log('No workstations match. Hosts appear on their first check-in or hook event (see `service install-hooks`).');
      return;
    }
    const rows = sortRows(page.workstations, flags.sort);
    if (flags.csv) {
      process.stdout.write(fleetCsv(rows, chooseColumns(flags.columns)));
      return;
    }
    const width = process.stdout.columns || Number(process.env.COLUMNS) || 120;
    this.log(fleetTable(rows, flags.columns ? chooseColumns(flags.columns) : fitColumns(rows, width)));
    if (page.next_cursor) this.log(chalk.dim(`\nMore: service fleet ls --cursor ${page.next_cursor}${flags.limit !== 50 ? ` --limit ${flags.limit}` : ''} (same filters)`));
  }
}
