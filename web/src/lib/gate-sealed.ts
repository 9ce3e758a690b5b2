import { ApiError } from "./api";

/**
 * The code of the server's 403 for a member who has not given the Bidding Hall word (every lot
 * call answers it until then). It joins the shared `ErrorCodes` with the server's gate change.
 */
export const GATE_SEALED = "GATE_SEALED";

/** The server refused a lot call because the Bidding Hall gate is still shut for this member. */
export function isGateSealed(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === GATE_SEALED;
}
