/** A backup or restore that cannot go on, with a message that says what to do: printed without a stack. */
export class OpsError extends Error {}
