/** Where the referral panel's and the social rite's answers live in the query cache. */
export const referralKeys = {
  stats: () => ["referrals", "stats"] as const,
  socialCode: () => ["referrals", "social-code"] as const,
};
