import { isBlankCodeInput, parseSocialCodes, SOCIAL_CODES_PER_BATCH, SocialRiteMessages } from "@bm/shared";
import { AdminToasts } from "@bm/shared/admin";
import { z } from "zod";

/**
 * The pasted codes, checked as the spec says: nothing but whitespace is 'No codes provided';
 * nothing left after splitting on newlines, commas and whitespace is 'No valid codes'.
 */
export const codesForm = z.object({
  text: z.string().superRefine((text, ctx) => {
    if (isBlankCodeInput(text)) ctx.addIssue({ code: "custom", message: AdminToasts.noCodes });
    else if (parseSocialCodes(text).length === 0) ctx.addIssue({ code: "custom", message: AdminToasts.noValidCodes });
    else if (parseSocialCodes(text).length > SOCIAL_CODES_PER_BATCH)
      ctx.addIssue({ code: "custom", message: SocialRiteMessages.tooMany });
  }),
});
export type CodesForm = z.infer<typeof codesForm>;

/** The toast title that goes with a field message. */
export function titleOfCodesMessage(message: string | undefined): string {
  if (message === AdminToasts.noCodes) return AdminToasts.noCodesTitle;
  if (message === AdminToasts.noValidCodes) return AdminToasts.noValidCodesTitle;
  return AdminToasts.errorTitle;
}
