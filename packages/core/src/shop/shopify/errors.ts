import { ErrorCodes } from "@bm/shared";
import { AppError } from "../../errors";

/** The shop refused what we asked for (our configuration or our data, not the member's input): a 502. */
export class ShopRefusedError extends AppError {
  constructor(detail: string) {
    super(ErrorCodes.INTERNAL, 502, `The shop refused the request: ${detail}`);
  }
}

/** The shop answered with a server error or nonsense after our retries: a 502. */
export class ShopBadGatewayError extends AppError {
  constructor(detail: string) {
    super(ErrorCodes.INTERNAL, 502, `The shop failed to answer: ${detail}`);
  }
}

/** The shop could not be reached, or kept us throttled, after our retries: a 503, try again later. */
export class ShopUnavailableError extends AppError {
  constructor(detail: string) {
    super(ErrorCodes.INTERNAL, 503, `The shop is unavailable right now: ${detail}`);
  }
}

export interface UserError {
  field?: string[] | null;
  message: string;
  code?: string | null;
}

/** The first user error's message, with the field it names when there is one. */
export function firstUserError(errors: UserError[] | null | undefined): string | null {
  const first = errors?.[0];
  if (!first) return null;
  return first.message;
}
