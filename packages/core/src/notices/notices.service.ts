import {
  CLOSING_NOTICE_MINUTES,
  formatMoney,
  type NoticeChoices,
  type NoticeKind,
  type NotificationSettingsAnswer,
  type PushNotice,
} from "@bm/shared";
import { NotFoundError } from "../errors";
import type { Logger } from "../logger";
import type { Clock } from "../ports/clock";
import type { MailPort } from "../ports/mail";
import type { PushPort, PushTarget } from "../ports/push";
import { closingMail } from "./notice.mails";
import type { NoticeRepository } from "./notices.repository";

export interface NoticesDeps {
  notices: NoticeRepository;
  push: PushPort;
  mail: MailPort;
  clock: Clock;
  log: Logger;
  publicUrl: string;
}

/** How many "closing" notices one sweep sends at most (the next sweep takes the rest). */
const CLOSING_BATCH = 500;

/**
 * The notices that reach a member away from the page (issue 29): their watchlist, kept with the
 * account; their e-mail notices kind by kind; the devices they allowed Web Push on, each with its
 * kinds; and the sends themselves. A device the push service says is gone (404/410) is dropped.
 * Outbid and won notices are sent where those e-mails are decided (OutbidMailService,
 * ClaimsService); the "closing in 15 minutes" notices by the sweep.
 */
export class NoticesService {
  constructor(private readonly d: NoticesDeps) {}

  watchlist(userId: string): Promise<number[]> {
    return this.d.notices.watchlist(userId);
  }

  async watch(userId: string, lotId: number): Promise<number[]> {
    const watched = await this.d.notices.watchlist(userId);
    if (!watched.includes(lotId) && (await this.d.notices.watch(userId, [lotId])) === 0) {
      throw new NotFoundError("This lot has been lost to the darkness");
    }
    return this.d.notices.watchlist(userId);
  }

  async unwatch(userId: string, lotId: number): Promise<number[]> {
    await this.d.notices.unwatch(userId, lotId);
    return this.d.notices.watchlist(userId);
  }

  /** A browser's own list merged in (lots that no longer exist are left out). */
  async merge(userId: string, lotIds: number[]): Promise<number[]> {
    await this.d.notices.watch(userId, [...new Set(lotIds)]);
    return this.d.notices.watchlist(userId);
  }

  async settings(userId: string): Promise<NotificationSettingsAnswer> {
    const [email, devices] = await Promise.all([this.d.notices.emailChoices(userId), this.d.notices.devices(userId)]);
    return {
      // The winner's e-mail carries the claim: always sent.
      email: { ...email, won: true },
      devices: devices.map((d) => ({ ...d, createdAt: d.createdAt.toISOString() })),
      pushPublicKey: this.d.push.publicKey,
    };
  }

  async setEmail(userId: string, choices: NoticeChoices): Promise<NotificationSettingsAnswer> {
    await this.d.notices.setEmailChoices(userId, { outbid: choices.outbid, closing: choices.closing });
    return this.settings(userId);
  }

  async subscribe(
    userId: string,
    target: PushTarget,
    kinds: NoticeChoices,
    device: string | undefined,
  ): Promise<NotificationSettingsAnswer> {
    await this.d.notices.subscribe(userId, target, kinds, device?.trim() || null);
    return this.settings(userId);
  }

  async setDeviceKinds(userId: string, endpoint: string, kinds: NoticeChoices): Promise<NotificationSettingsAnswer> {
    if (!(await this.d.notices.setDeviceKinds(userId, endpoint, kinds))) throw new NotFoundError("No such device");
    return this.settings(userId);
  }

  async unsubscribe(userId: string, endpoint: string): Promise<NotificationSettingsAnswer> {
    if (!(await this.d.notices.unsubscribe(userId, endpoint))) throw new NotFoundError("No such device");
    return this.settings(userId);
  }

  /** Whether the member wants this kind by e-mail (the winner's e-mail is always sent). */
  async wantsEmail(userId: string, kind: NoticeKind): Promise<boolean> {
    if (kind === "won") return true;
    return (await this.d.notices.emailChoices(userId))[kind];
  }

  /**
   * The notice pushed to each of the member's devices that wants its kind, at once; best effort
   * (a failure is logged and counted on the device, never thrown). Answers how many took it.
   */
  async push(userId: string, notice: PushNotice): Promise<number> {
    const { notices, push, clock, log } = this.d;
    if (push.publicKey === null) return 0;
    try {
      const targets = await notices.targets(userId, notice.kind);
      const payload = JSON.stringify(notice);
      const outcomes = await Promise.all(
        targets.map(async (target) => {
          const outcome = await push.send(target, payload, { topic: topicOf(notice.tag) });
          await notices.afterSend(target.id, outcome, clock.now());
          return outcome;
        }),
      );
      return outcomes.filter((o) => o === "sent").length;
    } catch (error) {
      log.warn({ err: error, kind: notice.kind }, "push: a notice could not be sent");
      return 0;
    }
  }

  /** The outbid notice, as pushed. */
  outbidNotice(lot: { lotNumber: number; title: string; currentBid: string }): PushNotice {
    return {
      kind: "outbid",
      title: `Outbid on Lot ${lot.lotNumber}`,
      body: `${lot.title}: the bid to beat is now $${formatMoney(lot.currentBid)}.`,
      url: `/lot/${lot.lotNumber}`,
      tag: `outbid-${lot.lotNumber}`,
    };
  }

  /** The won notice, as pushed. */
  wonNotice(lot: { lotNumber: number; title: string; currentBid: string }): PushNotice {
    return {
      kind: "won",
      title: `You won Lot ${lot.lotNumber}`,
      body: `${lot.title}, at $${formatMoney(lot.currentBid)}. Claim it before its window closes.`,
      url: `/lot/${lot.lotNumber}`,
      tag: `won-${lot.lotNumber}`,
    };
  }

  /**
   * The sweep's part: every "closing in 15 minutes" notice due, once per lot and member who watch
   * it or bid on it, by e-mail (if they asked for it) and to their devices that want it. Answers how many.
   */
  async sendClosingNotices(): Promise<number> {
    const { notices, mail, clock, log, publicUrl } = this.d;
    const now = clock.now();
    const due = await notices.takeClosingDue(
      now,
      new Date(now.getTime() + CLOSING_NOTICE_MINUTES * 60_000),
      CLOSING_BATCH,
    );
    for (const one of due) {
      const lot = { lotNumber: one.lotNumber, title: one.title, closesAt: one.closesAt };
      try {
        if (await this.wantsEmail(one.userId, "closing")) await mail.send(closingMail(one.email, lot, publicUrl));
      } catch (error) {
        // Taken once, sent at most once: a lost e-mail is logged, the push still goes.
        log.warn({ err: error, lotId: one.lotId }, "closing notice: e-mail failed");
      }
      await this.push(one.userId, {
        kind: "closing",
        title: `Lot ${one.lotNumber} closes soon`,
        body: `${one.title} closes within ${CLOSING_NOTICE_MINUTES} minutes.`,
        url: `/lot/${one.lotNumber}`,
        tag: `closing-${one.lotNumber}`,
      });
    }
    return due.length;
  }
}

/** A push Topic (RFC 8030: at most 32 URL-safe characters) from a notice's tag, so a newer one replaces it. */
function topicOf(tag: string): string {
  return tag.replace(/[^A-Za-z0-9_-]/g, "-").slice(0, 32);
}
