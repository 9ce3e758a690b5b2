import { type CommittedCreditsAnswer, committedCreditsAnswer } from "@bm/shared";
import { api } from "../../../lib/api";

export type { CommittedCreditsAnswer };

export function getCommittedCredits(): Promise<CommittedCreditsAnswer> {
  return api.get("/api/user/committed-credits", committedCreditsAnswer);
}
