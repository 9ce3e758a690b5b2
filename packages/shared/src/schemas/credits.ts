import { z } from "zod";

/** GET /api/user/committed-credits: credits tied up in leading bids and pending claims (a number). */
export const committedCreditsAnswer = z.object({ committedCredits: z.number().nonnegative() });
export type CommittedCreditsAnswer = z.infer<typeof committedCreditsAnswer>;
