import type { SendCodeBody } from "@bm/shared";
import { type MessageAnswer, messageAnswer } from "@bm/shared/auth-answers";
import { useMutation } from "@tanstack/react-query";
import { api, parseAnswer } from "../../../lib/api";

export async function sendCode(body: SendCodeBody): Promise<MessageAnswer> {
  return parseAnswer(messageAnswer, await api.post("/api/auth/send-code", body));
}

/** Asks the server to e-mail a code (a fresh one replaces the last). */
export function useSendCode() {
  return useMutation({ mutationFn: sendCode });
}
