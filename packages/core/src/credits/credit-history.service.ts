import { type CreditsHistoryAnswer, type EarnedCreditsAnswer, fromCents, toCents } from "@bm/shared";
import type { UserRepository } from "../users/user.repository";
import type { LedgerRepository } from "./ledger.repository";

/**
 * The credits pages read the ledger itself, so what they list always sums to the balance the
 * header shows (DESIGN.md section 4).
 */
export class CreditHistoryService {
  constructor(
    private readonly ledger: LedgerRepository,
    private readonly users: UserRepository,
  ) {}

  /** GET /api/user/earned-credits: awards of puzzles and trials, newest first. */
  async earned(userId: string): Promise<EarnedCreditsAnswer> {
    const entries = await this.ledger.entriesOf(userId, ["puzzle", "trial"]);
    const credits = entries.map((e) => ({
      title: e.title,
      completedAt: e.createdAt.toISOString(),
      credits: toCents(e.amount) / 100,
      type: e.kind as "puzzle" | "trial",
    }));
    const totalCents = entries.reduce((sum, e) => sum + toCents(e.amount), 0);
    return { totalEarned: totalCents / 100, credits };
  }

  /** GET /api/user/credits-history: every ledger entry, newest first, and the balance they sum to. */
  async history(userId: string): Promise<CreditsHistoryAnswer> {
    const [entries, balanceCents] = await Promise.all([this.ledger.entriesOf(userId), this.users.balanceCents(userId)]);
    const earnedCents = entries.reduce((sum, e) => sum + Math.max(0, toCents(e.amount)), 0);
    return {
      mpcBalance: fromCents(balanceCents),
      totalCredits: earnedCents / 100,
      credits: entries.map((e) => ({
        id: e.id,
        type: e.kind,
        title: e.title,
        creditsAwarded: toCents(e.amount) / 100,
        completedAt: e.createdAt.toISOString(),
        amount: e.orderAmount,
      })),
    };
  }
}
