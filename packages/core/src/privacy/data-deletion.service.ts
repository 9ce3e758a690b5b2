import { createHash, randomBytes, randomUUID } from "node:crypto";
import {
  DataDeletionMessages,
  DataDeletionToasts,
  DELETION_LINK_TTL_HOURS,
  type DeletionConfirmAnswer,
  type DeletionStatus,
  formatDate,
} from "@bm/shared";
import { type AdminDeletionRequest, AdminMessages, type DeletionList } from "@bm/shared/admin";
import type { Actor } from "../audit/actor";
import type { AuditService } from "../audit/audit.service";
import type { PageRequest } from "../db/paging";
import type { Transactor, Tx } from "../db/transactor";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import type { Logger } from "../logger";
import type { Clock } from "../ports/clock";
import type { MailPort } from "../ports/mail";
import type { RealtimePort } from "../ports/realtime";
import type { UserRepository } from "../users/user.repository";
import { confirmDeletionMail, deletionPendingMail } from "./deletion.mails";
import type { DeletionRequestRepository, DeletionRow, DeletionSort } from "./deletion-requests.repository";
import type { ErasureRepository } from "./erasure.repository";

export interface DataDeletionDeps {
  tx: Transactor;
  requests: DeletionRequestRepository;
  erasure: ErasureRepository;
  users: UserRepository;
  audit: AuditService;
  mail: MailPort;
  realtime: RealtimePort;
  clock: Clock;
  log: Logger;
  publicUrl: string;
  /** DATA_DELETION_DAYS: a confirmed request is carried out within this many days. */
  days: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** How many due requests one sweep carries out (each in its own transaction); the next sweep takes the rest. */
const DUE_PER_SWEEP = 20;

/** A member's placeholder address once erased: unique, and refused by the e-mail rule (`.invalid`). */
export function erasedAddress(): string {
  return `erased-${randomUUID()}@erased.invalid`;
}

function hashOf(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Data deletion (spec 001 sections 2 and 3, DESIGN.md section 9). Anyone may ask for an address;
 * the answer never tells whether it belongs to a member: it is given before the address is even
 * looked up, and only a member is mailed a link. The link's token is random and kept hashed;
 * following it confirms the request, which the sweeper carries out DATA_DELETION_DAYS later
 * (an admin may do it sooner). Carrying it out erases the member's personal data in one
 * transaction and keeps their bids, ledger rows and orders under an anonymous account.
 */
export class DataDeletionService {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly deps: DataDeletionDeps) {}

  get days(): number {
    return this.deps.days;
  }

  /**
   * Takes a request for `email` (already normalised by the shared schema) and answers at once,
   * the same words for every address: the look-up and the mail happen after the answer, so
   * neither the answer nor its timing says whether the address belongs to a member.
   */
  request(email: string): string {
    const work: Promise<void> = this.issue(email)
      .catch((err) => this.deps.log.error({ err }, "data deletion request not handled"))
      .finally(() => this.inFlight.delete(work));
    this.inFlight.add(work);
    return DataDeletionToasts.submittedWithin(this.deps.days);
  }

  /** Waits for the requests still being handled (the runtime's close, tests). */
  async settle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private async issue(email: string): Promise<void> {
    const { tx, users, requests, mail, clock, log, publicUrl, days } = this.deps;
    const token = randomBytes(32).toString("base64url");
    const now = clock.now();
    const outcome = await tx.run(async (t) => {
      const user = await users.findByEmail(email, t);
      if (!user || user.erasedAt) return null;
      const open = await requests.lockOpenOf(user.id, t);
      if (open?.status === "confirmed") return { confirmedAt: open.confirmedAt ?? now };
      if (open) {
        await requests.renewPending(open.id, hashOf(token), now, t);
      } else {
        const id = await requests.insertPending(
          { email, userId: user.id, codeHash: hashOf(token), source: "web", at: now },
          t,
        );
        // Another request of the member's opened first (a double click): its mail covers this one.
        if (id === null) return null;
      }
      return { confirmedAt: null };
    });
    if (!outcome) return;
    if (outcome.confirmedAt) {
      await mail.send(deletionPendingMail(email, formatDate(this.processByOf(outcome.confirmedAt))));
    } else {
      await mail.send(confirmDeletionMail(email, `${publicUrl}/data-deletion?confirm=${token}`, days));
    }
    log.info({}, "data deletion mail sent");
  }

  /** The mailed link was followed: the request is confirmed (again: the same answer) and dated. */
  async confirm(token: string): Promise<DeletionConfirmAnswer> {
    const { tx, requests, clock } = this.deps;
    const now = clock.now();
    const confirmedAt = await tx.run(async (t) => {
      const row = await requests.lockByCode(hashOf(token.trim()), t);
      if (!row) throw new NotFoundError(DataDeletionMessages.linkUnknown);
      if (row.status === "processed") throw new ValidationError(DataDeletionMessages.alreadyProcessed);
      if (row.status === "confirmed") return row.confirmedAt ?? now;
      if (now.getTime() - row.requestedAt.getTime() > DELETION_LINK_TTL_HOURS * 3600_000)
        throw new ValidationError(DataDeletionMessages.linkExpired);
      await requests.confirm(row.id, now, t);
      return now;
    });
    const processBy = this.processByOf(confirmedAt);
    return { message: DataDeletionMessages.confirmed(formatDate(processBy)), processBy: processBy.toISOString() };
  }

  /** The admin's list, filtered by status. */
  async list(filter: { status?: DeletionStatus }, page: PageRequest<DeletionSort>): Promise<DeletionList> {
    const rows = await this.deps.requests.list(filter, page);
    return { ...rows, items: rows.items.map((row) => this.present(row)) };
  }

  /** An admin carries out a confirmed request now, audited in the same transaction. */
  async processNow(id: number, actor: Actor): Promise<AdminDeletionRequest> {
    const { tx, requests, audit } = this.deps;
    const done = await tx.run(async (t) => {
      const row = await requests.lockById(id, t);
      if (!row) throw new NotFoundError(AdminMessages.deletionNotFound);
      if (row.status === "pending") throw new ConflictError(AdminMessages.deletionNotConfirmed);
      if (row.status === "processed") throw new ConflictError(AdminMessages.deletionAlreadyProcessed);
      const processed = await this.carryOut(row, t);
      // Ids and dates only: the member's address and names never enter the trail.
      await audit.record(t, actor, {
        action: "deletion.processed",
        targetKind: "deletion_request",
        targetId: row.id,
        before: { status: row.status, userId: row.userId, confirmedAt: row.confirmedAt },
        after: { status: processed.status, userId: processed.userId, completedAt: processed.completedAt },
      });
      return processed;
    });
    this.afterErasure(done);
    return this.present(done);
  }

  /**
   * The sweeper's part: carries out every request confirmed at least DATA_DELETION_DAYS ago, each
   * in its own transaction, a few per sweep. Idempotent (the status moves once) and never lost:
   * the database holds the state, so a crash or a restart only delays a request to the next sweep.
   */
  async processDue(): Promise<number> {
    const { tx, requests, clock } = this.deps;
    let processed = 0;
    for (; processed < DUE_PER_SWEEP; processed++) {
      const confirmedBy = new Date(clock.now().getTime() - this.deps.days * DAY_MS);
      const done = await tx.run(async (t) => {
        const row = await requests.lockNextDue(confirmedBy, t);
        return row ? this.carryOut(row, t) : null;
      });
      if (!done) break;
      this.afterErasure(done);
    }
    return processed;
  }

  /** Erases the member's personal data and closes the request, in the caller's transaction. */
  private async carryOut(row: DeletionRow, t: Tx): Promise<DeletionRow> {
    const { erasure, clock } = this.deps;
    const now = clock.now();
    const placeholder = erasedAddress();
    const member = row.userId ? await erasure.lockMember(row.userId, t) : null;
    if (row.userId && member && !member.erased) {
      await erasure.eraseMember({ id: row.userId, email: member.email }, placeholder, now, t);
    }
    // The address asked about, if the account no longer carries it (gone, or erased already).
    if (!member || member.erased || member.email !== row.email) await erasure.eraseAddress(row.email, placeholder, t);
    const done = await this.deps.requests.markProcessed(row.id, placeholder, now, t);
    if (!done) throw new ConflictError(AdminMessages.deletionAlreadyProcessed);
    return done;
  }

  /** After the commit: the member's open pages lose their connection on every node. */
  private afterErasure(row: DeletionRow): void {
    if (row.userId) this.deps.realtime.disconnectUser(row.userId);
    this.deps.log.info({ request: row.id, userId: row.userId }, "personal data erased at the member's request");
  }

  private processByOf(confirmedAt: Date): Date {
    return new Date(confirmedAt.getTime() + this.deps.days * DAY_MS);
  }

  private present(row: DeletionRow): AdminDeletionRequest {
    return {
      id: row.id,
      email: row.email,
      member: row.userId !== null,
      status: row.status,
      requestedAt: row.requestedAt.toISOString(),
      confirmedAt: row.confirmedAt?.toISOString() ?? null,
      processBy: row.status === "confirmed" && row.confirmedAt ? this.processByOf(row.confirmedAt).toISOString() : null,
      completedAt: row.completedAt?.toISOString() ?? null,
    };
  }
}
