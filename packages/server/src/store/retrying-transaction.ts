// Writes on a request's path, run again when MySQL picks them as a deadlock victim. InnoDB
// resolves a deadlock by rolling one of the transactions back whole (ER_LOCK_DEADLOCK; a lone
// statement is its own transaction), and MySQL's manual says to retry it. Registrations and
// check-ins of one org running at once take row and gap locks of `workstations` in different
// orders, so under load this happens, and the agent must not get a 500 for it.
import type { Knex } from 'knex';

const ATTEMPTS = 4;

export function isDeadlock(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === 'ER_LOCK_DEADLOCK';
}

/** Runs `operation` again, up to ATTEMPTS times in all, while it fails as a deadlock victim. */
export async function retryOnDeadlock<T>(operation: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await operation();
    } catch (err) {
      if (attempt >= ATTEMPTS || !isDeadlock(err)) throw err;
      // A few milliseconds, growing and jittered, so the two sides do not collide again at once.
      await new Promise((resolve) => setTimeout(resolve, attempt * 5 + Math.random() * 10));
    }
  }
}

/**
 * A transaction retried as a whole. The scope runs again from the start, so it keeps no state
 * outside itself between attempts: it returns what it reports.
 */
export function retryingTransaction<T>(knex: Knex, scope: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  return retryOnDeadlock(() => knex.transaction(scope));
}
