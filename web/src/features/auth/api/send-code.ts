import type { MessageAnswer, SendCodeBody } from "@bm/shared";
import { api, parseAnswer } from "../../../lib/api";

export async function sendCode(body: SendCodeBody): Promise<MessageAnswer> {
  const [{ messageAnswer }, data] = await Promise.all([
    import("./auth-answers"),
    api.post("/api/auth/send-code", body),
  ]);
  return parseAnswer(messageAnswer, data);
}
