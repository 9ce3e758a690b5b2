/*
 * The House's service worker: it shows the notices pushed to a member's device (outbid, closing in
 * 15 minutes, won; a `PushNotice` of packages/shared/src/schemas/notifications.ts) and opens their
 * page when one is tapped. Nothing else: no caching, no offline pages, no fetch handler. Plain
 * JavaScript served as it is from the site's root (web/public), so its scope is the whole site.
 * Registered only when the member allows notices (/notifications).
 */

/** What a push that cannot be read shows: still a notice (the browser requires one), never nothing. */
const GENERIC = { title: "The House has news for you", body: "", url: "/", tag: "bm-news" };

/** The notice a push carries, or the generic one when it is not a readable `PushNotice`. */
function readNotice(data) {
  if (!data) return GENERIC;
  let notice;
  try {
    notice = data.json();
  } catch {
    return GENERIC;
  }
  if (!notice || typeof notice !== "object" || typeof notice.title !== "string" || !notice.title) return GENERIC;
  return {
    title: notice.title,
    body: typeof notice.body === "string" ? notice.body : "",
    url: sameOrigin(notice.url),
    tag: typeof notice.tag === "string" && notice.tag ? notice.tag : undefined,
  };
}

/** A page of this site (a notice never opens another site); the home page otherwise. */
function sameOrigin(url) {
  try {
    const target = new URL(typeof url === "string" ? url : "/", self.location.origin);
    return target.origin === self.location.origin ? target.href : new URL("/", self.location.origin).href;
  } catch {
    return new URL("/", self.location.origin).href;
  }
}

// A new version of this file takes over at once: it keeps no state an older one could need.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  const notice = readNotice(event.data);
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body,
      // A newer notice of the same lot and kind replaces the older one on the device.
      tag: notice.tag,
      renotify: Boolean(notice.tag),
      data: { url: sameOrigin(notice.url) },
      lang: "en",
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = sameOrigin(event.notification.data?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      // A window of the House already on that page comes forward; else one of its windows comes
      // forward and goes there (only a window this worker controls can be moved); else one opens.
      // Focused first: a window may be brought forward only just after the tap.
      const onPage = windows.find((client) => client.url === url);
      if (onPage) return onPage.focus();
      const [controlled] = await self.clients.matchAll({ type: "window" });
      if (controlled) {
        try {
          const focused = await controlled.focus();
          return await focused.navigate(url);
        } catch {
          // It could not be moved: the page opens in a window of its own.
        }
      }
      return self.clients.openWindow(url);
    })(),
  );
});
