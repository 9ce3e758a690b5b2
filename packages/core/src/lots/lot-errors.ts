import { NotFoundError } from "../errors";

export const LOT_NOT_FOUND = "This lot has been lost to the darkness";

export class LotNotFoundError extends NotFoundError {
  constructor() {
    super(LOT_NOT_FOUND);
  }
}
