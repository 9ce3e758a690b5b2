import { type VerifyCodeAnswer, verifyCodeAnswer } from "@bm/shared";
import { api } from "../../../lib/api";

export interface VerifyCodeInput {
  email: string;
  code: string;
  referralCode: string | null;
}

export function verifyCode(body: VerifyCodeInput): Promise<VerifyCodeAnswer> {
  return api.post("/api/auth/verify-code", body, verifyCodeAnswer);
}
