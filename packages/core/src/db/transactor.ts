import type { DataSource, EntityManager } from "typeorm";

/**
 * An open transaction. Services pass it along to repositories and never look inside: only
 * repositories (the one place TypeORM appears) use it.
 */
export type Tx = EntityManager;

/** Runs work in one database transaction: committed when `fn` resolves, rolled back when it throws. */
export interface Transactor {
  run<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
}

export class DataSourceTransactor implements Transactor {
  constructor(private readonly db: DataSource) {}
  run<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }
}

/** Whether `tx` is inside a transaction (the ledger refuses to write outside one). */
export function inTransaction(tx: Tx): boolean {
  return Boolean(tx.queryRunner?.isTransactionActive);
}
