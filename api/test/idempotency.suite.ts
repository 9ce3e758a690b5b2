import http from "node:http";
import { IdempotencyMessages } from "@bm/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuction, createLot } from "./fixtures";
import { type RuntimeKind, type SignedInMember, signedIn, startTestApp, type TestApp } from "./helpers";

type Json = Record<string, unknown>;

/**
 * Retries that never bid twice (Stripe's semantics) on the bid routes: the same key and body
 * answers the first answer again and places nothing; another body is refused; two at once place
 * one bid; a connection cut after the bid is taken still lets the retry learn what happened.
 */
export function idempotencySuite(kind: RuntimeKind): void {
  describe(`idempotent bids (${kind})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind);
    });
    afterAll(async () => {
      await t?.close();
    });

    const member = () => signedIn(t, { label: "retry", credits: 50 });
    const bid = (m: SignedInMember, lotId: number, body: Json, key?: string) =>
      m.c.post<Json>(`/api/auction-lots/${lotId}/bid`, body, key === undefined ? {} : { "idempotency-key": key });
    const bidsOn = async (lotId: number) => {
      const rows = await t.runtime.db.dataSource.query(`SELECT id FROM bids WHERE lot_id = $1`, [lotId]);
      return rows.length as number;
    };

    it("answers a retry with the same key and body with the first answer, and places nothing more", async () => {
      const m = await member();
      const lot = await createLot(t.runtime);
      const first = await bid(m, lot.id, { amount: "12", creditsUsed: "2" }, "retry-1");
      expect(first.status).toBe(200);
      expect(first.headers.get("idempotent-replayed")).toBeNull();
      const again = await bid(m, lot.id, { amount: 12, creditsUsed: "2.00" }, "retry-1");
      expect(again.status).toBe(200);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(again.body).toEqual(first.body);
      expect(await bidsOn(lot.id)).toBe(1);
      // A refusal is an answer too: kept and replayed, never decided again.
      const refused = await bid(m, lot.id, { amount: "1" }, "retry-2");
      expect(refused.status).toBe(409);
      expect((await bid(m, lot.id, { amount: "1" }, "retry-2")).body).toEqual(refused.body);
      // Without a key, every request is its own.
      expect((await bid(m, lot.id, { amount: "30" })).body).toMatchObject({ code: "ALREADY_LEADING" });
    });

    it("refuses the same key with another body or on another lot, and a key that is not one", async () => {
      const m = await member();
      const [lot, other] = [await createLot(t.runtime), await createLot(t.runtime)];
      expect((await bid(m, lot.id, { amount: "10" }, "same-key")).status).toBe(200);
      const changed = await bid(m, lot.id, { amount: "11" }, "same-key");
      expect(changed.status).toBe(400);
      expect(changed.body).toEqual({ message: IdempotencyMessages.mismatch, code: "IDEMPOTENCY_MISMATCH" });
      expect((await bid(m, other.id, { amount: "10" }, "same-key")).body).toMatchObject({
        code: "IDEMPOTENCY_MISMATCH",
      });
      expect(await bidsOn(other.id)).toBe(0);
      const bad = await bid(m, other.id, { amount: "10" }, "with space");
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(IdempotencyMessages.invalid);
      // Keys are each member's own: another member's same key is theirs.
      const n = await member();
      expect((await bid(n, other.id, { amount: "10" }, "same-key")).status).toBe(200);
    });

    it("two requests at once with one key place one bid, and both learn it", async () => {
      const m = await member();
      const lot = await createLot(t.runtime);
      const send = async () => {
        for (;;) {
          const answer = await bid(m, lot.id, { amount: "15" }, "twice-at-once");
          if (answer.status !== 409) return answer;
          expect(answer.body.code).toBe("IDEMPOTENCY_IN_PROGRESS");
          expect(answer.headers.get("retry-after")).toBe("1");
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      };
      const [a, b] = await Promise.all([send(), send()]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(a.body).toEqual(b.body);
      expect(await bidsOn(lot.id)).toBe(1);
    });

    it("a connection cut after the bid was taken: the retry answers the original bid, one bid stored", async () => {
      const m = await member();
      const lot = await createLot(t.runtime);
      const body = JSON.stringify({ amount: "17" });
      // Sent whole, then the connection dropped before any answer is read (a phone in a tunnel).
      await new Promise<void>((resolve) => {
        const request = http.request(`${t.baseUrl}/api/auction-lots/${lot.id}/bid`, {
          method: "POST",
          headers: {
            cookie: m.c.cookie,
            "x-forwarded-for": m.c.ip,
            "content-type": "application/json",
            "content-length": String(Buffer.byteLength(body)),
            "idempotency-key": "cut-off",
          },
        });
        request.on("error", () => resolve());
        request.end(body, () => {
          request.destroy();
          resolve();
        });
      });
      let retry = await bid(m, lot.id, { amount: "17" }, "cut-off");
      for (let i = 0; retry.status === 409 && i < 100; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        retry = await bid(m, lot.id, { amount: "17" }, "cut-off");
      }
      expect(retry.status).toBe(200);
      const [stored] = await t.runtime.db.dataSource.query(`SELECT id FROM bids WHERE lot_id = $1`, [lot.id]);
      expect(await bidsOn(lot.id)).toBe(1);
      expect((retry.body.bid as { id: number }).id).toBe(stored.id);
    });

    it("the legacy auctions' bid takes a key too", async () => {
      const m = await member();
      const auctionId = await createAuction(t.runtime);
      const path = `/api/auctions/${auctionId}/bid`;
      const first = await m.c.post<Json>(path, { amount: "16" }, { "idempotency-key": "auction-1" });
      expect(first.status).toBe(200);
      const again = await m.c.post<Json>(path, { amount: "16" }, { "idempotency-key": "auction-1" });
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(again.body).toEqual(first.body);
      const [row] = await t.runtime.db.dataSource.query(
        `SELECT count(*)::int AS n FROM auction_bids WHERE auction_id = $1`,
        [auctionId],
      );
      expect(row.n).toBe(1);
    });
  });
}
