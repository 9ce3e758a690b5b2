import { z } from "zod";
import { CHALLENGE_ANSWER_MAX_LENGTH } from "../rules/challenges";
import { challengeAnswer, challengeDayAnswer, challengeListAnswer, challengeType } from "./challenges";
import { listQuery, pagedAnswer, searchText } from "./lists";
import { deletionStatus } from "./privacy";

/* ------------------------------------------------------------------------------------------------
 * The operator's area (spec 001 sections 2, 3, 7, 8; DESIGN.md section 9). Every call here is
 * declared `admin` unless it says otherwise. Answers are read by admins alone.
 * --------------------------------------------------------------------------------------------- */

/** The toasts of the admin area (spec 001 section 8). */
export const AdminToasts = {
  errorTitle: "Error",
  saveFailed: (type: "puzzle" | "task") => (type === "puzzle" ? "Failed to save puzzle" : "Failed to save task"),
  saved: (type: "puzzle" | "task", created: boolean) => {
    const noun = type === "puzzle" ? "Puzzle" : "Trial";
    const verb = created ? "created" : "updated";
    return { title: `${noun} ${verb}`, message: `The ${noun.toLowerCase()} has been ${verb} successfully` };
  },
  productAddedTitle: "Product added",
  productAdded: "Product has been added to the gift guide",
  productRemovedTitle: "Product removed",
  productRemoved: "Product has been removed from the gift guide",
  productAddFailed: "Failed to add product",
  productRemoveFailed: "Failed to remove product",
  noVariants: "Product has no variants available",
  processingCompleteTitle: "Processing Complete",
  processingComplete: (awarded: number, already: number, notFound: number) =>
    `Awarded credits to ${awarded} users. ${already} already completed, ${notFound} not found.`,
  processingFailedTitle: "Processing Failed",
  processingFailed: "Failed to process codes",
  noCodesTitle: "No codes provided",
  noCodes: "Please enter some codes to process",
  noValidCodesTitle: "No valid codes",
  noValidCodes: "Could not extract any valid codes from the input",
  seededTitle: "Success!",
  seeded: (name: string, count: number) => `${name} seeded successfully. ${count} items added.`,
  seedFailed: (name: string) => `Failed to seed ${name}`,
} as const;

/** Refusals of the admin calls, in words an operator can act on. */
export const AdminMessages = {
  titleRequired: "Title is required",
  descriptionRequired: "Description is required",
  answerRequired: "Answer is required",
  creditsWhole: "Credits must be a whole number of 0 or more",
  dateInvalid: "Date must be a real date (YYYY-MM-DD)",
  maxWinnersPositive: "Max winners must be a whole number of 1 or more, or empty",
  imageInvalid: "The image must be a PNG, JPEG or WebP file, or a picture the House already serves",
  imageTooLarge: "The image is larger than 2 MB",
  puzzleNotFound: "Puzzle not found",
  trialNotFound: "Trial not found",
  slugTaken: (type: "puzzle" | "task", slug: string) =>
    `Another ${type === "puzzle" ? "puzzle" : "trial"} already lives at /${type}/${slug}: choose another title`,
  titleWithoutSlug: "The title needs at least one letter or digit (it names the page's address)",
  productNotFound: "Product not found",
  productNotInShop: "The shop has no such product",
  productAlreadyAdded: "This product is already in the gift guide",
  seedRefused: (what: string) =>
    `Seeding would destroy members' data: ${what}. Send {"force": true} to seed anyway (balances and ledgers are kept).`,
  deletionNotFound: "Deletion request not found",
  deletionNotConfirmed: "The member has not confirmed this request yet",
  deletionAlreadyProcessed: "This request was already processed",
  previewInstantInvalid: "Choose a valid instant to preview",
} as const;

/* --------------------------------- puzzles and trials ---------------------------------------- */

/** A whole number of credits, sent as a number (a numeric string from a form is accepted). */
const wholeCredits = z.coerce
  .number({ error: AdminMessages.creditsWhole })
  .int({ error: AdminMessages.creditsWhole })
  .min(0, { error: AdminMessages.creditsWhole })
  .max(100_000, { error: "Credits can be at most 100000" });

/** A real calendar date, YYYY-MM-DD (2025-02-30 is refused). */
export const calendarDate = z.iso.date({ error: AdminMessages.dateInvalid });

/**
 * POST /api/admin/create-puzzle, PUT /api/admin/update-puzzle/{id}, and the same for tasks. The
 * spec's body also carries `urlSlug`; the server derives it from the title at creation and keeps it
 * afterwards (links and the special trials' fixed slugs stay put), so a sent one is ignored.
 * `imageUrl`: null for none, a path the app already serves (`/api/challenges/media/...`, `/art/...`),
 * or a data URL of a PNG, JPEG or WebP image (at most 2 MB), stored by the server.
 */
