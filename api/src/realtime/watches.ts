import type { Runtime } from "@bm/core";
import { Messages, rooms } from "@bm/shared";
import { z } from "zod";
import { passesGate } from "../plugins/access";
import type { GatewaySocket } from "./socket-types";

/* The rooms a page watches (a lot, the hall, an auction, the earn-credits game): the gateway's handlers. */

const lotNumberPayload = z.object({ lotNumber: z.coerce.number().int().positive().max(100_000) });
const lotWatchPayload = lotNumberPayload.extend({
  since: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .optional(),
});
const auctionPayload = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

const LOT_LOST = "This lot has been lost to the darkness";

/**
 * Watching joins a room and answers with a snapshot, so a client that reconnects resyncs
 * without a reload. The hall's rooms need the gate, like its HTTP calls. Handlers validate, then
 * acknowledge; a bad payload is answered, never thrown.
 */
export function registerWatches(socket: GatewaySocket, runtime: Runtime): void {
  const fail = (ack: unknown, message: string) => {
    if (typeof ack === "function") ack({ ok: false, message });
  };
  // The handshake found the gate passed: it stays passed (SocketData.pastGate). Else it is read again
  // (the member may have given the word since).
  const pastGate = async () => {
    if (socket.data.pastGate === true) return true;
    const member = await runtime.auth.currentUser(socket.data.userId);
    return member !== null && passesGate(member);
  };

  // Joined first, answered after: the state is read once the socket is in the room, so a bid in
  // between reaches it as a message; a returning watcher (`since`) is sent the bids it missed.
  socket.on("lot:watch", async (payload, ack) => {
    const parsed = lotWatchPayload.safeParse(payload);
    if (!parsed.success) return fail(ack, "Invalid lot");
    const { lotWatch } = runtime;
    try {
      if (!(await pastGate())) return fail(ack, Messages.gateSealed);
      const lotId = await lotWatch.lotId(parsed.data.lotNumber);
      if (lotId === null) return fail(ack, LOT_LOST);
      await socket.join(rooms.lot(lotId));
      const answer = await lotWatch.answer(lotId, lotWatch.joined(), parsed.data.since);
      if (!answer) {
        await socket.leave(rooms.lot(lotId));
        return fail(ack, LOT_LOST);
      }
      // Presence only spares a watching member an e-mail: its failure must not fail the watch.
      await runtime.presence.watch(socket.id, socket.data.userId, lotId).catch(() => {});
      ack?.({ ok: true, ...answer });
    } catch (error) {
      runtime.log.error({ err: error }, "lot:watch failed");
      fail(ack, "Unavailable");
    }
  });

  socket.on("lot:unwatch", async (payload) => {
    const parsed = lotNumberPayload.safeParse(payload);
    if (!parsed.success) return;
    const snapshot = await runtime.lots.snapshotByNumber(parsed.data.lotNumber).catch(() => null);
    if (!snapshot) return;
    await socket.leave(rooms.lot(snapshot.lotId));
    await runtime.presence.unwatch(socket.id, socket.data.userId, snapshot.lotId).catch(() => {});
  });

  socket.on("lots:watch", async (_payload, ack) => {
    try {
      if (!(await pastGate())) return fail(ack, Messages.gateSealed);
      await socket.join(rooms.lots());
      ack?.({ ok: true, snapshot: await runtime.lotWatch.hallAfter(runtime.lotWatch.joined()) });
    } catch (error) {
      runtime.log.error({ err: error }, "lots:watch failed");
      fail(ack, "Unavailable");
    }
  });

  socket.on("lots:unwatch", async () => {
    await socket.leave(rooms.lots());
  });

  socket.on("auction:watch", async (payload, ack) => {
    const parsed = auctionPayload.safeParse(payload);
    if (!parsed.success) return fail(ack, "Invalid auction");
    try {
      const snapshot = await runtime.auctions.snapshot(parsed.data.id);
      if (!snapshot) return fail(ack, "Auction Not Found");
      await socket.join(rooms.auction(parsed.data.id));
      ack?.({ ok: true, snapshot });
    } catch (error) {
      runtime.log.error({ err: error }, "auction:watch failed");
      fail(ack, "Unavailable");
    }
  });

  socket.on("auction:unwatch", async (payload) => {
    const parsed = auctionPayload.safeParse(payload);
    if (parsed.success) await socket.leave(rooms.auction(parsed.data.id));
  });

  // The earn-credits pages: unlocks and filled winner slots carry no answer and no member, so
  // every signed-in socket may listen; the page refetches the day over HTTP on each event, and
  // what it read before joining only if the room changed since (read after the join: a change
  // marked before it is in the answer, one marked after it reaches the socket as a message).
  socket.on("challenges:watch", async (_payload, ack) => {
    await socket.join(rooms.challenges());
    const changedAt = await runtime.challengesRoom.changedAt();
    ack?.({
      ok: true,
      snapshot: { serverTime: runtime.clock.now().toISOString(), changedAt: changedAt.toISOString() },
    });
  });

  socket.on("challenges:unwatch", async () => {
    await socket.leave(rooms.challenges());
  });
}
