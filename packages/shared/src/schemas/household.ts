import { z } from "zod";

/**
 * A declared household (issue 31 part 2): two members who share a home say so, so that the
 * operator reads their shared address for what it is. One invites by address, the other confirms
 * from their account page, either ends it.
 */

export const HouseholdMessages = {
  emailInvalid: "Enter a valid e-mail address",
  notYourself: "You cannot invite yourself",
  alreadyLinked: "You are already in a household or have an invitation waiting: end it first",
  otherLinked: "That address is already in a household or has an invitation waiting",
  notFound: "Household not found",
  notYours: "This invitation is not yours to confirm",
  alreadyConfirmed: "This household is already confirmed",
  invited: "Invitation sent: it waits on their account page",
  confirmed: "Household confirmed",
  ended: "Household ended",
} as const;

export const householdInviteBody = z.object({
  email: z
    .string({ error: HouseholdMessages.emailInvalid })
    .trim()
    .toLowerCase()
    .max(254, { error: HouseholdMessages.emailInvalid })
    .pipe(z.email({ error: HouseholdMessages.emailInvalid })),
});
export type HouseholdInviteBody = z.input<typeof householdInviteBody>;

export const householdParams = z.object({
  id: z.coerce.number({ error: HouseholdMessages.notFound }).int().positive().max(2_147_483_647),
});

export const householdLink = z.object({
  id: z.number().int(),
  /** Who else: the address invited, or the inviter's address for the invitee. */
  partnerEmail: z.string(),
  /** `outgoing`: I invited, waiting; `incoming`: I am invited, waiting; `active`: confirmed. */
  state: z.enum(["outgoing", "incoming", "active"]),
  since: z.string(),
});
export type HouseholdLink = z.infer<typeof householdLink>;

/** GET /api/account/household: the member's household or invitation, if any. */
export const householdAnswer = z.object({ link: householdLink.nullable() });
export type HouseholdAnswer = z.infer<typeof householdAnswer>;
