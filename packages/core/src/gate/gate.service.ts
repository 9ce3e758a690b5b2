import { timingSafeEqual } from "node:crypto";
import { Messages } from "@bm/shared";
import { ForbiddenError } from "../errors";
import type { Clock } from "../ports/clock";
import type { UserRepository } from "../users/user.repository";
import type { PublicUser } from "../users/viewer";

/**
 * The Bidding Hall's gate: the word is checked here, case-insensitively, and never reaches the
 * browser. Once given, the gate stays open for the member on every device; staff never need it.
 */
export class GateService {
  constructor(
    private readonly users: UserRepository,
    private readonly clock: Clock,
    private readonly word: string | undefined,
  ) {}

  async open(member: PublicUser, given: string): Promise<void> {
    if (member.isStaff || member.isAdmin) return;
    if (!this.matches(given)) throw new ForbiddenError(Messages.gateRefused);
    await this.users.markGatePassed(member.id, this.clock.now());
  }

  private matches(given: string): boolean {
    if (!this.word) return false;
    const a = Buffer.from(given.trim().toLowerCase());
    const b = Buffer.from(this.word.trim().toLowerCase());
    return a.length === b.length && timingSafeEqual(a, b);
  }
}
