// What repositories share: the pool they query, the dialect they alone know, and transactions.
// Domain code holds a transaction as an opaque `Tx` and hands it to repository methods; only
// store/ turns it back into SQL, so no query is written outside this folder.
import type { Knex } from 'knex';
import type { Dialect } from './connection.js';
import { retryingTransaction } from './retrying-transaction.js';

/** An open transaction as domain code sees it: something to pass to repository methods. */
export type Tx = Pick<Knex.Transaction, 'isCompleted'>;

/** The transaction's SQL handle (store/ only). */
export function sqlOf(tx: Tx): Knex.Transaction {
  return tx as Knex.Transaction;
}

export abstract class Repo {
  constructor(
    protected readonly knex: Knex,
    protected readonly dialect: Dialect,
  ) {}

  /** One transaction, run again whole when MySQL picks it as a deadlock victim. */
  transaction<T>(scope: (tx: Tx) => Promise<T>): Promise<T> {
    return retryingTransaction(this.knex, scope);
  }

  /** The transaction's connection when one is given, else the pool. */
  protected db(tx?: Tx): Knex {
    return tx ? sqlOf(tx) : this.knex;
  }
}
