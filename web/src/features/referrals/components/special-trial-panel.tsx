import type { ChallengeAnswer } from "@bm/shared";
import { ReferralPanel } from "./referral-panel";
import { SocialRitePanel } from "./social-rite-panel";

/** The panels that stand in for the answer form on the referrals and social-rite trials. */
export function SpecialTrialPanel({ challenge }: { challenge: Pick<ChallengeAnswer, "answerKind" | "credits"> }) {
  if (challenge.answerKind === "social") return <SocialRitePanel credits={challenge.credits} />;
  return <ReferralPanel />;
}
