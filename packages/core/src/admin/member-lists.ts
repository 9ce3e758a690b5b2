import type { BidRow, ClaimRow, LedgerRow, MemberFlag, MemberRow } from "@bm/shared/admin";
import { Conditions, orderClause, type PageRequest } from "../db/paging";
import type { CsvColumn, CsvQuery } from "../exports/csv-export";

/**
 * The operator's lists of members, ledger rows, bids and claims, each defined once: its SQL, its
 * filters, its sortable columns, its row and its CSV columns. The paged list and the CSV export
 * read the same definition, so an export follows exactly the filter and sort the list shows.
 */
export interface Listing<R, S extends string, F> {
  /** SELECT … FROM … (no WHERE, no ORDER BY). */
  select: string;
  /** The conditions of `filter`, after any parameters the select itself uses. */
  where: (filter: F) => Conditions;
  sorts: Record<S, string>;
  tieBreak: string;
  row: (raw: Record<string, unknown>) => R;
  columns: readonly CsvColumn<R>[];
}

const iso = (value: unknown): string => (value as Date).toISOString();
const isoOrNull = (value: unknown): string | null => (value ? iso(value) : null);
const text = (value: unknown): string => String(value);
const textOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

/** Where a list's rows come from, whole and ordered: the CSV export's statement. */
export function exportQuery<R, S extends string, F>(
  listing: Listing<R, S, F>,
  filter: F,
  order: Pick<PageRequest<S>, "sort" | "order">,
): CsvQuery {
  const where = listing.where(filter);
  return {
    sql: `${listing.select} ${where.where} ${orderClause(order, listing.sorts, listing.tieBreak)}`,
    params: where.params,
  };
}

/* --------------------------------------------- members --------------------------------------- */

/**
 * Each flag's rule over a member row `u`; `$1` is the STAFF_EMAILS list and `$2` the ADMIN_EMAILS
 * list (lower-case). One more flag (a suspension) is one line here and one in MEMBER_FLAGS.
 */
export const MEMBER_FLAG_SQL: Record<MemberFlag, string> = {
  admin: `u.is_admin OR lower(u.email) = ANY($2::text[])`,
  staff: `lower(u.email) = ANY($1::text[])`,
  deletion_requested: `EXISTS (SELECT 1 FROM deletion_requests d WHERE d.user_id = u.id AND d.status <> 'processed')`,
  erased: `u.erased_at IS NOT NULL`,
};
const FLAGS = Object.keys(MEMBER_FLAG_SQL) as MemberFlag[];
const LAST_SIGN_IN = `(SELECT max(s.at) FROM sign_ins s WHERE s.user_id = u.id)`;

export interface MemberFilter {
  q?: string;
  flag?: MemberFlag;
  /** One member (the member page's own row). */
  id?: string;
}

export function membersListing(emails: { staff: readonly string[]; admins: readonly string[] }) {
  const listing: Listing<MemberRow, "createdAt" | "email" | "balance" | "lastSignInAt", MemberFilter> = {
    select: `SELECT u.id, u.email, u.first_name AS "firstName", u.last_name AS "lastName",
                    u.referral_code AS "referralCode", u.mpc_balance::text AS balance, u.created_at AS "createdAt",
                    ${LAST_SIGN_IN} AS "lastSignInAt",
                    ${FLAGS.map((f) => `(${MEMBER_FLAG_SQL[f]}) AS "flag_${f}"`).join(", ")}
               FROM users u`,
    where: (filter) => {
      const where = new Conditions();
      where.params.push([...emails.staff], [...emails.admins]);
      const like = filter.q ? `%${escapeLike(filter.q)}%` : undefined;
      where
        .add(`(u.email ILIKE ? OR concat_ws(' ', u.first_name, u.last_name) ILIKE ? OR u.referral_code ILIKE ?)`, like)
        .add("u.id = ?", filter.id);
      if (filter.flag) where.raw(`(${MEMBER_FLAG_SQL[filter.flag]})`);
      return where;
    },
    sorts: { createdAt: "u.created_at", email: "u.email", balance: "u.mpc_balance", lastSignInAt: LAST_SIGN_IN },
    tieBreak: "u.id",
    row: (r) => ({
      id: text(r.id),
      email: text(r.email),
      firstName: textOrNull(r.firstName),
      lastName: textOrNull(r.lastName),
      referralCode: textOrNull(r.referralCode),
      balance: text(r.balance),
      createdAt: iso(r.createdAt),
      lastSignInAt: isoOrNull(r.lastSignInAt),
      flags: FLAGS.filter((f) => r[`flag_${f}`] === true),
    }),
    columns: [
      { header: "id", value: (r) => r.id },
      { header: "email", value: (r) => r.email },
      { header: "first_name", value: (r) => r.firstName },
      { header: "last_name", value: (r) => r.lastName },
      { header: "referral_code", value: (r) => r.referralCode },
      { header: "balance", value: (r) => r.balance, numeric: true },
      { header: "created_at", value: (r) => r.createdAt },
      { header: "last_sign_in_at", value: (r) => r.lastSignInAt },
      { header: "flags", value: (r) => r.flags.join(" ") },
    ],
  };
  return listing;
}

/* ---------------------------------------------- ledger --------------------------------------- */

export interface LedgerFilter {
  member?: string;
  kind?: LedgerRow["kind"];
}

