import type { MessageAnswer, SendCodeBody } from "@bm/shared";
import { useMutation } from "@tanstack/react-query";
import { api, parseAnswer } from "../../../lib/api";

export async function sendCode(body: SendCodeBody): Promise<MessageAnswer> {
  const [{ messageAnswer }, data] = await Promise.all([
    import("./auth-answers"),
    api.post("/api/auth/send-code", body),
  ]);
  return parseAnswer(messageAnswer, data);
}

/** Asks the server to e-mail a code (a fresh one replaces the last). */
export function useSendCode() {
  return useMutation({ mutationFn: sendCode });
}
