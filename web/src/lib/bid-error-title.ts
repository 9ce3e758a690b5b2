import { type BidErrorCode, BidErrorTitles } from "@bm/shared";

/** The toast title of a refused bid, lot or auction: by the server's code, else 'Bid Failed'. */
export function bidErrorTitle(code: string | undefined): string {
  return code && Object.hasOwn(BidErrorTitles, code) ? BidErrorTitles[code as BidErrorCode] : "Bid Failed";
}
