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

  /**
   * A read that locks its rows until the transaction ends: FOR UPDATE on MySQL (a locking read
   * also sees the latest commit); SQLite's one writer already serializes.
   */
  protected locking<Q extends Knex.QueryBuilder>(q: Q): Q {
    return (this.dialect === 'mysql' ? q.forUpdate() : q) as Q;
  }
}
