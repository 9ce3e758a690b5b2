import type { AuditService } from "../audit/audit.service";
import type { Config } from "../config";
import type { Database } from "../db/data-source";
import type { Transactor } from "../db/transactor";
import type { Logger } from "../logger";
import type { LotRepository } from "../lots/lots.repository";
import type { Clock } from "../ports/clock";
import type { MailPort } from "../ports/mail";
import type { RealtimePort } from "../ports/realtime";
import type { UserRepository } from "../users/user.repository";
import { DataDeletionService } from "./data-deletion.service";
import { DeletionRequestRepository } from "./deletion-requests.repository";
import { ErasureRepository } from "./erasure.repository";
import { SiteFacts } from "./site-facts";

/** Members' privacy: data deletion requests, the erasure they lead to, and what the public pages state. */
export interface PrivacyServices {
  dataDeletion: DataDeletionService;
  site: SiteFacts;
}

export interface PrivacyDeps {
  config: Config;
  db: Database;
  tx: Transactor;
  users: UserRepository;
  lots: LotRepository;
  audit: AuditService;
  mail: MailPort;
  realtime: RealtimePort;
  clock: Clock;
  log: Logger;
}

export function createPrivacy(deps: PrivacyDeps): PrivacyServices {
  const dataDeletion = new DataDeletionService({
    tx: deps.tx,
    requests: new DeletionRequestRepository(deps.db.dataSource),
    erasure: new ErasureRepository(deps.db.dataSource),
    users: deps.users,
    audit: deps.audit,
    mail: deps.mail,
    realtime: deps.realtime,
    clock: deps.clock,
    log: deps.log,
    publicUrl: deps.config.publicUrl,
    days: deps.config.dataDeletionDays,
  });
  return { dataDeletion, site: new SiteFacts({ config: deps.config, lots: deps.lots }) };
}