export const ledgerListing: Listing<LedgerRow, "createdAt" | "amount", LedgerFilter> = {
  select: `SELECT l.id, l.user_id AS "userId", u.email, l.kind, l.amount::text AS amount, l.source_id AS "sourceId",
                  l.title, l.created_at AS "createdAt"
             FROM credit_ledger l JOIN users u ON u.id = l.user_id`,
  where: (filter) => new Conditions().add("l.user_id = ?", filter.member).add("l.kind = ?", filter.kind),
  sorts: { createdAt: "l.created_at", amount: "l.amount" },
  tieBreak: "l.id",
  row: (r) => ({
    id: Number(r.id),
    userId: text(r.userId),
    email: text(r.email),
    kind: r.kind as LedgerRow["kind"],
    amount: text(r.amount),
    sourceId: text(r.sourceId),
    title: text(r.title),
    createdAt: iso(r.createdAt),
  }),
  columns: [
    { header: "id", value: (r) => r.id, numeric: true },
    { header: "created_at", value: (r) => r.createdAt },
    { header: "member_id", value: (r) => r.userId },
    { header: "email", value: (r) => r.email },
    { header: "kind", value: (r) => r.kind },
    { header: "amount", value: (r) => r.amount, numeric: true },
    { header: "source_id", value: (r) => r.sourceId },
    { header: "title", value: (r) => r.title },
  ],
};

/* ----------------------------------------------- bids ---------------------------------------- */

export interface BidFilter {
  member?: string;
  lot?: number;
}

/** The bids export's columns, in one place (a `voided_at` column joins here). */
export const BID_COLUMNS: readonly CsvColumn<BidRow>[] = [
  { header: "id", value: (r) => r.id, numeric: true },
  { header: "created_at", value: (r) => r.createdAt },
  { header: "lot_id", value: (r) => r.lotId, numeric: true },
  { header: "lot_number", value: (r) => r.lotNumber, numeric: true },
  { header: "lot_title", value: (r) => r.lotTitle },
  { header: "member_id", value: (r) => r.userId },
  { header: "email", value: (r) => r.email },
  { header: "amount", value: (r) => r.amount, numeric: true },
  { header: "credits_used", value: (r) => r.creditsUsed, numeric: true },
  { header: "leading", value: (r) => r.leading },
  { header: "voided_at", value: (r) => r.voidedAt },
];

export const bidsListing: Listing<BidRow, "createdAt" | "amount", BidFilter> = {
  select: `SELECT b.id, b.user_id AS "userId", u.email, b.lot_id AS "lotId", a.lot_number AS "lotNumber",
                  a.title AS "lotTitle", b.amount::text AS amount, b.credits_used::text AS "creditsUsed",
                  b.created_at AS "createdAt", b.voided_at AS "voidedAt",
                  (b.voided_at IS NULL AND a.leader_id = b.user_id AND a.current_bid = b.amount) AS leading
             FROM bids b JOIN users u ON u.id = b.user_id JOIN auction_lots a ON a.id = b.lot_id`,
  where: (filter) => new Conditions().add("b.user_id = ?", filter.member).add("b.lot_id = ?", filter.lot),
  sorts: { createdAt: "b.created_at", amount: "b.amount" },
  tieBreak: "b.id",
  row: (r) => ({
    id: Number(r.id),
    userId: text(r.userId),
    email: text(r.email),
    lotId: Number(r.lotId),
    lotNumber: Number(r.lotNumber),
    lotTitle: text(r.lotTitle),
    amount: text(r.amount),
    creditsUsed: text(r.creditsUsed),
    createdAt: iso(r.createdAt),
    leading: r.leading === true,
    voidedAt: isoOrNull(r.voidedAt),
  }),
  columns: BID_COLUMNS,
};

/* ---------------------------------------------- claims --------------------------------------- */

export interface ClaimFilter {
  member?: string;
  status?: ClaimRow["status"];
}

export const claimsListing: Listing<ClaimRow, "closedAt" | "claimDeadline" | "amount", ClaimFilter> = {
  select: `SELECT a.id AS "lotId", a.lot_number AS "lotNumber", a.title AS "lotTitle", a.winner_id AS "winnerId",
                  u.email, a.current_bid::text AS amount, a.winner_credits_used::text AS "creditsUsed",
                  a.claim_status AS status, a.closed_at AS "closedAt", a.claim_deadline AS "claimDeadline",
                  a.claimed_at AS "claimedAt"
             FROM auction_lots a JOIN users u ON u.id = a.winner_id`,
  where: (filter) => new Conditions().add("a.winner_id = ?", filter.member).add("a.claim_status = ?", filter.status),
  sorts: { closedAt: "a.closed_at", claimDeadline: "a.claim_deadline", amount: "a.current_bid" },
  tieBreak: "a.id",
  row: (r) => ({
    lotId: Number(r.lotId),
    lotNumber: Number(r.lotNumber),
    lotTitle: text(r.lotTitle),
    winnerId: text(r.winnerId),
    email: text(r.email),
    amount: text(r.amount),
    creditsUsed: text(r.creditsUsed),
    status: r.status as ClaimRow["status"],
    closedAt: isoOrNull(r.closedAt),
    claimDeadline: isoOrNull(r.claimDeadline),
    claimedAt: isoOrNull(r.claimedAt),
  }),
  columns: [
    { header: "lot_id", value: (r) => r.lotId, numeric: true },
    { header: "lot_number", value: (r) => r.lotNumber, numeric: true },
    { header: "lot_title", value: (r) => r.lotTitle },
    { header: "winner_id", value: (r) => r.winnerId },
    { header: "email", value: (r) => r.email },
    { header: "amount", value: (r) => r.amount, numeric: true },
    { header: "credits_used", value: (r) => r.creditsUsed, numeric: true },
    { header: "status", value: (r) => r.status },
    { header: "closed_at", value: (r) => r.closedAt },
    { header: "claim_deadline", value: (r) => r.claimDeadline },
    { header: "claimed_at", value: (r) => r.claimedAt },
  ],
};

/** `%` and `_` typed in a search are searched for, not wildcards. */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
