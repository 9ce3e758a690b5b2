import { type HouseholdAnswer, type HouseholdLink, HouseholdMessages } from "@bm/shared";
import type { Transactor } from "../db/transactor";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import type { Clock } from "../ports/clock";
import type { UserRepository } from "../users/user.repository";
import type { HouseholdRepository, LiveHousehold } from "./households.repository";

export interface HouseholdDeps {
  tx: Transactor;
  households: HouseholdRepository;
  users: UserRepository;
  clock: Clock;
}

interface Member {
  id: string;
  email: string;
}

/**
 * Declared households (issue 31 part 2): a member invites an address, the member of that address
 * confirms, either ends it. An invitation names an address, never says whether it belongs to a
 * member (no account oracle), and waits on that member's account page. The fair-play signals read
 * confirmed households; nothing here hides anything from the operator.
 */
export class HouseholdService {
  constructor(private readonly deps: HouseholdDeps) {}

  async of(member: Member): Promise<HouseholdAnswer> {
    const row = await this.deps.households.liveOf(member);
    return { link: row ? linkFor(member, row) : null };
  }

  async invite(member: Member, email: string): Promise<HouseholdAnswer> {
    const { tx, households, users, clock } = this.deps;
    const address = email.trim().toLowerCase();
    if (address === member.email.toLowerCase()) throw new ValidationError(HouseholdMessages.notYourself);
    await tx.run(async (t) => {
      await users.lockBalance(member.id, t);
      await households.lockAddresses([member.email, address], t);
      if (await households.liveOf(member, t)) throw new ConflictError(HouseholdMessages.alreadyLinked);
      if (await households.addressLinked(address, t)) throw new ConflictError(HouseholdMessages.otherLinked);
      await households.invite(member.id, address, clock.now(), t);
    });
    return this.of(member);
  }

  async confirm(member: Member, id: number): Promise<HouseholdAnswer> {
    const { tx, households, users, clock } = this.deps;
    await tx.run(async (t) => {
      await users.lockBalance(member.id, t);
      await households.lockAddresses([member.email], t);
      const row = await households.liveOf(member, t);
      if (!row || row.id !== id) throw new NotFoundError(HouseholdMessages.notFound);
      if (row.confirmedAt) throw new ConflictError(HouseholdMessages.alreadyConfirmed);
      if (row.inviteeEmail !== member.email.toLowerCase()) throw new ConflictError(HouseholdMessages.notYours);
      await households.confirm(id, member.id, clock.now(), t);
    });
    return this.of(member);
  }

  /** Either side ends it (or withdraws or declines an invitation). */
  async end(member: Member, id: number): Promise<HouseholdAnswer> {
    const { tx, households, clock } = this.deps;
    await tx.run(async (t) => {
      await households.lockAddresses([member.email], t);
      const row = await households.liveOf(member, t);
      if (!row || row.id !== id) throw new NotFoundError(HouseholdMessages.notFound);
      await households.end(id, member.id, clock.now(), t);
    });
    return this.of(member);
  }
}

function linkFor(member: Member, row: LiveHousehold): HouseholdLink {
  const inviting = row.inviterId === member.id;
  return {
    id: row.id,
    partnerEmail: inviting ? row.inviteeEmail : row.inviterEmail,
    state: row.confirmedAt ? "active" : inviting ? "outgoing" : "incoming",
    since: (row.confirmedAt ?? row.createdAt).toISOString(),
  };
}