export const adminChallengeBody = z.object({
  title: z.string({ error: AdminMessages.titleRequired }).trim().min(1, AdminMessages.titleRequired).max(255),
  description: z
    .string({ error: AdminMessages.descriptionRequired })
    .trim()
    .min(1, AdminMessages.descriptionRequired)
    .max(10_000, "The description is longer than 10000 characters"),
  answer: z
    .string({ error: AdminMessages.answerRequired })
    .trim()
    .min(1, AdminMessages.answerRequired)
    .max(CHALLENGE_ANSWER_MAX_LENGTH, `The answer is longer than ${CHALLENGE_ANSWER_MAX_LENGTH} characters`),
  credits: wholeCredits,
  date: calendarDate,
  isActive: z.boolean({ error: "Active must be true or false" }).default(true),
  maxWinners: z.coerce
    .number({ error: AdminMessages.maxWinnersPositive })
    .int({ error: AdminMessages.maxWinnersPositive })
    .min(1, { error: AdminMessages.maxWinnersPositive })
    .max(100_000)
    .nullable()
    .optional(),
  imageUrl: z
    .string()
    .max(4_000_000, AdminMessages.imageTooLarge)
    .nullable()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : null)),
  urlSlug: z.string().max(255).optional(),
});
export type AdminChallengeBody = z.input<typeof adminChallengeBody>;
export type AdminChallengeInput = z.output<typeof adminChallengeBody>;

export const adminChallengeParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

/** A puzzle or trial as the operator reads it: with its answer, and how it has been played. */
export const adminChallenge = z.object({
  id: z.number().int(),
  type: challengeType,
  urlSlug: z.string(),
  title: z.string(),
  description: z.string(),
  answer: z.string(),
  credits: z.number().int().nonnegative(),
  date: z.string(),
  isActive: z.boolean(),
  maxWinners: z.number().int().positive().nullable(),
  imageUrl: z.string().nullable(),
  imageUrls: z.array(z.string()).nullable(),
  /** 'Bonus', 'Day n' or 'THANK YOU'. */
  label: z.string(),
  /** ISO instant of its 1 PM New York unlock. */
  unlocksAt: z.string(),
  completions: z.number().int().nonnegative(),
  failures: z.number().int().nonnegative(),
  createdAt: z.string(),
});
export type AdminChallenge = z.infer<typeof adminChallenge>;

export const adminChallengeSaved = z.object({ challenge: adminChallenge });
export type AdminChallengeSaved = z.infer<typeof adminChallengeSaved>;

/** GET /api/admin/challenges: puzzles or trials, paged, sortable, searchable by title or slug. */
export const adminChallengeListQuery = listQuery(
  ["date", "title", "credits", "id"] as const,
  {
    type: challengeType.optional(),
    q: searchText,
    active: z.enum(["true", "false"]).optional(),
  },
  { order: "asc" },
);
export type AdminChallengeListQuery = z.input<typeof adminChallengeListQuery>;
export const adminChallengeList = pagedAnswer(adminChallenge);
export type AdminChallengeList = z.infer<typeof adminChallengeList>;

/** GET /api/admin/challenges/{type}/{id}. */
export const adminChallengeOneParams = adminChallengeParams.extend({ type: challengeType });

/* ------------------------------------ preview at an instant ---------------------------------- */

/** An ISO 8601 instant with its offset (`2025-11-20T18:00:00Z`, `...-05:00`). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** GET /api/admin/preview?at=ISO: the calendar exactly as a member sees it at `at`. */
export const previewQuery = z.object({
  at: z
    .string({ error: AdminMessages.previewInstantInvalid })
    .regex(ISO_INSTANT, { error: AdminMessages.previewInstantInvalid })
    .refine((v) => !Number.isNaN(Date.parse(v)), { error: AdminMessages.previewInstantInvalid })
    .meta({ format: "date-time" }),
});
export type PreviewQuery = z.infer<typeof previewQuery>;
export const previewAnswer = z.object({
  at: z.string(),
  /** The day's page a member would see at that instant. */
  day: challengeDayAnswer,
  /** The lists (/testearnhome, closed cards) a member would see at that instant. */
  puzzles: challengeListAnswer,
  trials: challengeListAnswer,
});
export type PreviewAnswer = z.infer<typeof previewAnswer>;

/** GET /api/admin/preview/{type}/{slug}?at=ISO: one challenge's page at that instant, or hidden. */
export const previewOneAnswer = z.object({
  at: z.string(),
  /** What a member meets: the challenge, or hidden ('Puzzle Not Found' / 'Trial Not Found'). */
  visible: z.boolean(),
  challenge: challengeAnswer.nullable(),
  message: z.string().nullable(),
});
export type PreviewOneAnswer = z.infer<typeof previewOneAnswer>;

