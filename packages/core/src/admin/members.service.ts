import type { Readable } from "node:stream";
import type { Paged } from "@bm/shared";
import type { AdminAttemptListFilter, AttemptSort } from "@bm/shared/admin";
import {
  type BidRow,
  type ClaimRow,
  type LedgerRow,
  MemberAdminMessages,
  type MemberDetail,
  type MemberRow,
} from "@bm/shared/admin";
import {
  ATTEMPT_COLUMNS,
  type AttemptLogRepository,
  presentAttempt,
  type RawAttempt,
} from "../challenges/attempt-log.repository";
import type { CreditAdjustmentRepository } from "../credits/credit-adjustments.repository";
import type { CreditsService } from "../credits/credits.service";
import type { PageRequest } from "../db/paging";
import { NotFoundError } from "../errors";
import { csvExport } from "../exports/csv-export";
import type { Logger } from "../logger";
import type { Clock } from "../ports/clock";
import {
  type BidFilter,
  bidsListing,
  type ClaimFilter,
  claimsListing,
  type LedgerFilter,
  type Listing,
  ledgerListing,
  type MemberFilter,
  membersListing,
} from "./member-lists";
import type { MembersRepository } from "./members.repository";

export interface MembersDeps {
  rows: MembersRepository;
  credits: CreditsService;
  clock: Clock;
  log: Logger;
  emails: { staff: readonly string[]; admins: readonly string[] };
  /** The member page's list of credit adjustments (made by `CreditAdjustmentsService`). */
  adjustments: CreditAdjustmentRepository;
  /** The attempt log: its export streams the list's own statement. */
  attempts: AttemptLogRepository;
}

type Order<S extends string> = Pick<PageRequest<S>, "sort" | "order">;
/** Each export: its list's filter and order (the same query the list takes). */
export type ExportRequest =
  | { name: "members"; filter: MemberFilter; order: Order<keyof ReturnType<typeof membersListing>["sorts"]> }
  | { name: "ledger"; filter: LedgerFilter; order: Order<keyof typeof ledgerListing.sorts> }
  | { name: "bids"; filter: BidFilter; order: Order<keyof typeof bidsListing.sorts> }
  | { name: "claims"; filter: ClaimFilter; order: Order<keyof typeof claimsListing.sorts> }
  | { name: "attempts"; filter: AdminAttemptListFilter; order: Order<AttemptSort> };

/** How many of the recent sign-ins, answers and wrong answers the member page shows. */
const RECENT = 100;

/**
 * The operator's view of members (issue 17 items 1 and 7): the lists and their CSV exports, and a
 * member's page. Adjusting a member's credits is the credits domain's (`CreditAdjustmentsService`).
 */
export class MembersService {
  private readonly members: ReturnType<typeof membersListing>;

  constructor(private readonly deps: MembersDeps) {
    this.members = membersListing(deps.emails, () => deps.clock.now());
  }

  list(
    filter: MemberFilter,
    page: PageRequest<keyof ReturnType<typeof membersListing>["sorts"]>,
  ): Promise<Paged<MemberRow>> {
    return this.deps.rows.page(this.members, filter, page);
  }

  ledger(filter: LedgerFilter, page: PageRequest<keyof typeof ledgerListing.sorts>): Promise<Paged<LedgerRow>> {
    return this.deps.rows.page(ledgerListing, filter, page);
  }

  bids(filter: BidFilter, page: PageRequest<keyof typeof bidsListing.sorts>): Promise<Paged<BidRow>> {
    return this.deps.rows.page(bidsListing, filter, page);
  }

  claims(filter: ClaimFilter, page: PageRequest<keyof typeof claimsListing.sorts>): Promise<Paged<ClaimRow>> {
    return this.deps.rows.page(claimsListing, filter, page);
  }

  async detail(id: string): Promise<MemberDetail> {
    const { rows } = this.deps;
    const found = await rows.page(this.members, { id }, { page: 1, pageSize: 1, sort: "createdAt", order: "desc" });
    const member = found.items[0];
    if (!member) throw new NotFoundError(MemberAdminMessages.memberNotFound);
    const [credits, leadingLots, completions, failedAttempts, referrals, signIns, adjustments] = await Promise.all([
      this.deps.credits.answerFigures(id),
      rows.leadingLots(id),
      rows.completions(id, RECENT),
      rows.failedAttempts(id, RECENT),
      rows.referrals(id),
      rows.signIns(id, RECENT),
      this.deps.adjustments.adjustments(id),
    ]);
    return { member, credits, leadingLots, completions, failedAttempts, referrals, signIns, adjustments };
  }

  /** The CSV of a list under its filter and order, streamed; its file name carries today's date (UTC). */
  export(request: ExportRequest): { filename: string; body: Readable } {
    const { clock, log } = this.deps;
    const onError = (error: Error) => log.warn({ err: error, export: request.name }, "CSV export ended early");
    const date = clock.now().toISOString().slice(0, 10);
    return { filename: `${request.name}-${date}.csv`, body: this.stream(request, onError) };
  }

  private stream(request: ExportRequest, onError: (error: Error) => void): Readable {
    const { rows } = this.deps;
    const one = <R, S extends string, F>(listing: Listing<R, S, F>, filter: F, order: Order<S>) =>
      csvExport(rows.listingRows(listing, filter, order), listing.row, listing.columns, onError);
    switch (request.name) {
      case "members":
        return one(this.members, request.filter, request.order);
      case "ledger":
        return one(ledgerListing, request.filter, request.order);
      case "bids":
        return one(bidsListing, request.filter, request.order);
      case "claims":
        return one(claimsListing, request.filter, request.order);
      case "attempts":
        return csvExport(
          rows.rowsOf(this.deps.attempts.listStatement(request.filter, request.order)),
          (raw) => presentAttempt(raw as unknown as RawAttempt),
          ATTEMPT_COLUMNS,
          onError,
        );
    }
  }
}
