import { reportIfSessionExpired } from "../../../lib/session-expiry";
import { noteIfGateSealed } from "../stores/gate-store";

/** A lot call whose refusals the app handles: a lapsed session, or the Bidding Hall's gate. */
export async function askLots<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!reportIfSessionExpired(error)) noteIfGateSealed(error);
    throw error;
  }
}
