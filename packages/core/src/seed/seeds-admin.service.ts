import { AdminMessages, type SeedTarget } from "@bm/shared/admin";
import type { Actor } from "../audit/actor";
import type { AuditService } from "../audit/audit.service";
import type { CatalogueRepository } from "../catalogue/catalogue.repository";
import { CATALOGUE_SEED } from "../catalogue/catalogue-seed";
import type { ChallengeContentRepository } from "../challenges/challenge-content.repository";
import type { Transactor, Tx } from "../db/transactor";
import { ConflictError } from "../errors";
import type { LotRepository } from "../lots/lots.repository";
import type { SeedService } from "./seed.service";

export interface SeedsAdminDeps {
  tx: Transactor;
  seeds: SeedService;
  lots: LotRepository;
  content: ChallengeContentRepository;
  catalogue: CatalogueRepository;
  audit: AuditService;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The Database tab's four seeds (issue 16 item 4). Each replaces its content in one transaction
 * with the audit row. Over what members have made (bids, won lots, completions, purchases) it is
 * refused with 409 naming what would go, unless forced; even forced, no balance, ledger row or
 * credits history changes (the ledger keeps its own titles), so `mpcBalance = sum(ledger)` holds.
 */
export class SeedsAdminService {
  constructor(private readonly deps: SeedsAdminDeps) {}

  async run(actor: Actor, target: SeedTarget, force: boolean): Promise<number> {
    return this.deps.tx.run(async (t) => {
      const destroys = await this.membersData(target, t);
      if (destroys && !force) throw new ConflictError(AdminMessages.seedRefused(destroys));
      const count = await this.replace(target, t);
      await this.deps.audit.record(t, actor, {
        action: "seed.run",
        targetKind: "seed",
        targetId: target,
        after: { target, count, forced: force, destroyed: destroys ?? "nothing members made" },
      });
      return count;
    });
  }

  /** What of members' making the seed would destroy, in words; null when nothing. */
  private async membersData(target: SeedTarget, t: Tx): Promise<string | null> {
    const parts: string[] = [];
    if (target === "lots") {
      const { bids, won } = await this.deps.lots.play(t);
      if (bids) parts.push(plural(bids, "bid"));
      if (won) parts.push(plural(won, "won lot"));
    } else if (target === "puzzles" || target === "trials") {
      const play = await this.deps.content.playOf(target === "puzzles" ? "puzzle" : "trial", t);
      if (play.completions) parts.push(plural(play.completions, "completion"));
      if (play.failures) parts.push(plural(play.failures, "failed attempt"));
      if (play.uploads) parts.push(plural(play.uploads, "confession or upload", "confessions and uploads"));
    } else {
      const purchases = await this.deps.catalogue.purchaseCount(t);
      if (purchases) parts.push(plural(purchases, "credit purchase"));
    }
    return parts.length ? parts.join(", ") : null;
  }

  private async replace(target: SeedTarget, t: Tx): Promise<number> {
    if (target === "lots") return this.deps.seeds.seedLotsIn(t);
    if (target === "puzzles") return this.deps.seeds.seedTableIn("puzzle", t);
    if (target === "trials") return this.deps.seeds.seedTableIn("trial", t);
    await this.deps.catalogue.clearProducts(t);
    for (const row of CATALOGUE_SEED) await this.deps.catalogue.insertProduct(row, t);
    return CATALOGUE_SEED.length;
  }
}
