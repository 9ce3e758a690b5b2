/**
 * A feature that holds some of a member's credits (a leading bid, a pending claim, a catalogue
 * checkout) reports how many as a SQL expression over its own rows: the credits (numeric,
 * dollars) that the member `$1` has committed there at the instant `$2`. Committed credits are the
 * sum over every source, derived, never stored, and evaluated in one statement, so the bid path
 * pays one round trip however many features hold credits. A new holder joins by adding a source.
 */
export interface CommitmentSource {
  committedCreditsSql(): string;
}
