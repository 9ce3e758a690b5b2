import { generateKeyPairSync, randomBytes } from "node:crypto";
import { type BrowserContext, type CDPSession, expect, type Page, test } from "@playwright/test";
import type { NotificationSettingsAnswer, PushNotice } from "../packages/shared/src/schemas/notifications";
import { axeViolations, settled, trackNetwork } from "./support/axe";
import { memberEmail, signedInContext } from "./support/members";
import { useProduct } from "./support/product";

/**
 * The notices page and the service worker, as a member meets them: notices allowed on this device
 * by its button, then a push delivered to the real worker (through the DevTools protocol, as a push
 * service would) and shown by it as a notification.
 *
 * One part of the browser is played by the spec: the push service's subscription. Chromium asks
 * Google's push service for one; headless in a Playwright context (off the record) it refuses
 * ("Registration failed - permission denied"), and a persistent profile waits for an answer that
 * never comes (no Google API keys, no network). So `PushManager`'s `subscribe` and
 * `getSubscription` answer a subscription of the spec's own (a real P-256 key and a loopback
 * endpoint); the permission, the worker's registration and the push's delivery are the browser's.
 */

/** A VAPID key pair as `web-push generate-vapid-keys` writes it (base64url; the public key uncompressed). */
function vapidKeys(): { publicKey: string; privateKey: string } {
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const pub = publicKey.export({ format: "jwk" });
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(pub.x ?? "", "base64url"),
    Buffer.from(pub.y ?? "", "base64url"),
  ]);
  return { publicKey: point.toString("base64url"), privateKey: privateKey.export({ format: "jwk" }).d ?? "" };
}

/** A browser's subscription keys: its own P-256 public key and 16 bytes of auth secret. */
function subscriptionKeys(): { p256dh: string; auth: string } {
  const { publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x ?? "", "base64url"),
    Buffer.from(jwk.y ?? "", "base64url"),
  ]);
  return { p256dh: point.toString("base64url"), auth: randomBytes(16).toString("base64url") };
}

// The distributed runtime the journeys run (Postgres, Redis) turns Web Push off without a key pair.
// DEMO places the event around today, for the watchlist's lots.
const vapid = vapidKeys();
const product = useProduct({
  DEMO: "1",
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  VAPID_SUBJECT: "mailto:house@e2e.example",
});

/** With SHOTS_DIR set, the page as it stands, for a person to look at (not an assertion). */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  // From the top: the header is fixed, and a full-page shot of a scrolled page draws it midway.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** The spec's stand-in for the push service's subscription (see above), kept in the page's storage. */
async function fakePushSubscriptions(context: BrowserContext, endpoint: string): Promise<void> {
  await context.addInitScript(
    ({ endpoint, keys }) => {
      const STORE = "e2e.push-subscription";
      type Held = { endpoint: string; key: number[] };
      const subscription = (held: Held) => ({
        endpoint: held.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: new Uint8Array(held.key).buffer },
        toJSON: () => ({ endpoint: held.endpoint, expirationTime: null, keys }),
        unsubscribe: async () => {
          localStorage.removeItem(STORE);
          return true;
        },
      });
      PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
        if (Notification.permission !== "granted")
          throw new DOMException("Registration failed - permission denied", "NotAllowedError");
        const key = options?.applicationServerKey;
        const bytes = key instanceof ArrayBuffer ? new Uint8Array(key) : new Uint8Array((key as Uint8Array).buffer);
        const held = { endpoint, key: [...bytes] };
        localStorage.setItem(STORE, JSON.stringify(held));
        return subscription(held) as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function getSubscription() {
        const raw = localStorage.getItem(STORE);
        return raw ? (subscription(JSON.parse(raw) as Held) as unknown as PushSubscription) : null;
      };
    },
    { endpoint, keys: subscriptionKeys() },
  );
}

