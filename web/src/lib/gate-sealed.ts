import { ErrorCodes } from "@bm/shared";
import { ApiError } from "./api";

/** The server refused a lot call because the Bidding Hall gate is still shut for this member. */
export function isGateSealed(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === ErrorCodes.GATE_SEALED;
}
