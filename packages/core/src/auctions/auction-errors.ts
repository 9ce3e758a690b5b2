import { NotFoundError } from "../errors";

export const AUCTION_NOT_FOUND = "Auction Not Found";

export class AuctionNotFoundError extends NotFoundError {
  constructor() {
    super(AUCTION_NOT_FOUND);
  }
}
