import type { Tx } from "../db/transactor";
import type { FairPlayRepository } from "../fairplay/fair-play.repository";
import type { HouseholdRepository } from "../fairplay/households.repository";
import type { LotRepository } from "../lots/lots.repository";
import type { ReferralRepository } from "../referrals/referrals.repository";
import type { UserRepository } from "../users/user.repository";

export interface DemoFairPlayDeps {
  lots: LotRepository;
  users: UserRepository;
  referrals: ReferralRepository;
  households: HouseholdRepository;
  fairPlay: FairPlayRepository;
}

const MINUTE = 60_000;
/** Documentation ranges (RFC 5737): no real network is named. */
export const DEMO_RING_ADDRESS = "203.0.113.66";
export const DEMO_HOUSEHOLD_ADDRESS = "198.51.100.23";
/** The ring: three accounts behind one address (two from one browser) pushing raven's lots. */
export const DEMO_RING = ["hex@demo.blackmarket.local", "coven@demo.blackmarket.local", "sigil@demo.blackmarket.local"];
/** The referral loop: each referred the next, the last the first. */
export const DEMO_LOOP = [
  "ember@demo.blackmarket.local",
  "ash@demo.blackmarket.local",
  "cinder@demo.blackmarket.local",
];
/** The lots the ring pushes: two of today's, open now (lots no other demo bid or journey uses). */
export const DEMO_RING_LOTS = [15, 16] as const;
const RING_DEVICE = "demo-device-ring-0000000000000000000000000000";

/**
 * The fair-play scenario of the demo (issue 31 part 2): a ring of three accounts behind one
 * address pushing two lots up to just under raven's maximum, bid after bid answered by the House
 * at one step; a referral loop; moth and wraith, who bid on one lot from one home, declared as a
 * household. The flags are computed at the end, so the operator's queue shows them at once.
 */
export async function placeFairPlayScenario(
  d: DemoFairPlayDeps,
  em: Tx,
  raven: string,
  household: [string, string],
  lots: Map<number, { id: number; opensAt: Date }>,
  now: Date,
): Promise<void> {
  const ring: string[] = [];
  for (const [i, email] of DEMO_RING.entries()) {
    const id = await d.users.upsertByEmail(email, email.split("@")[0] ?? email, em);
    ring.push(id);
    const device = i < 2 ? RING_DEVICE : null;
    await d.users.recordSignIn(
      id,
      new Date(now.getTime() - (90 - i) * MINUTE),
      { address: DEMO_RING_ADDRESS, device },
      em,
    );
  }
  for (const [i, lotNumber] of DEMO_RING_LOTS.entries()) {
    const lot = lots.get(lotNumber);
    if (!lot) continue;
    // Today's lot opened at least an hour ago: the ring's twelve bids end before now.
    let at = new Date(lot.opensAt.getTime() + 5 * MINUTE);
    const bid = async (userId: string, amount: number, byHouse = false) => {
      await d.lots.insertSeededBid({ lotId: lot.id, userId, amount, credits: 0, at, byHouse }, em);
      at = new Date(at.getTime() + (byHouse ? 3 * MINUTE : 2_000));
    };
    const ceiling = 150 + 50 * i;
    await d.lots.insertSeededMaximum({ lotId: lot.id, userId: raven, amount: ceiling, at }, em);
    await bid(raven, 40, true);
    // Each ring member probes in turn; the House answers at once for raven's maximum, one step up.
    for (const [k, amount] of [60, 85, 110, 130, ceiling - 10, ceiling - 2].entries()) {
      const member = ring[k % ring.length] as string;
      await bid(member, amount);
      await bid(raven, amount + 1, true);
    }
  }
  for (const id of household) {
    await d.users.recordSignIn(
      id,
      new Date(now.getTime() - 120 * MINUTE),
      { address: DEMO_HOUSEHOLD_ADDRESS, device: null },
      em,
    );
  }
  await d.households.declare(household[0], household[1], await emailOf(d, household[1], em), now, em);

  const loop: { id: string; email: string }[] = [];
  for (const email of DEMO_LOOP)
    loop.push({ id: await d.users.upsertByEmail(email, email.split("@")[0] ?? email, em), email });
  for (const [i, referee] of loop.entries()) {
    const referrer = loop[(i + loop.length - 1) % loop.length];
    if (!referrer || !(await d.referrals.recordJoined(referrer.id, referee, em))) continue;
    const pending = await d.referrals.lockPendingOf(referee.id, em);
    if (pending) await d.referrals.complete(pending.id, false, new Date(now.getTime() - (50 - i) * MINUTE), em);
  }
  await d.fairPlay.recompute(now, em);
}

async function emailOf(d: DemoFairPlayDeps, id: string, em: Tx): Promise<string> {
  return (await d.users.findById(id, em))?.email ?? "";
}
