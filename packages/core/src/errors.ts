import { type BidErrorCode, type BidRefusal, type ErrorCode, ErrorCodes, Messages } from "@bm/shared";

/** An error the member may read: a stable code, an HTTP status and the spec's message. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode | BidErrorCode,
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(message: string) {
    super(ErrorCodes.VALIDATION, 400, message);
  }
}
/** An upload over its limit (the oath's audio, the covenant's signature): nothing is stored. */
export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super(ErrorCodes.PAYLOAD_TOO_LARGE, 413, message);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = "Unauthorized") {
    super(ErrorCodes.UNAUTHORIZED, 401, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message: string = Messages.forbidden) {
    super(ErrorCodes.FORBIDDEN, 403, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message: string = Messages.notFound) {
    super(ErrorCodes.NOT_FOUND, 404, message);
  }
}
export class RateLimitError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(ErrorCodes.RATE_LIMITED, 429, message);
  }
}
export class InvalidCodeError extends AppError {
  constructor() {
    super(ErrorCodes.INVALID_CODE, 401, Messages.codeRejected);
  }
}
export class ConflictError extends AppError {
  constructor(message: string) {
    super(ErrorCodes.CONFLICT, 409, message);
  }
}
export class ServiceUnavailableError extends AppError {
  constructor(message: string) {
    super(ErrorCodes.INTERNAL, 503, message);
  }
}

const CONFLICTS = new Set<BidErrorCode>([
  "LOT_CLOSED",
  "LOT_NOT_OPEN",
  "LOT_PAUSED",
  "ALREADY_LEADING",
  "AUCTION_ENDED",
]);

/** A refused bid: 409 when the lot or auction's state forbids it, 400 when the amounts do. */
export class BidError extends AppError {
  constructor(refusal: BidRefusal) {
    super(refusal.code, CONFLICTS.has(refusal.code) ? 409 : 400, refusal.message);
  }
}
