import type { ProcessCodesAnswer } from "@bm/shared";
import type { Actor } from "../audit/actor";
import type { AuditService } from "../audit/audit.service";
import type { Transactor } from "../db/transactor";
import type { SocialRiteService } from "./social-rite.service";

/**
 * The Social Rite tab: the batch is processed code by code (each award its own exactly-once
 * transaction, so one bad code never undoes the others), then audited with its summary and codes.
 * The members' addresses in the answer are not copied into the trail.
 */
export class SocialRiteAdminService {
  constructor(private readonly deps: { tx: Transactor; socialRite: SocialRiteService; audit: AuditService }) {}

  async process(actor: Actor, codes: string[]): Promise<ProcessCodesAnswer> {
    const answer = await this.deps.socialRite.process(codes);
    await this.deps.tx.run((t) =>
      this.deps.audit.record(t, actor, {
        action: "social_codes.processed",
        targetKind: "social_codes",
        targetId: null,
        after: {
          summary: answer.summary,
          codes: answer.details.map((d) => ({ code: d.code, status: d.status, credits: d.credits })),
        },
      }),
    );
    return answer;
  }
}
