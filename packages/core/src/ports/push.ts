/** Where a device's push messages go: the push service's endpoint and the device's keys. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the push service said: taken, gone for good (404/410: drop the device), or failed (try later). */
export type PushOutcome = "sent" | "gone" | "failed";

/** Web Push (RFC 8030, encrypted per RFC 8291, signed with VAPID per RFC 8292). */
export interface PushPort {
  /** The VAPID public key browsers subscribe with (base64url); null when push is off. */
  readonly publicKey: string | null;
  send(target: PushTarget, payload: string, options?: { ttlSeconds?: number; topic?: string }): Promise<PushOutcome>;
}

/** No push: the distributed runtime without VAPID keys. */
export const noPush: PushPort = {
  publicKey: null,
  async send() {
    return "failed";
  },
};
