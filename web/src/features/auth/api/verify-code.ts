import type { VerifyCodeAnswer } from "@bm/shared";
import { api, parseAnswer } from "../../../lib/api";

interface VerifyCodeInput {
  email: string;
  code: string;
  referralCode: string | null;
}

export async function verifyCode(body: VerifyCodeInput): Promise<VerifyCodeAnswer> {
  const [{ verifyCodeAnswer }, data] = await Promise.all([
    import("./auth-answers"),
    api.post("/api/auth/verify-code", body),
  ]);
  return parseAnswer(verifyCodeAnswer, data);
}
