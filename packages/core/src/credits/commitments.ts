import type { Tx } from "../db/transactor";

/**
 * A feature that holds some of a member's credits (a leading bid, a pending claim, a catalogue
 * checkout): it answers how many. Committed credits are the sum over every source, derived from
 * each feature's own rows, never stored.
 */
export interface CommitmentSource {
  committedCents(userId: string, tx?: Tx): Promise<number>;
}
