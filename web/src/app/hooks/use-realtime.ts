import type { ServerToClientEvents, UserOutbidEvent, UserWonEvent } from "@bm/shared";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router-dom";
import { applyChallengeUnlocked, applyChallengeWon } from "../../api/challenge-cache";
import { toast } from "../../components/ui/toast";
import { paths } from "../../config/paths";
import { applyAuctionBid, applyAuctionUpdate, markAuctionOutbid } from "../../features/auctions";
import { refreshUser, useUser } from "../../features/auth";
import { applyUserCredits, markAccountStale, refreshCredits } from "../../features/credits";
import {
  applyHallBanner,
  applyLotBid,
  applyLotClosed,
  applyLotResync,
  applyLotUpdate,
  applyLotVoid,
  applyUserLead,
  markOutbid,
  refreshWonLot,
  updateOfBid,
  versionGapBefore,
} from "../../features/lots";
import { usd } from "../../lib/format";
import { connectSocket, disconnectSocket, getSocket, pauseLive, resumeLive } from "../../lib/socket-connection";

function outbidToast(event: UserOutbidEvent) {
  const what =
    event.kind === "lot" && event.lotNumber !== null ? `Lot ${event.lotNumber} · ${event.title}` : event.title;
  const price = event.kind === "lot" ? usd(event.amount) : `${event.amount} credits`;
  return { title: "Outbid!", description: `Someone outbid you on ${what}. The bid is now ${price}.` };
}

function wonToast(event: UserWonEvent) {
  return {
    title: "Victory!",
    description: `You won Lot ${event.lotNumber} · ${event.title} for ${usd(event.finalBid)}. Claim your prize before the window closes.`,
  };
}

type Handlers = { [K in keyof ServerToClientEvents]: ServerToClientEvents[K] };

/** Asks the lot's room for what happened since `since` and applies the answer. */
function resyncLot(client: QueryClient, lotNumber: number, since: number): void {
  getSocket().emit("lot:watch", { lotNumber, since }, (answer) => {
    if (answer.ok) applyLotResync(client, answer.snapshot, answer.missed);
  });
}

/** Socket messages into the stores, and the member's own alerts as toasts, wherever they are. */
export function realtimeHandlers(client: QueryClient, navigate: (to: string) => void): Handlers {
  // A node that could not hear the other processes for a while tells its winners again: a win
  // this page has already shown is not shown twice.
  const wins = new Set<string>();
  return {
    "lot:update": (event) => void applyLotUpdate(client, event),
    // A bid carries the lot's state after it: the price, the count and the close move with it.
    "lot:bid": (event) => {
      // A version skipped is a bid (or void) this page never heard of: the room is asked for what
      // it missed since the version held, as after a reconnect (the answer carries it).
      const gapFrom = versionGapBefore(client, event);
      applyLotUpdate(client, updateOfBid(event));
      applyLotBid(client, event);
      if (gapFrom !== null) resyncLot(client, event.lotNumber, gapFrom);
    },
    "lot:closed": (event) => void applyLotClosed(client, event),
    "auction:update": (event) => void applyAuctionUpdate(client, event),
    "auction:bid": (event) => void applyAuctionBid(client, event),
    "auction:closed": (event) => void applyAuctionUpdate(client, event),
    "lot:void": (event) => applyLotVoid(client, event),
    "user:lead": (event) => applyUserLead(client, event),
    "hall:banner": (event) => applyHallBanner(event),
    "user:credits": (event) => applyUserCredits(client, event),
    "user:outbid": (event) => {
      if (event.kind === "lot" && event.lotId !== null) markOutbid(client, event.lotId);
      if (event.kind === "auction" && event.auctionId !== null) markAuctionOutbid(client, event.auctionId);
      const target =
        event.kind === "lot" && event.lotNumber !== null
          ? paths.lot.href(event.lotNumber)
          : event.auctionId !== null
            ? paths.auction.href(event.auctionId)
            : null;
      toast({
        ...outbidToast(event),
        variant: "destructive",
        action: target ? { label: "Bid again", onClick: () => navigate(target) } : undefined,
      });
    },
    "user:won": (event) => {
      const win = `${event.lotId}:${event.claimDeadline}`;
      if (wins.has(win)) return;
      wins.add(win);
      refreshWonLot(client, event.lotNumber);
      refreshCredits(client);
      toast({
        ...wonToast(event),
        action: { label: "Claim Prize", onClick: () => navigate(paths.lot.href(event.lotNumber)) },
      });
    },
    // The earn-credits pages join the room; the messages go into their cached days and lists.
    "challenge:unlocked": (event) => applyChallengeUnlocked(client, event),
    "challenge:won": (event) => applyChallengeWon(client, event),
    // Admins' console room only (the server checks): the snapshot replaces the console's cached one.
    "console:update": (event) => client.setQueryData(["admin", "console"], event),
    // The node lost its link to the other processes, then found it again (see socket-connection).
    "realtime:paused": () => pauseLive(),
    "realtime:resync": () => {
      resumeLive();
      markAccountStale(client);
    },
  };
}

/**
 * The server closed the member's connection itself: their session may have ended (a suspension,
 * an erasure, a sign-out elsewhere). Ask who is signed in now, so a page shows the member signed
 * out at once rather than at their next click; a session that lives on changes nothing.
 */
export function recheckSessionOnServerClose(reason: string): Promise<unknown> | null {
  return reason === "io server disconnect" ? refreshUser() : null;
}

/**
 * The live connection of the signed-in member: connected at sign-in, closed at sign-out, its
 * messages feeding the stores.
 */
export function useRealtime(): void {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  const userId = useUser()?.id ?? null;
  const client = useQueryClient();

  useEffect(() => {
    const socket = getSocket();
    const handlers = realtimeHandlers(client, (to) => void navigateRef.current(to));
    const entries = Object.entries(handlers) as Array<[keyof Handlers, Handlers[keyof Handlers]]>;
    for (const [event, handler] of entries) socket.on(event, handler as never);
    return () => {
      for (const [event, handler] of entries) socket.off(event, handler as never);
    };
  }, [client]);

  // What the member's own figures did while no connection listened (before the first, or during a
  // drop) was not heard: the server sends them as they stand to every socket as it connects
  // (`user:credits`, applied above). The purchases of the credits page are only marked stale, to be
  // read again where they next show.
  useEffect(() => {
    const socket = getSocket();
    const stale = () => markAccountStale(client);
    socket.on("connect", stale);
    return () => {
      socket.off("connect", stale);
    };
  }, [client]);

  useEffect(() => {
    const socket = getSocket();
    const recheck = (reason: string) => void recheckSessionOnServerClose(reason);
    socket.on("disconnect", recheck);
    return () => {
      socket.off("disconnect", recheck);
    };
  }, []);

  useEffect(() => {
    if (userId) connectSocket();
    else disconnectSocket();
  }, [userId]);
}