/* ------------------------------------------ gift guide --------------------------------------- */

/** A gift-guide row as the operator sees it. */
export const adminGiftGuideProduct = z.object({
  id: z.number().int(),
  shopifyProductId: z.string(),
  shopifyVariantId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  price: z.string(),
  creditPrice: z.number().int().nullable(),
  imageUrl: z.string().nullable(),
  handle: z.string(),
  displayOrder: z.number().int(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type AdminGiftGuideProduct = z.infer<typeof adminGiftGuideProduct>;
export const adminGiftGuideAnswer = z.object({ products: z.array(adminGiftGuideProduct) });
export type AdminGiftGuideAnswer = z.infer<typeof adminGiftGuideAnswer>;

/** GET /api/admin/shopify-live-products?q=&cursor=: the shop's products, a page at a time. */
export const liveProductsQuery = z.object({
  q: searchText,
  cursor: z.string().max(500).optional(),
});
export type LiveProductsQuery = z.input<typeof liveProductsQuery>;

/** The spec's shape (section 3): a global id, featuredImage.url, variants.nodes. */
export const liveProduct = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  handle: z.string(),
  featuredImage: z.object({ url: z.string() }).nullable(),
  variants: z.object({ nodes: z.array(z.object({ id: z.string(), price: z.string() })) }),
  /** Already in the gift guide ('Already Added'). */
  alreadyAdded: z.boolean(),
});
export type LiveProduct = z.infer<typeof liveProduct>;
export const liveProductsAnswer = z.object({
  products: z.array(liveProduct),
  /** The cursor of the next page, null on the last. */
  nextCursor: z.string().nullable(),
});
export type LiveProductsAnswer = z.infer<typeof liveProductsAnswer>;

/**
 * POST /api/admin/gift-guide-products: the spec's body. The server reads the product from the
 * shop by `shopifyProductId` and takes its title, first variant and price from there (the body's
 * copies are not trusted); `creditPrice` sets a credit price for staff's 'Spend Your Credits'.
 */
export const addGiftGuideBody = z.object({
  shopifyProductId: z.string().trim().min(1, AdminMessages.productNotInShop).max(100),
  shopifyVariantId: z.string().trim().max(100).optional(),
  title: z.string().max(255).optional(),
  description: z.string().max(10_000).nullable().optional(),
  price: z.string().max(20).optional(),
  imageUrl: z.string().max(2000).nullable().optional(),
  handle: z.string().max(255).optional(),
  displayOrder: z.number().int().min(0).max(10_000).default(0),
  isActive: z.boolean().default(true),
  creditPrice: z.number().int().positive("A credit price must be 1 or more").max(100_000).nullable().optional(),
});
export type AddGiftGuideBody = z.input<typeof addGiftGuideBody>;
export const addGiftGuideAnswer = z.object({ product: adminGiftGuideProduct });

export const giftGuideIdParams = adminChallengeParams;

/* ---------------------------------------------- seeds ---------------------------------------- */

/** POST /api/auction-lots/seed, /api/puzzles/seed, /api/trials/seed, /api/gift-guide-products/seed. */
export const seedBody = z.object({ force: z.boolean().default(false) }).nullish();
export type SeedBody = z.input<typeof seedBody>;
export const seedAnswer = z.object({ count: z.number().int().nonnegative() });
export type SeedAnswer = z.infer<typeof seedAnswer>;

/** What each seed replaces, for the Database tab's confirmation. */
export const SEED_TARGETS = [
  {
    key: "lots",
    name: "Auction lots",
    path: "/api/auction-lots/seed",
    replaces: "every lot, with its bids, views, questions and notifications",
  },
  {
    key: "puzzles",
    name: "Puzzles",
    path: "/api/puzzles/seed",
    replaces: "every puzzle, with its completions and failed attempts",
  },
  {
    key: "trials",
    name: "Trials",
    path: "/api/trials/seed",
    replaces: "every trial, with its completions, failed attempts, confessions and uploads",
  },
  {
    key: "products",
    name: "Gift guide products",
    path: "/api/gift-guide-products/seed",
    replaces: "every gift guide product",
  },
] as const;
export type SeedTarget = (typeof SEED_TARGETS)[number]["key"];

/* -------------------------------------------- analytics -------------------------------------- */

/** Every figure leaves staff and admin accounts out; `excluded` says so in words. */
const excludedNote = z.string();

/** GET /api/admin/analytics/logins. */
export const loginAnalyticsAnswer = z.object({
  /** Sign-ins per New York day (recorded at each sign-in). */
  loginCounts: z.array(z.object({ date: z.string(), count: z.number().int().nonnegative() })),
  /** New members per New York day. */
  signupCounts: z.array(z.object({ date: z.string(), count: z.number().int().nonnegative() })),
  totals: z.object({
    signups: z.number().int().nonnegative(),
    trialCompletions: z.number().int().nonnegative(),
    puzzleCompletions: z.number().int().nonnegative(),
  }),
  excluded: excludedNote,
});
export type LoginAnalyticsAnswer = z.infer<typeof loginAnalyticsAnswer>;

const challengeStat = {
  date: z.string(),
  title: z.string(),
  successCount: z.number().int().nonnegative(),
  failureCount: z.number().int().nonnegative(),
};
/** GET /api/admin/analytics/trials. */
export const trialAnalyticsAnswer = z.object({
  trialStats: z.array(z.object({ trialId: z.number().int(), ...challengeStat })),
  excluded: excludedNote,
});
export type TrialAnalyticsAnswer = z.infer<typeof trialAnalyticsAnswer>;
/** GET /api/admin/analytics/puzzles. */
export const puzzleAnalyticsAnswer = z.object({
  puzzleStats: z.array(z.object({ puzzleId: z.number().int(), ...challengeStat })),
  excluded: excludedNote,
});
export type PuzzleAnalyticsAnswer = z.infer<typeof puzzleAnalyticsAnswer>;

const summaryRow = z.object({
  name: z.string(),
  date: z.string(),
  totalAttempts: z.number().int().nonnegative(),
  correct: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
});
/** GET /api/admin/summary ('Activity Summary'). */
export const activitySummaryAnswer = z.object({
  puzzles: z.array(summaryRow),
  trials: z.array(summaryRow),
  excluded: excludedNote,
});
export type ActivitySummaryAnswer = z.infer<typeof activitySummaryAnswer>;

/* ------------------------------------------- audit trail ------------------------------------- */

/** Every admin action the trail records. */
export const AUDIT_ACTIONS = [
  "challenge.created",
  "challenge.updated",
  "gift_guide.added",
  "gift_guide.removed",
  "social_codes.processed",
  "seed.run",
  "deletion.processed",
] as const;
export const auditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditAction>;

export const AUDIT_TARGET_KINDS = [
  "puzzle",
  "trial",
  "gift_guide_product",
  "social_codes",
  "seed",
  "deletion_request",
] as const;
export const auditTargetKind = z.enum(AUDIT_TARGET_KINDS);
export type AuditTargetKind = z.infer<typeof auditTargetKind>;

/** A record's fields, as JSON keeps them. */
const fields = z.object({}).catchall(z.unknown());

export const auditEntry = z.object({
  id: z.number().int(),
  /** ISO instant. */
  at: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string(),
  action: auditAction,
  targetKind: auditTargetKind,
  targetId: z.string().nullable(),
  /** The record's fields before and after (null for a creation, a removal, or an action on no record). */
  before: fields.nullable(),
  after: fields.nullable(),
  /** The address the request came from. */
  address: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** GET /api/admin/audit: newest first by default; filter by action, actor (e-mail) and record. */
export const auditListQuery = listQuery(["at"] as const, {
  action: auditAction.optional(),
  actor: searchText,
  targetKind: auditTargetKind.optional(),
  targetId: z.string().trim().max(100).optional(),
});
export type AuditListQuery = z.input<typeof auditListQuery>;
export const auditList = pagedAnswer(auditEntry);
export type AuditList = z.infer<typeof auditList>;

/** What the trail does not record, stated on its page. */
export const AUDIT_NOT_RECORDED = [
  "Reads: who opened which page or list.",
  "Members' own actions (bids, answers, purchases): they live in their own tables and the ledger.",
  "Changes made outside the admin area (directly in the database, by a deploy or a migration).",
  "The contents of uploaded images (only their stored name).",
] as const;

/* ------------------------------------------ data deletion ------------------------------------ */

export const adminDeletionRequest = z.object({
  id: z.number().int(),
  email: z.string(),
  /** Whether the address belonged to a member when asked. */
  member: z.boolean(),
  status: deletionStatus,
  requestedAt: z.string(),
  confirmedAt: z.string().nullable(),
  /** When the job will process a confirmed request (DATA_DELETION_DAYS after confirmation). */
  processBy: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type AdminDeletionRequest = z.infer<typeof adminDeletionRequest>;

/** GET /api/admin/deletion-requests. */
export const deletionListQuery = listQuery(["requestedAt", "status"] as const, { status: deletionStatus.optional() });
export type DeletionListQuery = z.input<typeof deletionListQuery>;
export const deletionList = pagedAnswer(adminDeletionRequest);
export type DeletionList = z.infer<typeof deletionList>;
/** POST /api/admin/deletion-requests/{id}/process: erase now. */
export const deletionProcessAnswer = z.object({ request: adminDeletionRequest });
