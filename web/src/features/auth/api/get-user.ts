import { type AuthUser, authUser } from "@bm/shared";
import { api } from "../../../lib/api";

export function getUser(signal?: AbortSignal): Promise<AuthUser> {
  return api.get("/api/auth/user", authUser, signal);
}
