import { formatDateTime } from "@bm/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLot } from "./fixtures";
import { type Client, signedIn, startTestApp, type TestApp } from "./helpers";

type Json = Record<string, unknown>;

interface Member {
  c: Client;
  id: string;
  email: string;
}

/**
 * A won lot's claim through the shop's checkout, with the jobs and sweeper running as deployed:
 * the lot closes on its own, the claim is prepared, the winner is mailed the checkout.
 */
describe("claiming a won lot at the shop's checkout", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp("distributed", { SOFT_CLOSE_SECONDS: "0", CLAIM_WINDOW_HOURS: "48" }, { jobs: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  const member = (credits = 0): Promise<Member> => signedIn(t, { label: "claim", credits });

  /** A lot `winner` wins at $30 with `credits`; answers it once the winner's e-mail went, with its checkout. */
  async function won(winner: Member, credits: number) {
    const rival = await member();
    const lot = await createLot(t.runtime, { closesAt: new Date(t.clock.now().getTime() + 60_000) });
    expect((await rival.c.post(`/api/auction-lots/${lot.id}/bid`, { amount: 20 })).status).toBe(200);
    const placed = await winner.c.post(`/api/auction-lots/${lot.id}/bid`, { amount: 30, creditsUsed: credits });
    expect(placed.status).toBe(200);
    t.clock.advance(61_000);
    // The sweeper closes it, the claim job makes the checkout, then the winner is mailed.
    const mail = await t.waitForMail(winner.email);
    expect(mail.subject).toBe(`You won Lot ${lot.lotNumber}: Test lot ${lot.lotNumber}`);
    const seen = (await winner.c.get<Json>(`/api/auction-lots/${lot.lotNumber}`)).body;
    const checkoutUrl = String(seen.shopifyCartUrl);
    expect(checkoutUrl).toMatch(/\/dev-shop\/checkout\/[0-9a-f-]{36}$/);
    return { lot, mail, seen, checkoutUrl, checkoutId: checkoutUrl.split("/").at(-1)! };
  }

  const claimOf = async (who: Member, lotNumber: number) =>
    (await who.c.get<Json>(`/api/auction-lots/${lotNumber}`)).body.claimStatus;

  it("claims a lot won without credits as soon as its checkout is paid: no discount, no code", async () => {
    const winner = await member();
    const { lot, seen, checkoutId } = await won(winner, 0);
    expect(seen).toMatchObject({ claimStatus: "pending", winnerCreditsUsed: "0.00", shopifyDiscountCode: null });
    const paid = await winner.c.post<Json>(`/api/dev-shop/checkouts/${checkoutId}/pay`, {});
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: "paid", total: "30.00", discount: "0.00", discountCode: null });
    expect(await claimOf(winner, lot.lotNumber)).toBe("claimed");
  });

  it("claims a lot won with credits when paid, deducting the credits once", async () => {
    const winner = await member(10);
    const { lot, seen, checkoutId } = await won(winner, 8);
    expect(String(seen.shopifyDiscountCode)).toMatch(new RegExp(`^LOT${lot.lotNumber}-`));
    const paid = await winner.c.post<Json>(`/api/dev-shop/checkouts/${checkoutId}/pay`, {});
    expect(paid.body).toMatchObject({ status: "paid", total: "22.00", discount: "8.00" });
    expect(await claimOf(winner, lot.lotNumber)).toBe("claimed");
    expect((await winner.c.get<Json>("/api/user/mpc")).body.mpcBalance).toBe("2.00");
    expect((await winner.c.get<Json>("/api/user/committed-credits")).body.committedCredits).toBe(0);
  });

  it("records the claim when a purchase sync finds the checkout's order paid", async () => {
    const winner = await member();
    const { lot, checkoutId } = await won(winner, 0);
    // Paid at the shop without the page telling the product (as with Shopify before its webhook).
    await t.runtime.devShop!.pay(checkoutId, winner.email);
    expect(await claimOf(winner, lot.lotNumber)).toBe("pending");
    expect((await winner.c.post("/api/shopify/sync", { year: 2024 })).status).toBe(200);
    expect(await claimOf(winner, lot.lotNumber)).toBe("claimed");
  });

  it("mails the winner the checkout link itself, as well as the lot's page and the deadline in New York, named", async () => {
    const winner = await member(5);
    const { lot, mail, checkoutUrl, seen } = await won(winner, 5);
    expect(mail.text).toContain(checkoutUrl);
    expect(mail.text).toContain(`/lot/${lot.lotNumber}`);
    expect(mail.text).toContain(`Claim it before ${formatDateTime(String(seen.claimDeadline))}.`);
    expect(mail.text).toMatch(/Claim it before [A-Z][a-z]{2} \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M E[SD]T\./);
  });
});
