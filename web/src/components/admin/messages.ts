import { ErrorCodes } from "@bm/shared";
import { ApiError, messageOf } from "../../lib/api";

/**
 * The words of an admin toast for a failed call: the server's own refusal (an error answer with
 * its code), else the screen's fallback ('Failed to save puzzle'), never a bare 'Something went
 * wrong' or a proxy's page. No answer at all still says the House cannot be reached.
 */
export function refusalMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    return error.code && error.code !== ErrorCodes.INTERNAL && error.message ? error.message : fallback;
  }
  return messageOf(error, fallback);
}
