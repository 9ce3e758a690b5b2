import { type SpecialTrialAnswer, type SubscriptionAnswer, subscriberMessages } from "@bm/shared";
import { ValidationError } from "../errors";
import type { Clock } from "../ports/clock";
import type { ShopPort } from "../ports/shop";
import type { ChallengeViewer } from "./challenge-calendar";
import type { ChallengeSubmissionService } from "./challenge-submission.service";
import type { ChallengeRepository } from "./challenges.repository";
import type { ChallengesService } from "./challenges.service";

export interface SubscriberDeps {
  game: ChallengesService;
  submissions: ChallengeSubmissionService;
  challenges: ChallengeRepository;
  shop: ShopPort;
  clock: Clock;
}

/** A signed-in member as the favour needs them: who, and the address they sign in with. */
export interface Subscriber extends ChallengeViewer {
  email: string;
}

/**
 * The Subscriber's Favour (spec 001 sections 2, 4, 7): the shop's newsletter list says who is in
 * the House ledger. A member already on it claims the favour; anyone else enlists, which puts
 * their address on the list and completes the trial. Either way the trial's one attempt, its
 * credits and the ledger are the submission service's, through the kind's own call.
 */
export class SubscriberService {
  constructor(private readonly deps: SubscriberDeps) {}

  /** GET /api/trials/{trialKey}/check-subscription */
  async check(member: Subscriber, trialKey: string): Promise<SubscriptionAnswer> {
    const entry = await this.favour(member, trialKey);
    const [isSubscribed, attempt] = await Promise.all([
      this.deps.shop.isSubscribed(member.email),
      this.deps.challenges.attemptOf("trial", entry.row.id, member.id),
    ]);
    return { isSubscribed, hasAttempted: attempt !== "none" };
  }

  /** POST /api/trials/{trialKey}/claim-credits: a member already on the list, once. */
  async claim(member: Subscriber, trialKey: string): Promise<SpecialTrialAnswer> {
    await this.favour(member, trialKey);
    if (!(await this.deps.shop.isSubscribed(member.email))) throw new ValidationError(subscriberMessages.notSubscribed);
    const answer = await this.deps.submissions.submit(member, "trial", trialKey, {}, "subscriber");
    return { success: answer.correct, credits: answer.credits, message: subscriberMessages.claimed(answer.credits) };
  }

  /**
   * POST /api/trials/{trialKey}/enlist: the member's own address joins the newsletter (never
   * someone else's: consent is the owner's to give), then the trial completes. The address is
   * enlisted even when the attempt is spent; that is what the member asked for.
   */
  async enlist(member: Subscriber, trialKey: string, email: string): Promise<SpecialTrialAnswer> {
    await this.favour(member, trialKey);
    if (email.toLowerCase() !== member.email.toLowerCase()) throw new ValidationError(subscriberMessages.notOwnAddress);
    await this.deps.shop.subscribe(member.email);
    const answer = await this.deps.submissions.submit(member, "trial", trialKey, {}, "subscriber");
    return { success: answer.correct, credits: answer.credits, message: subscriberMessages.enlisted(answer.credits) };
  }

  /** The favour's calendar entry, as the member may see it ('Trial Not Found' otherwise). */
  private async favour(member: Subscriber, trialKey: string) {
    const entry = await this.deps.game.visible(member, "trial", trialKey, this.deps.clock.now());
    if (entry.kind !== "subscriber") throw new ValidationError(subscriberMessages.notThisTrial);
    return entry;
  }
}
