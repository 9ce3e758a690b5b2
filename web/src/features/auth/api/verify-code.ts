import { type VerifyCodeAnswer, verifyCodeAnswer } from "@bm/shared";
import { api } from "../../../lib/api";

interface VerifyCodeInput {
  email: string;
  code: string;
  referralCode: string | null;
}

export function verifyCode(body: VerifyCodeInput): Promise<VerifyCodeAnswer> {
  return api.post("/api/auth/verify-code", body, verifyCodeAnswer);
}
