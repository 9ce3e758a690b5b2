import { REFERRAL_SIGNUP_CREDITS } from "@bm/shared";
import { useEffect, useRef } from "react";
import { toast } from "../../../components/ui/toast";

/** Announces, once per visit, that the entry link carried a member's referral. */
export function useReferralWelcome(referralCode: string | null): void {
  const announced = useRef(false);
  useEffect(() => {
    if (!referralCode || announced.current) return;
    announced.current = true;
    toast({
      title: "Invitation Recognised",
      description: `You were summoned by a member. ${REFERRAL_SIGNUP_CREDITS} MPC credits are awarded on signup.`,
    });
  }, [referralCode]);
}
