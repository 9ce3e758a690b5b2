/** Successful referrals that earn the referrer credits; also the panel's three e-mail slots. */
export const MAX_REFERRALS = 3;
/** Credits to the referrer for each successful referral (at most MAX_REFERRALS). */
export const REFERRAL_REFERRER_CREDITS = 5;

/** The refusals of `POST /api/referrals/send-invitations`, one per address, in the House's words. */
export const ReferralMessages = {
  noEmails: "Please enter at least one email address",
  tooMany: `Up to ${MAX_REFERRALS} invitations at a time`,
  sent: "Invitation sent",
  invalid: "Please enter a valid email address",
  self: "You cannot invite yourself",
  ownAlias: "You cannot invite another address of your own",
  member: "This soul is already a member of the House",
  alreadyInvited: "This soul has already been invited",
  disposable: "Disposable email addresses cannot be invited",
  duplicate: "This address appears twice in your list",
  full: `Your circle is complete: ${MAX_REFERRALS} souls have already answered your call`,
  noSlot: `All ${MAX_REFERRALS} of your invitations have been sent`,
  mailRefused: "This address cannot receive mail",
  mailUnavailable: "The invitation could not be sent. Please try again.",
} as const;

/** The addresses typed in the panel's slots: trimmed, lower-cased, empty slots dropped. */
export function invitationEmails(slots: readonly string[]): string[] {
  return slots.map((s) => s.trim().toLowerCase()).filter((s) => s !== "");
}

/**
 * Whether `candidate` is `own` itself or a sub-address of it: the same domain and the same local
 * part before any '+' (`raven+two@house.test` of `raven@house.test`, or the reverse). Lower-case input.
 */
export function isOwnAddress(candidate: string, own: string): boolean {
  const split = (email: string) => {
    const at = email.lastIndexOf("@");
    const local = email.slice(0, at);
    const plus = local.indexOf("+");
    return { base: plus === -1 ? local : local.slice(0, plus), domain: email.slice(at + 1) };
  };
  const a = split(candidate);
  const b = split(own);
  return a.domain === b.domain && a.base === b.base;
}
