import { z } from "zod";

/** What an Idempotency-Key may be: 1 to 255 visible ASCII characters (a UUID, as the web sends). */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

export const IdempotencyMessages = {
  invalid: "The Idempotency-Key header must be 1 to 255 visible characters",
  mismatch: "This Idempotency-Key was already used for another request: send a new key for a new bid",
  inProgress: "Your earlier request with this Idempotency-Key is still being decided; try again in a moment",
} as const;

/**
 * The headers of a route that takes an Idempotency-Key (Stripe's semantics): the same key with
 * the same request within 24 hours answers the first answer again and does nothing more. Other
 * headers pass through untouched.
 */
export const idempotencyHeaders = z.looseObject({
  "idempotency-key": z.string().regex(IDEMPOTENCY_KEY, { error: IdempotencyMessages.invalid }).optional().meta({
    description:
      "A key of the client's choosing (a UUID per attempt): a retry with the same key and the same body within 24 hours answers the first answer again (header Idempotent-Replayed: true) and places nothing.",
  }),
});
