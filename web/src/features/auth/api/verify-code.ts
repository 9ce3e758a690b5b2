import { type VerifyCodeAnswer, verifyCodeAnswer } from "@bm/shared";
import { api } from "../../../lib/api";
import { userAnswer } from "./get-user";

interface VerifyCodeInput {
  email: string;
  code: string;
  referralCode: string | null;
}

const answer = verifyCodeAnswer.extend({ user: userAnswer });

export function verifyCode(body: VerifyCodeInput): Promise<VerifyCodeAnswer> {
  return api.post("/api/auth/verify-code", body, answer);
}
