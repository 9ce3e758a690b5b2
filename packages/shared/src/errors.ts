/**
 * Stable error codes of the API. Every error answer is JSON `{ message, code }` with an HTTP
 * status; `message` is what the member reads, in the specification's words.
 */
export const ErrorCodes = {
  VALIDATION: "VALIDATION",
  UNAUTHORIZED: "UNAUTHORIZED",
  FORBIDDEN: "FORBIDDEN",
  GATE_SEALED: "GATE_SEALED",
  NOT_FOUND: "NOT_FOUND",
  RATE_LIMITED: "RATE_LIMITED",
  INVALID_CODE: "INVALID_CODE",
  ORIGIN_REFUSED: "ORIGIN_REFUSED",
  UNSUPPORTED_MEDIA_TYPE: "UNSUPPORTED_MEDIA_TYPE",
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  CONFLICT: "CONFLICT",
  INTERNAL: "INTERNAL",
  UNAVAILABLE: "UNAVAILABLE",
  ALREADY_ATTEMPTED: "ALREADY_ATTEMPTED",
  CHALLENGE_WON: "CHALLENGE_WON",
  CHALLENGE_NOT_OPEN: "CHALLENGE_NOT_OPEN",
  CHALLENGE_CLOSED: "CHALLENGE_CLOSED",
  SUSPENDED: "SUSPENDED",
  IDEMPOTENCY_MISMATCH: "IDEMPOTENCY_MISMATCH",
  IDEMPOTENCY_IN_PROGRESS: "IDEMPOTENCY_IN_PROGRESS",
} as const;
export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

export const Messages = {
  invalidEmail: "Please enter a valid email address",
  invalidCode: "Please enter the 6-digit verification code",
  codeRejected: "Invalid or expired code",
  codeSent: "Verification code sent",
  resendTooSoon: "Please wait a minute before requesting another code",
  tooManyCodes: "Too many codes requested. Try again later.",
  signedOut: "Signed out",
  unauthorized: "401: Unauthorized",
  forbidden: "Forbidden",
  /** Sign-in and every member action of a suspended account: never the reason, never the end. */
  accountSuspended: "This account is suspended",
  staffOnly: "This chamber is reserved for the House's staff",
  adminOnly: "This chamber is reserved for the House's keepers",
  gateSealed: "The Bidding Hall is sealed. Speak the word at its gate.",
  gateRefused: "Incorrect password. Access denied.",
  tooManyTries: "Too many attempts. Wait a moment and try again.",
  busy: "The House is overwhelmed. Try again in a moment.",
  /** Postgres or Redis unreachable: an outage, answered 503 with Retry-After, never a 500. */
  reconnecting: "The House is reconnecting. Try again in a moment.",
  originRefused: "Cross-origin request refused",
  jsonOnly: "Requests must be sent as JSON",
  tooLarge: "Request body is too large",
  notFound: "Not found",
  internal: "Something went wrong. Please try again.",
  puzzleNotFound: "Puzzle Not Found",
  trialNotFound: "Trial Not Found",
  answerRight: "Completed! Credits awarded.",
  answerWrong: "Incorrect, no credits awarded.",
  closedByOthers: "Completed by others. Submission closed",
  puzzleAttempted: "You've already used your one attempt for this puzzle.",
  trialAttempted: "You've already used your one attempt for this trial.",
  challengeNotOpen: "Coming Soon: this challenge unlocks at 1:00 PM New York time.",
  challengeClosed: "Submission closed: the next challenge has unlocked.",
} as const;
