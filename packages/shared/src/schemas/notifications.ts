import { z } from "zod";

/**
 * The notices a member may be sent about the lots they watch or bid on (issue 29): outbid, closing
 * in 15 minutes, and won; each by e-mail and by Web Push on each device they allow, kind by kind.
 */
export const NOTICE_KINDS = ["outbid", "closing", "won"] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** How long before a lot's close its "closing" notice goes out. */
export const CLOSING_NOTICE_MINUTES = 15;

/** Which kinds a channel (the e-mail, or one device) carries. */
export const noticeChoices = z.object({
  outbid: z.boolean({ error: "Say whether to be told when outbid" }),
  closing: z.boolean({ error: "Say whether to be told when a lot closes in 15 minutes" }),
  won: z.boolean({ error: "Say whether to be told when you win" }),
});
export type NoticeChoices = z.infer<typeof noticeChoices>;

const lotId = z
  .number({ error: "A lot's id is a whole number" })
  .int("A lot's id is a whole number")
  .positive("A lot's id is a whole number")
  .max(2 ** 31 - 1, "A lot's id is a whole number");

/** The member's watchlist: the lots they watch, kept with their account (every device). */
export const watchlistAnswer = z.object({ lotIds: z.array(z.number().int()) });
export type WatchlistAnswer = z.infer<typeof watchlistAnswer>;

/** A browser's own list, merged into the account's once (its first sign-in since the list moved). */
export const watchlistMergeBody = z.object({
  lotIds: z.array(lotId, { error: "Send the lots' ids as a list" }).max(500, "At most 500 lots at once"),
});
export type WatchlistMergeBody = z.input<typeof watchlistMergeBody>;

/** Base64url, as a browser's PushSubscription gives its keys. */
const base64url = (label: string, max: number) =>
  z
    .string({ error: `The subscription's ${label} key is missing` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: `The subscription's ${label} key is not base64url` })
    .max(max, `The subscription's ${label} key is too long`);

/** A push service's endpoint: an https URL (the browser's), at most 2,000 characters. */
export const pushEndpoint = z
  .string({ error: "The subscription's endpoint is missing" })
  .max(2000, "The subscription's endpoint is too long")
  .refine(
    (text) => {
      try {
        const url = new URL(text);
        return (
          url.protocol === "https:" || (url.protocol === "http:" && ["127.0.0.1", "localhost"].includes(url.hostname))
        );
      } catch {
        return false;
      }
    },
    { error: "The subscription's endpoint is not an https address" },
  );

/** A device's push subscription (PushSubscription.toJSON()), the kinds it wants, and a name for it. */
export const pushSubscribeBody = z.object({
  subscription: z.object({
    endpoint: pushEndpoint,
    keys: z.object({ p256dh: base64url("p256dh", 200), auth: base64url("auth", 100) }),
  }),
  kinds: noticeChoices,
  device: z
    .string()
    .trim()
    .max(80, "A device's name is at most 80 characters")
    .refine((text) => ![...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f), {
      error: "A device's name is plain text",
    })
    .optional(),
});
export type PushSubscribeBody = z.input<typeof pushSubscribeBody>;

/** A device's kinds changed, named by its endpoint. */
export const pushKindsBody = z.object({ endpoint: pushEndpoint, kinds: noticeChoices });
export type PushKindsBody = z.input<typeof pushKindsBody>;

/** A device to forget, named by its endpoint. */
export const pushEndpointBody = z.object({ endpoint: pushEndpoint });
export type PushEndpointBody = z.input<typeof pushEndpointBody>;

/** A device the member allowed notices on (never its keys). */
export const pushDevice = z.object({
  endpoint: z.string(),
  device: z.string().nullable(),
  kinds: noticeChoices,
  createdAt: z.string(),
});
export type PushDevice = z.infer<typeof pushDevice>;

/** The notifications page: the e-mail's kinds, the devices, and the key a browser subscribes with. */
export const notificationSettingsAnswer = z.object({
  email: noticeChoices,
  devices: z.array(pushDevice),
  /** The server's VAPID public key (base64url); null when Web Push is not set up here. */
  pushPublicKey: z.string().nullable(),
});
export type NotificationSettingsAnswer = z.infer<typeof notificationSettingsAnswer>;

/** What a push message carries to the service worker, which shows it. */
export interface PushNotice {
  kind: NoticeKind;
  title: string;
  body: string;
  /** The page a tap opens (same origin). */
  url: string;
  /** One notice per lot and kind on the device: a newer one replaces it. */
  tag: string;
}