/** The service worker registration of the site's root scope, as DevTools reports it. */
async function rootRegistration(cdp: CDPSession, scope: string): Promise<string> {
  const seen = new Map<string, { scopeURL: string; isDeleted: boolean }>();
  const active = new Set<string>();
  cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
    for (const r of registrations) seen.set(r.registrationId, r);
  });
  cdp.on("ServiceWorker.workerVersionUpdated", ({ versions }) => {
    for (const v of versions) if (v.status === "activated") active.add(v.registrationId);
  });
  await cdp.send("ServiceWorker.enable");
  let id: string | undefined;
  await expect
    .poll(() => {
      id = [...seen].find(([key, r]) => r.scopeURL === scope && !r.isDeleted && active.has(key))?.[0];
      return id;
    })
    .toBeDefined();
  return id as string;
}

/** The titles of the notifications the service worker is showing. */
const shownTitles = (page: Page) =>
  page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => n.title));

test("a member allows notices on this device, and a pushed notice is shown by the service worker", async ({
  browser,
}) => {
  const address = memberEmail("notices");
  const context = await signedInContext(browser, product, address, { viewport: { width: 390, height: 844 } });
  await context.grantPermissions(["notifications"], { origin: product.baseUrl });
  const endpoint = `http://127.0.0.1:9/e2e-push/${randomBytes(8).toString("hex")}`;
  await fakePushSubscriptions(context, endpoint);

  // The worker is served from the root as JavaScript, so its scope is the whole site.
  const worker = await context.request.get(`${product.baseUrl}/sw.js`);
  expect(worker.ok()).toBe(true);
  expect(worker.headers()["content-type"]).toMatch(/^(text|application)\/javascript/);

  // Another of the member's devices, allowed earlier (its own subscription, through the API).
  const tablet = await context.request.post(`${product.baseUrl}/api/user/notifications/push`, {
    data: {
      subscription: {
        endpoint: `http://127.0.0.1:9/e2e-push/tablet-${randomBytes(4).toString("hex")}`,
        keys: subscriptionKeys(),
      },
      kinds: { outbid: true, closing: false, won: true },
      device: "Safari on iPad",
    },
  });
  expect(tablet.ok(), await tablet.text()).toBe(true);

  const page = await context.newPage();
  trackNetwork(page);
  await page.goto(`${product.baseUrl}/notifications`);
  await expect(page.getByRole("heading", { level: 1, name: "Notices" })).toBeVisible();
  const here = page.getByRole("region", { name: "On this device" });
  const allow = here.getByRole("button", { name: "Allow notices on this device" });
  await expect(allow).toBeVisible();
  await expect(page.getByRole("region", { name: "Other devices" })).toContainText("Safari on iPad");
  // Nothing was registered (nor asked) by opening the page.
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) === undefined)).toBe(true);

  await settled(page);
  expect(await axeViolations(page), "/notifications before allowing, at 390 px").toEqual([]);
  await shot(page, "notifications-390");

  // Only outbid and won on this phone.
  await here.getByRole("checkbox", { name: "Closing in 15 minutes" }).uncheck();
  await allow.click();
  await expect(here.getByRole("button", { name: "Stop notices on this device" })).toBeVisible();
  await expect(here).toContainText(/Notices reach this device \(Chrome on Linux\) since .+ E[SD]T\./);
  const settings = (await (
    await context.request.get(`${product.baseUrl}/api/user/notifications`)
  ).json()) as NotificationSettingsAnswer;
  expect(settings.devices.find((d) => d.endpoint === endpoint)).toMatchObject({
    device: "Chrome on Linux",
    kinds: { outbid: true, closing: false, won: true },
  });

  // A push, delivered to the worker as the push service would: shown as a notification.
  const cdp = await context.newCDPSession(page);
  const registrationId = await rootRegistration(cdp, `${product.baseUrl}/`);
  const notice: PushNotice = {
    kind: "outbid",
    title: "You were outbid on Lot 13",
    body: "The current bid is $120.00. Bid again before the hammer falls.",
    url: "/lot/13",
    tag: "outbid-13",
  };
  const origin = product.baseUrl;
  // The worker is active first (a push delivered while it still installs can be dropped, as a push
  // service would retry it: delivered again, the tag makes it one notice).
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const deliver = async (data: string, title: string) => {
    for (let attempt = 0; attempt < 3; attempt++) {
      await cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId, data });
      const end = Date.now() + 4000;
      while (Date.now() < end) {
        if ((await shownTitles(page)).includes(title)) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };
  await deliver(JSON.stringify(notice), notice.title);
  await expect.poll(() => shownTitles(page)).toContain(notice.title);
  const shown = await page.evaluate(async (tag) => {
    const [n] = await (await navigator.serviceWorker.ready).getNotifications({ tag });
    return n ? { body: n.body, tag: n.tag, data: n.data as unknown } : null;
  }, notice.tag);
  expect(shown).toEqual({ body: notice.body, tag: notice.tag, data: { url: `${product.baseUrl}/lot/13` } });

  // A push the worker cannot read still tells the member something.
  await deliver("not a notice", "The House has news for you");
  await expect.poll(() => shownTitles(page)).toContain("The House has news for you");

  await settled(page);
  expect(await axeViolations(page), "/notifications once allowed, at 390 px").toEqual([]);
  await shot(page, "notifications-390-allowed");
  await page.setViewportSize({ width: 1280, height: 900 });
  await settled(page);
  expect(await axeViolations(page), "/notifications once allowed, at 1280 px").toEqual([]);
  await shot(page, "notifications-1280-allowed");

  // Stopped here: unsubscribed in the browser, then forgotten by the server.
  await here.getByRole("button", { name: "Stop notices on this device" }).click();
  await expect(allow).toBeVisible();
  await expect
    .poll(async () => {
      const after = (await (
        await context.request.get(`${product.baseUrl}/api/user/notifications`)
      ).json()) as NotificationSettingsAnswer;
      return after.devices.map((d) => d.device);
    })
    .toEqual(["Safari on iPad"]);
  await context.close();
});

