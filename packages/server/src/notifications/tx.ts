// Transactions of the delivery worker. On MySQL they run at READ COMMITTED: the locking reads
// that claim rows (FOR UPDATE SKIP LOCKED) then lock only the rows they return, without the gap
// locks of REPEATABLE READ that make a concurrent dispatcher's INSERT deadlock with them. A lock
// conflict that still happens is routine: the transaction rolled back and the next tick retries.
import type { Knex } from 'knex';
import type { Dialect } from '../store/index.js';
import { isDeadlock } from '../store/retrying-transaction.js';
import { describeError } from '../error-summary.js';

export function workerTransaction<T>(knex: Knex, dialect: Dialect, scope: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  return dialect === 'mysql' ? knex.transaction(scope, { isolationLevel: 'read committed' }) : knex.transaction(scope);
}

export function isLockConflict(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code ?? '';
  return isDeadlock(err) || code === 'ER_LOCK_WAIT_TIMEOUT' || code.startsWith('SQLITE_BUSY');
}

/** A database error without its SQL text or quoted values (which would carry event payloads into the log). */
export function describeDbError(err: unknown): string {
  return describeError(err);
}
