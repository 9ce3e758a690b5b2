import { vi } from "vitest";

interface FakePushOptions {
  /** The permission the browser holds as the page opens. */
  permission?: NotificationPermission;
  /** What the member answers when asked. */
  answer?: NotificationPermission;
  /** The endpoint of a subscription this browser already holds (its worker registered). */
  subscribed?: string;
}

/** The keys a browser's subscription carries (a P-256 point and 16 bytes, base64url). */
export const FAKE_KEYS = {
  p256dh: "BIirmkIvu9ZU8GM7yyuNnkKXDXh3lbsx6STAlDcPF4EXCJ1I5kTOfLisbXPW-uNRjNHXZsKFpVXLngXQsM5MZIA",
  auth: "Tgov-n1tpKOd88C_ASH8-g",
};

/**
 * A browser that can receive push, as far as the notices page can tell: `navigator.serviceWorker`,
 * `PushManager` and `Notification`, with the steps recorded. `removeFakePush` takes it away again.
 */
export function fakePush(options: FakePushOptions = {}) {
  const state = {
    permission: options.permission ?? ("default" as NotificationPermission),
    registered: options.subscribed !== undefined,
    subscription: null as FakeSubscription | null,
  };

  class FakeSubscription {
    readonly options: PushSubscriptionOptions;
    constructor(
      readonly endpoint: string,
      applicationServerKey: ArrayBuffer | null,
    ) {
      this.options = { applicationServerKey, userVisibleOnly: true };
    }
    toJSON() {
      return { endpoint: this.endpoint, expirationTime: null, keys: FAKE_KEYS };
    }
    unsubscribe = vi.fn(async () => {
      state.subscription = null;
      return true;
    });
  }
  if (options.subscribed) state.subscription = new FakeSubscription(options.subscribed, null);

  const requestPermission = vi.fn(async () => {
    state.permission = options.answer ?? "granted";
    return state.permission;
  });
  const FakeNotification = {
    get permission() {
      return state.permission;
    },
    requestPermission,
  };

  const pushManager = {
    getSubscription: vi.fn(async () => state.subscription),
    subscribe: vi.fn(async (subscribeOptions: PushSubscriptionOptionsInit) => {
      if (state.permission !== "granted") throw new DOMException("Registration failed", "NotAllowedError");
      const key = subscribeOptions.applicationServerKey as Uint8Array;
      state.subscription = new FakeSubscription("https://push.example/send/this-phone", key.slice().buffer);
      return state.subscription;
    }),
  };
  const registration = { scope: "http://house.test/", pushManager };
  const serviceWorker = {
    register: vi.fn(async (_url: string, _options?: RegistrationOptions) => {
      state.registered = true;
      return registration;
    }),
    getRegistration: vi.fn(async () => (state.registered ? registration : undefined)),
    get ready() {
      return Promise.resolve(registration);
    },
  };

  vi.stubGlobal("Notification", FakeNotification);
  vi.stubGlobal("PushManager", class PushManager {});
  Object.defineProperty(navigator, "serviceWorker", { configurable: true, value: serviceWorker });
  return { state, requestPermission, serviceWorker, pushManager };
}

/** The browser as jsdom has it: no service worker, no push (the globals are unstubbed by vitest). */
export function removeFakePush(): void {
  Reflect.deleteProperty(navigator, "serviceWorker");
  Reflect.deleteProperty(navigator, "userAgent");
}

/** The browser names itself as `userAgent` (a device's name is made from it). */
export function fakeUserAgent(userAgent: string): void {
  Object.defineProperty(navigator, "userAgent", { configurable: true, value: userAgent });
}
