import { inTransaction, type Tx } from "../db/transactor";
import type { LedgerKind } from "./credit-ledger.entity";
import type { LedgerRepository } from "./ledger.repository";

export interface LedgerEntry {
  userId: string;
  amountCents: number;
  kind: LedgerKind;
  /** With kind and user, identifies the award: applying the same entry twice is a no-op. */
  sourceId: string;
  title: string;
}

/**
 * The only writer of `users.mpc_balance`: each change is a ledger row in the same transaction,
 * so the balance always equals the sum of the ledger.
 */
export class LedgerService {
  constructor(private readonly ledger: LedgerRepository) {}

  /** Applies the entry once; returns false when it was applied before. Must run inside a transaction. */
  async apply(tx: Tx, entry: LedgerEntry): Promise<boolean> {
    if (!inTransaction(tx)) throw new Error("ledger entries must be applied in a transaction");
    if (!Number.isInteger(entry.amountCents) || entry.amountCents === 0) {
      throw new RangeError(`ledger amount must be a non-zero integer of cents: ${entry.amountCents}`);
    }
    const inserted = await this.ledger.insertEntry({ ...entry, title: entry.title.slice(0, 200) }, tx);
    if (!inserted) return false;
    await this.ledger.addToBalance(entry.userId, entry.amountCents, tx);
    return true;
  }

  /** Sum of a member's ledger in cents (equals the stored balance). */
  sumCents(tx: Tx, userId: string): Promise<number> {
    return this.ledger.sumCents(userId, tx);
  }
}
