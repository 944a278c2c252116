// The tamper-evident activity log (issue #21, part 4). Every admin action is appended in the
// transaction of the change it records, with the actor, the time, the state before and after,
// and a `compliance.activity` event. Each entry's hash is SHA-256 over a canonical JSON of its
// fields and the previous entry's hash, so an edited row no longer matches its hash and a
// deleted row breaks the sequence (seq is contiguous per org, and orgs.activity_seq names the
// last one, so a deleted last row is found too).
import { createHash } from 'node:crypto';
import { newId } from '../ids.js';
import { outboxRow } from '../outbox.js';
import { redactValue } from '../redaction/redact.js';
import { claimNextSeq, emailOfUser, insertActivity, lockOrgRow, type ActivityLogRepo, type ActivityRow } from '../store/activity-log-repo.js';
import { insertOutboxRows } from '../store/outbox-repo.js';
import type { Tx } from '../store/repo.js';
import type { ActivityEntry, VerifyResult } from '@service/api';

/** The hash before the first entry of an org. */
export const GENESIS_HASH = '0'.repeat(64);

/** Who acted: the admin key, and the user who created it (its email is looked up). */
export interface ActivityActor {
  keyId: string | null;
  userId: string | null;
}

export interface ActivityTarget {
  type: string;
  id: string;
}

export type { ActivityEntry };