test("the watchlist follows the member: this browser's own list merged into the account once, the eye kept there", async ({
  browser,
}) => {
  const context = await signedInContext(browser, product, memberEmail("watch"), {
    viewport: { width: 390, height: 844 },
    gate: true,
  });
  const lots = (await (await context.request.get(`${product.baseUrl}/api/auction-lots`)).json()) as {
    id: number;
    lotNumber: number;
  }[];
  const lot13 = lots.find((lot) => lot.lotNumber === 13);
  const lot14 = lots.find((lot) => lot.lotNumber === 14);
  if (!lot13 || !lot14) throw new Error("the demo has lots 13 and 14");
  const accountList = async () =>
    ((await (await context.request.get(`${product.baseUrl}/api/user/watchlist`)).json()) as { lotIds: number[] }).lotIds
      .slice()
      .sort((a, b) => a - b);

  const page = await context.newPage();
  const merges: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/user/watchlist/merge") merges.push(request.postData() ?? "");
  });
  // What this browser kept before the list moved to the account (a lot that no longer exists with it).
  await page.goto(`${product.baseUrl}/notifications`);
  await page.evaluate((ids) => localStorage.setItem("bm.watchlist", JSON.stringify(ids)), [lot13.id, 2_000_000_000]);

  await page.goto(`${product.baseUrl}/lot/14`);
  const eye = page.getByRole("button", { name: "Watch", exact: true });
  await expect(eye).toHaveAttribute("aria-pressed", "false");
  await expect.poll(accountList).toEqual([lot13.id]);
  expect(merges).toEqual([JSON.stringify({ lotIds: [lot13.id, 2_000_000_000] })]);
  await expect.poll(() => page.evaluate(() => localStorage.getItem("bm.watchlist"))).toBeNull();

  await eye.click();
  await expect(page.getByRole("button", { name: "Watching", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect.poll(accountList).toEqual([lot13.id, lot14.id].sort((a, b) => a - b));

  // Another device of the member (a context of its own, signed in as them) sees the same list.
  const elsewhere = await browser.newContext({ storageState: await context.storageState() });
  const hall = await elsewhere.newPage();
  await hall.goto(`${product.baseUrl}/auctions`);
  const rites = hall.getByRole("dialog", { name: "Bidding Rites" });
  await rites.getByRole("button", { name: "I accept the rites" }).click();
  await expect(rites).toBeHidden();
  await hall.getByRole("tab", { name: /^Watchlist/ }).click();
  await expect(hall.getByRole("list", { name: "Watched lots" }).getByRole("listitem")).toHaveCount(2);
  expect(merges).toHaveLength(1);
  await elsewhere.close();
  await context.close();
});
