import { REFERRAL_SIGNUP_CREDITS } from "@bm/shared";

/** Above the form when the entry link carried a referral code. */
export function ReferralNote() {
  return (
    <div
      role="note"
      className="mt-6 w-full border border-ember/50 bg-[linear-gradient(90deg,rgb(140_26_34/0.25),rgb(217_96_46/0.12))] px-4 py-3 text-center"
    >
      <p className="font-display text-xs tracking-[0.22em] text-gold-bright uppercase">You were summoned</p>
      <p className="mt-1 text-base text-bone">
        A member vouched for you: <strong className="text-gold-bright">{REFERRAL_SIGNUP_CREDITS} MPC credits</strong>{" "}
        are awarded on signup.
      </p>
    </div>
  );
}
