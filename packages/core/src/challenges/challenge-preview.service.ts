import type { ChallengeType } from "@bm/shared";
import type { PreviewAnswer, PreviewOneAnswer } from "@bm/shared/admin";
import type { Clock } from "../ports/clock";
import type { ChallengeViewer } from "./challenge-calendar";
import { ChallengeNotFoundError } from "./challenge-errors";
import { tableOf } from "./challenge-tables";
import type { ChallengesService } from "./challenges.service";

/** A member who has attempted nothing: the preview shows the calendar as any newcomer meets it. */
const NEWCOMER: ChallengeViewer = { id: "00000000-0000-0000-0000-000000000000", seesAnyDay: false, address: null };

/**
 * The calendar at any instant (issue 16 item 2): the members' own calendar service, run on a
 * clock stopped at that instant, for a member who has attempted nothing. So a schedule can be
 * rehearsed before it goes live, with exactly the rules members meet (unlock at 1 PM New York).
 */
export class ChallengePreviewService {
  constructor(private readonly gameAt: (clock: Clock) => ChallengesService) {}

  async calendar(at: Date): Promise<PreviewAnswer> {
    const game = this.gameAt({ now: () => at });
    const [day, puzzles, trials] = await Promise.all([
      game.day(NEWCOMER, undefined),
      game.list(NEWCOMER, "puzzle"),
      game.list(NEWCOMER, "trial"),
    ]);
    return { at: at.toISOString(), day, puzzles, trials };
  }

  async one(type: ChallengeType, slug: string, at: Date): Promise<PreviewOneAnswer> {
    const game = this.gameAt({ now: () => at });
    try {
      const challenge = await game.one(NEWCOMER, tableOf(type), slug);
      return { at: at.toISOString(), visible: true, challenge, message: null };
    } catch (error) {
      if (!(error instanceof ChallengeNotFoundError)) throw error;
      return { at: at.toISOString(), visible: false, challenge: null, message: error.message };
    }
  }
}
