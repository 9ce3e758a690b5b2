import type { PasskeySignInBody } from "@bm/shared";
import { type VerifyCodeAnswer, verifyCodeAnswer } from "@bm/shared/auth-answers";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { api, parseAnswer } from "../../../lib/api";
import { refreshUser } from "./session";

/** Options for a passkey sign-in: a fresh single-use challenge from the server. */
export async function passkeySignInOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await api.post<PublicKeyCredentialRequestOptionsJSON>("/api/auth/passkey/options");
  if (!options || typeof options.challenge !== "string") throw new Error("The House sent no challenge");
  return options;
}

/** Signs in with the browser's passkey answer; settles once the member is known to the app. */
export async function signInWithPasskey(response: PasskeySignInBody["response"]): Promise<VerifyCodeAnswer> {
  const answer = parseAnswer(verifyCodeAnswer, await api.post("/api/auth/passkey/sign-in", { response }));
  await refreshUser();
  return answer;
}
