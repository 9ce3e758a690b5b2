import { api, type Parser } from "../../../lib/api";

export interface CommittedCreditsAnswer {
  committedCredits: number;
}

/** `{ committedCredits: number }`. Moves to @bm/shared with the credits schemas. */
export const committedCreditsAnswer: Parser<CommittedCreditsAnswer> = {
  parse(data) {
    const value = (data as { committedCredits?: unknown } | null)?.committedCredits;
    if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
      throw new TypeError("committedCredits must be a non-negative number");
    }
    return { committedCredits: value };
  },
};

export function getCommittedCredits(): Promise<CommittedCreditsAnswer> {
  return api.get("/api/user/committed-credits", committedCreditsAnswer);
}
