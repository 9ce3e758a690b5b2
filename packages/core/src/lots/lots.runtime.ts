import type { Config } from "../config";
import type { CreditsService } from "../credits/credits.service";
import type { Transactor } from "../db/transactor";
import type { Logger } from "../logger";
import type { NoticesService } from "../notices/notices.service";
import type { Clock } from "../ports/clock";
import type { JobsPort } from "../ports/jobs";
import type { LockPort } from "../ports/lock";
import type { MailPort } from "../ports/mail";
import type { PresencePort } from "../ports/presence";
import type { RealtimePort } from "../ports/realtime";
import type { TelemetryPort } from "../ports/telemetry";
import type { Repositories } from "../repositories";
import { CloseWatchService } from "./close-watch.service";
import { LotBiddingService } from "./lot-bidding.service";
import { LotClosingService } from "./lot-closing.service";
import { OutbidMailService } from "./outbid-mail.service";

/** The Bidding Hall's live services: bids, closes and the watch that makes them at the deadline, the outbid mails. */
export interface HallServices {
  bidding: LotBiddingService;
  /** The close transaction and its announcement. */
  closing: LotClosingService;
  /** The close timer of a process that runs jobs. */
  closeWatch: CloseWatchService;
  outbidMails: OutbidMailService;
}

export function createHall(
  config: Config,
  d: {
    tx: Transactor;
    repos: Repositories;
    clock: Clock;
    lock: LockPort;
    jobs: JobsPort;
    realtime: RealtimePort;
    presence: PresencePort;
    mail: MailPort;
    notices: NoticesService;
    credits: CreditsService;
    telemetry: TelemetryPort;
    log: Logger;
  },
): HallServices {
  const { tx, repos, clock, lock, jobs, realtime, presence, mail, notices, credits, telemetry, log } = d;
  const closing = new LotClosingService({
    tx,
    lots: repos.lots,
    bids: repos.lotBids,
    notifications: repos.notifications,
    clock,
    lock,
    jobs,
    realtime,
    credits,
    log,
    claimWindowHours: config.claimWindowHours,
  });
  const closeWatch = new CloseWatchService({ lots: repos.lots, closing, clock, log });
  return {
    bidding: new LotBiddingService({
      lots: repos.lots,
      clock,
      jobs,
      realtime,
      credits,
      telemetry,
      log,
      softCloseSeconds: config.softCloseSeconds,
    }),
    closing,
    closeWatch,
    outbidMails: new OutbidMailService({
      lots: repos.lots,
      notifications: repos.notifications,
      users: repos.users,
      presence,
      jobs,
      mail,
      notices,
      clock,
      log,
      publicUrl: config.publicUrl,
    }),
  };
}
