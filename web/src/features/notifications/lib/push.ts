/**
 * This browser's side of Web Push: whether it can receive notices at all, its subscription, and
 * the steps of allowing and stopping them. Nothing here runs until the member asks (the page reads
 * an existing subscription, which registers nothing and asks nothing).
 */

/** The service worker that shows the notices (web/public/sw.js, served from the root: scope "/"). */
export const SERVICE_WORKER_URL = "/sw.js";

/** Why notices cannot reach this device, or null when they can. */
export type PushUnavailable = "not-set-up" | "insecure" | "unsupported";

export function pushUnavailable(publicKey: string | null): PushUnavailable | null {
  if (!publicKey) return "not-set-up";
  if (window.isSecureContext === false) return "insecure";
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window))
    return "unsupported";
  return null;
}

/** A VAPID key as the server sends it (base64url, padded or not) as the bytes `subscribe` takes. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const bare = text.replace(/=+$/, "").replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(bare.padEnd(Math.ceil(bare.length / 4) * 4, "="));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const BROWSERS: Array<[RegExp, string]> = [
  [/Edg(A|iOS)?\//, "Edge"],
  [/(OPR|Opera)\//, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/(Firefox|FxiOS)\//, "Firefox"],
  [/(Chrome|CriOS|Chromium)\//, "Chrome"],
  [/Safari\//, "Safari"],
];
// In this order: Android's agents also say Linux, and an iPhone's say "like Mac OS X".
const SYSTEMS: Array<[RegExp, string]> = [
  [/Android/, "Android"],
  [/iPhone/, "iPhone"],
  [/iPad/, "iPad"],
  [/CrOS/, "ChromeOS"],
  [/Windows/, "Windows"],
  [/Macintosh|Mac OS X/, "macOS"],
  [/Linux/, "Linux"],
];

/** A name the member will recognise a device by: "Chrome on Android". Undefined when nothing is known. */
export function deviceName(userAgent: string): string | undefined {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `A browser on ${system}`;
  return undefined;
}

/** This browser's push subscription for the House, or null. Registers nothing, asks nothing. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

function sameKey(held: ArrayBuffer | null, key: Uint8Array): boolean {
  if (!held || held.byteLength !== key.length) return false;
  const bytes = new Uint8Array(held);
  return bytes.every((byte, i) => byte === key[i]);
}

export type AllowOutcome =
  | { permission: "granted"; subscription: PushSubscription }
  | { permission: "denied" | "default"; subscription?: undefined };

/**
 * Allows notices on this device: asks the browser's permission, registers the service worker and
 * subscribes with the server's key. Call it from the click that asks for it, before anything else
 * is awaited: some browsers (Safari, Firefox) only ask permission in answer to a gesture.
 */
export async function allowOnThisDevice(publicKey: string): Promise<AllowOutcome> {
  const asked = Notification.requestPermission();
  const registering = navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/" });
  // Awaited below, once permission is known; a failure meanwhile is not left unheard.
  registering.catch(() => {});
  const permission = await asked;
  if (permission !== "granted") return { permission };
  await registering;
  // Subscribing needs the worker active, not only registered.
  const registration = await navigator.serviceWorker.ready;
  const key = base64UrlToBytes(publicKey);
  const held = await registration.pushManager.getSubscription();
  // A subscription made with another key (the server's changed) cannot be subscribed over.
  if (held && !sameKey(held.options.applicationServerKey, key)) await held.unsubscribe();
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  return { permission, subscription };
}

/** Stops this browser's subscription (the server is told separately). */
export async function unsubscribeThisDevice(): Promise<void> {
  await (await currentSubscription())?.unsubscribe();
}

/** A subscription as the server takes it: endpoint and keys (PushSubscription.toJSON()). */
export function subscriptionBody(subscription: PushSubscription): {
  endpoint: string;
  keys: { p256dh: string; auth: string };
} {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
  };
}
