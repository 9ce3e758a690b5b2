import { z } from "zod";
import { emailSchema } from "./auth";

/** The data-deletion page's messages (spec 001 section 8). */
export const DataDeletionToasts = {
  submittedTitle: "Request Submitted",
  submitted: "Your data deletion request has been received. We will process it within 30 days.",
  /** The spec's words with the configured DATA_DELETION_DAYS (30 gives `submitted` exactly). */
  submittedWithin: (days: number) =>
    `Your data deletion request has been received. We will process it within ${days} ${days === 1 ? "day" : "days"}.`,
  failedTitle: "Error",
  failed: "Failed to submit deletion request. Please try again.",
} as const;

/** How long the link mailed to confirm a deletion request works. */
export const DELETION_LINK_TTL_HOURS = 72;

/** The refusals of the confirmation link, in words the member can act on. */
export const DataDeletionMessages = {
  linkUnknown: "This confirmation link is not valid. Ask again on the data deletion page for a new one.",
  linkExpired: "This confirmation link has expired. Ask again on the data deletion page for a new one.",
  alreadyProcessed: "This request has already been carried out: the account's personal data was erased.",
  confirmed: (processBy: string) =>
    `Your request is confirmed. Your personal data will be erased by ${processBy}. Until then you can still sign in.`,
} as const;

/** POST /api/data-deletion/request (public): the same answer for every address. */
export const deletionRequestBody = z.object({ email: emailSchema });
export type DeletionRequestBody = z.infer<typeof deletionRequestBody>;
export const deletionRequestAnswer = z.object({ message: z.string() });
export type DeletionRequestAnswer = z.infer<typeof deletionRequestAnswer>;

/** POST /api/data-deletion/confirm (public): the token of the link mailed to the member. */
export const deletionConfirmBody = z.object({ token: z.string().trim().min(1, "The link is incomplete").max(200) });
export type DeletionConfirmBody = z.infer<typeof deletionConfirmBody>;
export const deletionConfirmAnswer = z.object({
  message: z.string(),
  /** ISO instant by which the erasure will have run. */
  processBy: z.string(),
});
export type DeletionConfirmAnswer = z.infer<typeof deletionConfirmAnswer>;

/** pending: asked, not confirmed by the link yet; confirmed: waiting for the job; processed: erased. */
export const deletionStatus = z.enum(["pending", "confirmed", "processed"]);
export type DeletionStatus = z.infer<typeof deletionStatus>;
