/** Business constants of the specification, one place for every text and rule that uses them. */

export const CODE_LENGTH = 6;
export const CODE_TTL_MINUTES = 10;
/** A code dies after this many wrong tries. */
export const CODE_MAX_ATTEMPTS = 5;
/** Matches the resend countdown of the entry page. */
export const RESEND_COOLDOWN_SECONDS = 60;
export const CODE_SENDS_PER_HOUR_PER_EMAIL = 5;
/**
 * Codes mailed per hour from one client address: a crowd of 1,000 behind one carrier NAT or a
 * venue's Wi-Fi and half again for resends, while the mail any one address can cause stays bounded.
 */
export const CODE_SENDS_PER_HOUR_PER_IP = 1_500;

export const REFERRAL_SIGNUP_CREDITS = 5;
export const REFERRAL_CODE_MAX_LENGTH = 10;

/** 1 credit is earned per this many dollars spent, rounded up per product line. */
export const DOLLARS_PER_CREDIT = 2;
/** 1 credit is worth this many dollars of bidding power. */
export const CREDIT_VALUE_USD = 1;

export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = "F8";
export const LOGIN_REDIRECT_DELAY_MS = 500;
export const ENTRY_REDIRECT_DELAY_MS = 1500;
export const LOT_REFETCH_MS = 5000;
export const GLITCH_EVERY_MS = 30_000;
export const GLITCH_FOR_MS = 1000;

/** The Bidding Hall card on /sanctum counts down to this instant. */
export const BIDDING_HALL_COUNTDOWN_AT = "2025-11-28T05:01:00Z";
/** Default first opening of the auction (EVENT_AUCTION_START). */
export const DEFAULT_EVENT_AUCTION_START = "2025-11-28T14:00:00Z";
export const AUCTION_DAYS = ["Friday", "Saturday", "Sunday", "Monday"] as const;
export type AuctionDay = (typeof AUCTION_DAYS)[number];
export const BID_INCREMENT_USD = 1;
/** The largest amount a money column (numeric(10,2)) holds: 99,999,999.99 dollars, in cents. */
export const MAX_AMOUNT_CENTS = 9_999_999_999;

export const SUPPORT_EMAIL = "support@blackmarket.example";

/** Every kind of credit ledger entry (the table's check constraint and the credits history's types). */
export const LEDGER_KINDS = [
  "purchase",
  "puzzle",
  "trial",
  "referral",
  "signup",
  "social",
  "loyalty",
  "lot_payment",
  "catalogue",
  "admin",
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