/** The hashed fields, in a fixed order (the canonical form; `before`/`after` as stored text). */
export function entryHash(row: Omit<ActivityRow, 'hash'>): string {
  const canonical = JSON.stringify([row.org_id, row.seq, row.id, row.at, row.actor_key_id, row.actor_email, row.action, row.target_type, row.target_id, row.before, row.after, row.prev_hash]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** Stored JSON of a before/after state; secrets are cut like everywhere else. */
function stateJson(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text = JSON.stringify(redactValue(value, []));
  // A TEXT column holds 64 KiB on MySQL: a larger state is kept as its size and hash.
  if (text.length <= MAX_STATE_CHARS) return text;
  return JSON.stringify({ truncated: true, original_chars: text.length, sha256: createHash('sha256').update(text).digest('hex') });
}

const MAX_STATE_CHARS = 16_000;

/** The top-level fields that differ between two states, each side with only those fields. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) {
      b[k] = before[k] ?? null;
      a[k] = after[k] ?? null;
    }
  }
  return { before: b, after: a };
}

/**
 * Call first in a transaction that will append an activity entry after writing rows that
 * reference the org (see lockOrgRow): appends of one org then queue instead of deadlocking.
 */
export function lockActivityLog(tx: Tx, orgId: string): Promise<void> {
  return lockOrgRow(tx, orgId);
}

/**
 * Appends one entry in `tx` (the transaction of the change it records) and writes its
 * `compliance.activity` outbox row. Appends of one org serialize on the org row.
 * For other rooms (investigations): call it inside the transaction of the change.
 */
export async function appendActivity(
  tx: Tx,
  orgId: string,
  actor: ActivityActor,
  action: string,
  target: ActivityTarget,
  before: unknown,
  after: unknown,
): Promise<ActivityEntry> {
  const { seq, prevHash } = await claimNextSeq(tx, orgId);
  const at = Date.now();
  const email = await emailOfUser(tx, orgId, actor.userId);
  const unhashed: Omit<ActivityRow, 'hash'> = {
    org_id: orgId,
    seq,
    id: newId(at),
    at,
    actor_key_id: actor.keyId,
    actor_email: email,
    action: action.slice(0, 64),
    target_type: target.type.slice(0, 32),
    target_id: target.id.slice(0, 200),
    before: stateJson(before),
    after: stateJson(after),
    prev_hash: prevHash ?? GENESIS_HASH,
  };
  const row: ActivityRow = { ...unhashed, hash: entryHash(unhashed) };
  await insertActivity(tx, row);
  const entry = toEntry(row);
  await insertOutboxRows(tx, [
    outboxRow({
      orgId,
      type: 'compliance.activity',
      severity: 'info',
      sourceTable: 'activity_log',
      sourceId: row.id,
      occurredAt: at,
      data: {
        actor: { email, type: email ? 'user' : 'api_key' },
        evidence: { title: `Admin action: ${row.action}`, summary: `${row.action} on ${row.target_type} ${row.target_id}`, details: { seq, action: row.action, target: entry.target, actor: entry.actor, before: entry.before, after: entry.after, hash: row.hash } },
      },
    }),
  ]);
  return entry;
}

function parse(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function toEntry(row: ActivityRow): ActivityEntry {
  return {
    seq: row.seq,
    id: row.id,
    at: new Date(row.at).toISOString(),
    actor: { key_id: row.actor_key_id, email: row.actor_email },
    action: row.action,
    target: { type: row.target_type, id: row.target_id },
    before: parse(row.before),
    after: parse(row.after),
    prev_hash: row.prev_hash,
    hash: row.hash,
  };
}

export type VerifyProblem = 'edited' | 'missing' | 'broken_link';

export type { VerifyResult };

const PAGE = 1000;

export const EXPORT_LIMIT = 10_000;

/** The admin reads of the log: verify its chain, export its entries. */
export class ActivityLog {
  constructor(private readonly repo: ActivityLogRepo) {}

  /** Walks the org's chain from seq 1: contiguous seqs, each hash recomputed, each link checked. */
  verify(orgId: string): Promise<VerifyResult> {
    return verifyChain(this.repo, orgId);
  }

  /** Entries since `since` (epoch ms), oldest first. */
  async export(orgId: string, since: number | undefined): Promise<ActivityEntry[]> {
    const rows = await this.repo.list(orgId, { since, limit: EXPORT_LIMIT });
    return rows.map(toEntry);
  }
}

async function verifyChain(repo: ActivityLogRepo, orgId: string): Promise<VerifyResult> {
  const head = await repo.headSeq(orgId);
  let expected = 1;
  let prevHash = GENESIS_HASH;
  let count = 0;
  for (;;) {
    const rows = await repo.list(orgId, { afterSeq: expected - 1, limit: PAGE });
    for (const row of rows) {
      if (row.seq !== expected) {
        return fail(count, head, { seq: expected, id: null, problem: 'missing', message: `Entry #${expected} is missing (the log jumps from #${expected - 1} to #${row.seq}).` });
      }
      const { hash, ...rest } = row;
      if (entryHash(rest) !== hash) {
        return fail(count, head, { seq: row.seq, id: row.id, problem: 'edited', message: `Entry #${row.seq} (${row.id}) was edited: its content no longer matches its hash.` });
      }
      if (row.prev_hash !== prevHash) {
        return fail(count, head, { seq: row.seq, id: row.id, problem: 'broken_link', message: `Entry #${row.seq} (${row.id}) does not follow entry #${row.seq - 1}: the previous hash differs.` });
      }
      prevHash = hash;
      expected++;
      count++;
    }
    if (rows.length < PAGE) break;
  }
  if (expected - 1 < head) {
    return fail(count, head, { seq: expected, id: null, problem: 'missing', message: `Entry #${expected} is missing (the log should run to #${head}).` });
  }
  return { ok: true, entries: count, head_seq: head };
}

function fail(entries: number, head: number, firstBad: NonNullable<VerifyResult['first_bad']>): VerifyResult {
  return { ok: false, entries, head_seq: head, first_bad: firstBad };
}

const CSV_COLUMNS = ['seq', 'id', 'at', 'actor_key_id', 'actor_email', 'action', 'target_type', 'target_id', 'before', 'after', 'prev_hash', 'hash'];

function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  // Cells a spreadsheet would run as a formula are prefixed with a quote (CSV injection).
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function activityCsv(entries: ActivityEntry[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const e of entries) {
    lines.push([e.seq, e.id, e.at, e.actor.key_id, e.actor.email, e.action, e.target.type, e.target.id, e.before, e.after, e.prev_hash, e.hash].map(csvCell).join(','));
  }
  return `${lines.join('\n')}\n`;
}
