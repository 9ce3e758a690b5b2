import type { AuctionList, Runtime } from "@bm/core";
import { NotFoundError } from "@bm/core";
import { auctionBidBody } from "@bm/shared";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { requireUser } from "../plugins/session";

const idParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

/** The legacy auction hub: lists, one auction, its bids, bidding in credits, the winner's purchase link. */
export async function auctionsRoutes(app: FastifyInstance, { runtime }: { runtime: Runtime }): Promise<void> {
  const lists: [string, AuctionList][] = [
    ["/api/auctions", "published"],
    ["/api/auctions/active", "active"],
    ["/api/auctions/completed", "completed"],
    ["/api/auctions/all", "all"],
    ["/api/auctions/won", "won"],
  ];
  for (const [path, kind] of lists) {
    app.get(path, async (request) => {
      const user = await requireUser(runtime, request);
      return runtime.auctions.list(kind, user);
    });
  }

  const auctionId = (params: unknown) => {
    const parsed = idParams.safeParse(params);
    if (!parsed.success) throw new NotFoundError("Auction Not Found");
    return parsed.data.id;
  };

  app.get("/api/auctions/:id", async (request) => {
    const user = await requireUser(runtime, request);
    return runtime.auctions.get(auctionId(request.params), user);
  });

  app.get("/api/auctions/:id/bids", async (request) => {
    const user = await requireUser(runtime, request);
    return runtime.auctions.bids(auctionId(request.params), user.id);
  });

  app.post("/api/auctions/:id/bid", async (request) => {
    const user = await requireUser(runtime, request);
    const id = auctionId(request.params);
    const { amount } = auctionBidBody.parse(request.body);
    return runtime.auctions.placeBid(user.id, id, amount);
  });

  app.post("/api/auctions/:id/purchase-link", async (request) => {
    const user = await requireUser(runtime, request);
    return runtime.auctions.purchaseLink(user.id, auctionId(request.params));
  });

  app.get("/api/bids/recent", async (request) => {
    await requireUser(runtime, request);
    return runtime.auctions.recentBids();
  });
}
