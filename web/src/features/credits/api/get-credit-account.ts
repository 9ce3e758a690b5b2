import { type CreditAccountAnswer, creditAccountAnswer } from "@bm/shared";
import { api } from "../../../lib/api";

/** The credit account: balance, last shop sync and the purchases that earned credits. */
export function getCreditAccount(): Promise<CreditAccountAnswer> {
  return api.get("/api/user/mpc", creditAccountAnswer);
}
