import type { AuthUser } from "@bm/shared";
import { api, parseAnswer } from "../../../lib/api";

export async function getUser(signal?: AbortSignal): Promise<AuthUser> {
  const [{ authUser }, data] = await Promise.all([
    import("./auth-answers"),
    api.get("/api/auth/user", undefined, signal),
  ]);
  return parseAnswer(authUser, data);
}
