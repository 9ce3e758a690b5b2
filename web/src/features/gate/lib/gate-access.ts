import { safeStorage } from "../../../lib/storage";

const KEY = "bm.biddingHallAccess";

/** Access is remembered in this browser once the password has been accepted. */
export function hasGateAccess(): boolean {
  return safeStorage.get(KEY) === "granted";
}

export function rememberGateAccess(): void {
  safeStorage.set(KEY, "granted");
}

export function forgetGateAccess(): void {
  safeStorage.remove(KEY);
}
