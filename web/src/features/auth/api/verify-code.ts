import { type VerifyCodeAnswer, verifyCodeAnswer } from "@bm/shared/auth-answers";
import { useMutation } from "@tanstack/react-query";
import { api, parseAnswer } from "../../../lib/api";
import { refreshUser } from "./session";

interface VerifyCodeInput {
  email: string;
  code: string;
  referralCode: string | null;
}

export async function verifyCode(body: VerifyCodeInput): Promise<VerifyCodeAnswer> {
  return parseAnswer(verifyCodeAnswer, await api.post("/api/auth/verify-code", body));
}

/** Signs in with the e-mailed code; settles once the member who signed in is known to the app. */
export function useVerifyCode() {
  return useMutation({
    mutationFn: verifyCode,
    onSuccess: async () => {
      await refreshUser();
    },
  });
}
