import { ApiError } from "../../../lib/api";
import { reportIfSessionExpired } from "../../../lib/session-expiry";
import { getActiveAuctions } from "../api/get-active-auctions";
import { getAllAuctions } from "../api/get-all-auctions";
import { getAuction } from "../api/get-auction";
import { getAuctionBids } from "../api/get-auction-bids";
import { getCompletedAuctions } from "../api/get-completed-auctions";
import {
  type ListKey,
  receiveAuction,
  receiveAuctionBids,
  receiveAuctionList,
  setDetailStatus,
  setListStatus,
  useAuctionsStore,
} from "./auctions-store";

const fetchers = { active: getActiveAuctions, completed: getCompletedAuctions, all: getAllAuctions } as const;

/** Loads one list; a failed refresh keeps what is shown. */
export async function loadAuctionList(key: ListKey): Promise<void> {
  if (useAuctionsStore.getState().listStatus[key] !== "ready") setListStatus(key, "loading");
  try {
    receiveAuctionList(key, await fetchers[key]());
  } catch (error) {
    reportIfSessionExpired(error);
    if (useAuctionsStore.getState().listStatus[key] !== "ready") setListStatus(key, "error");
  }
}

export async function loadAuction(id: number): Promise<void> {
  if (useAuctionsStore.getState().detailStatus[id] !== "ready") setDetailStatus(id, "loading");
  try {
    receiveAuction(await getAuction(id));
    setDetailStatus(id, "ready");
  } catch (error) {
    if (reportIfSessionExpired(error)) return;
    if (error instanceof ApiError && error.status === 404) setDetailStatus(id, "missing");
    else if (useAuctionsStore.getState().detailStatus[id] !== "ready") setDetailStatus(id, "error");
  }
}

export async function loadAuctionBids(id: number): Promise<void> {
  try {
    receiveAuctionBids(id, await getAuctionBids(id));
  } catch (error) {
    reportIfSessionExpired(error);
  }
}
