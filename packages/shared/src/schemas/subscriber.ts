import { z } from "zod";
import { isDeliverableAddress } from "../rules/deliverable-address";

/**
 * The Subscriber's Favour (spec 001 sections 2, 5, 7, 8): its calls take the trial's fixed key,
 * which is the trial's slug. It protects nothing: the calls are the signed-in member's own.
 */
export const subscriberMessages = {
  emailRequired: "You must provide an email address to enlist.",
  invalidEmail: "Please enter a valid email address.",
  notOwnAddress: "Enlist the address you sign in with: the House records only your own name.",
  notSubscribed: "Your name is not yet in the House ledger. Enlist it to claim the favour.",
  notThisTrial: "This trial is not the Subscriber's Favour",
  enlisted: (credits: number) => `Your name has been recorded. ${credits} MPC credits awarded.`,
  claimed: (credits: number) => `${credits} MPC credits awarded for your loyalty.`,
} as const;

export const trialKeyParams = z.object({ trialKey: z.string().min(1).max(200) });
export type TrialKeyParams = z.infer<typeof trialKeyParams>;

/** GET /api/trials/{trialKey}/check-subscription */
export const subscriptionAnswer = z.object({ isSubscribed: z.boolean(), hasAttempted: z.boolean() });
export type SubscriptionAnswer = z.infer<typeof subscriptionAnswer>;

/** POST /api/trials/{trialKey}/enlist: the address is trimmed; empty and malformed have their words. */
export const enlistBody = z.object({
  email: z
    .string({ error: subscriberMessages.emailRequired })
    .trim()
    .min(1, { error: subscriberMessages.emailRequired })
    .max(254, { error: subscriberMessages.invalidEmail })
    .toLowerCase()
    .refine(isDeliverableAddress, { error: subscriberMessages.invalidEmail })
    .meta({ format: "email" }),
});
export type EnlistBody = z.infer<typeof enlistBody>;
