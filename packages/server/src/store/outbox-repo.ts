// Outbox rows written inside a domain transaction, so each event commits with the change it
// reports (rows are built by outbox.ts; each row carries its org_id).
import { sqlOf, type Tx } from './repo.js';

export async function insertOutboxRows(tx: Tx, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length > 0) await sqlOf(tx)('outbox').insert(rows);
}
