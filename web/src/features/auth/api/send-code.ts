import { type MessageAnswer, messageAnswer, type SendCodeBody } from "@bm/shared";
import { api } from "../../../lib/api";

export function sendCode(body: SendCodeBody): Promise<MessageAnswer> {
  return api.post("/api/auth/send-code", body, messageAnswer);
}
