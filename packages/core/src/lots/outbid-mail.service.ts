import type { Logger } from "../logger";
import type { NoticesService } from "../notices/notices.service";
import type { Clock } from "../ports/clock";
import type { JobsPort } from "../ports/jobs";
import { type MailPort, MailRecipientRefusedError } from "../ports/mail";
import type { PresencePort } from "../ports/presence";
import type { UserRepository } from "../users/user.repository";
import { outbidMail } from "./lot.mails";
import { OUTBID_MAIL_QUIET_MS, scheduleOutbidRecheck } from "./lot-jobs";
import type { NotificationRepository } from "./lot-notifications.repository";
import { lotStatusAt } from "./lot-presenter";
import type { LotRepository } from "./lots.repository";

export interface OutbidMailDeps {
  lots: LotRepository;
  notifications: NotificationRepository;
  users: UserRepository;
  presence: PresencePort;
  jobs: JobsPort;
  mail: MailPort;
  notices: NoticesService;
  clock: Clock;
  log: Logger;
  publicUrl: string;
}

export type OutbidMailOutcome = "sent" | "refused" | "no-longer-outbid" | "watching" | "mailed-recently";

/**
 * The e-mail to a member whose lead was taken, coalesced: at most one per member and lot in a
 * quiet period (outbids within it get one more look at its end), none while their socket watches
 * the lot (they saw it live), and only if they are still outbid when it goes. The bid path keeps
 * one job per (member, lot) in flight; this decides.
 */
export class OutbidMailService {
  constructor(private readonly deps: OutbidMailDeps) {}

  async send(lotId: number, userId: string): Promise<OutbidMailOutcome> {
    const { lots, notifications, users, presence, jobs, mail, notices, clock, log, publicUrl } = this.deps;
    const now = clock.now();
    const lot = await lots.find(lotId);
    if (!lot || lotStatusAt(lot, now) !== "open" || !lot.leaderId || lot.leaderId === userId) {
      return "no-longer-outbid";
    }
    // They saw it live; a later outbid while they are away is a new job.
    if (await presence.watching(userId, lotId)) return "watching";
    const email = await users.emailOf(userId);
    if (!email) return "no-longer-outbid";
    const slot = await notifications.takeOutbidMail(lotId, userId, now, OUTBID_MAIL_QUIET_MS);
    if (!slot.taken) {
      // Coalesced: one more look when the quiet period of the last e-mail ends.
      await scheduleOutbidRecheck(jobs, lotId, userId, slot.lastMailedAt);
      return "mailed-recently";
    }
    // The notice is due: pushed to the member's devices that want it, mailed if they want the e-mail.
    await notices.push(userId, notices.outbidNotice(lot));
    if (!(await notices.wantsEmail(userId, "outbid"))) return "sent";
    try {
      await mail.send(outbidMail(email, lot, publicUrl));
    } catch (error) {
      // The address refuses mail for good: retrying cannot help, and the quiet period stands.
      if (error instanceof MailRecipientRefusedError) {
        log.warn({ lotId, err: error }, "outbid e-mail refused by the mail server");
        return "refused";
      }
      await notifications.releaseOutbidMail(lotId, userId, now);
      throw error;
    }
    log.debug({ lotId }, "outbid e-mail sent");
    return "sent";
  }
}
