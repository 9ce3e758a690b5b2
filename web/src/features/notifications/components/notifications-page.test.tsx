import type { NotificationSettingsAnswer, PushDevice } from "@bm/shared";
import type { QueryClient } from "@tanstack/react-query";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authKeys } from "../../../api/get-user";
import { resetToasts } from "../../../components/ui/toast/toast-store";
import { createQueryClient } from "../../../lib/query-client";
import { description } from "../../../testing/description";
import { member as memberFixture } from "../../../testing/member-fixture";
import { renderAt } from "../../../testing/render-at";
import { answer, type StubAnswer, type StubCall, serve } from "../../../testing/serve";
import { toastNow } from "../../../testing/toast-now";
import { base64UrlToBytes } from "../lib/push";
import { FAKE_KEYS, fakePush, fakeUserAgent, removeFakePush } from "../testing/fake-push";
import { NotificationsPage } from "./notifications-page";

const PUBLIC_KEY = "BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U";
const ALL = { outbid: true, closing: true, won: true };
const THIS_PHONE = "https://push.example/send/this-phone";

const device = (endpoint: string, name: string | null, overrides: Partial<PushDevice> = {}): PushDevice => ({
  endpoint,
  device: name,
  kinds: ALL,
  createdAt: "2026-11-20T18:30:00.000Z",
  ...overrides,
});

const settings = (overrides: Partial<NotificationSettingsAnswer> = {}): NotificationSettingsAnswer => ({
  email: ALL,
  devices: [],
  pushPublicKey: PUBLIC_KEY,
  ...overrides,
});

let client: QueryClient;

const member = memberFixture();

function renderPage() {
  client.setQueryData(authKeys.user(), member);
  renderAt("/notifications", <NotificationsPage />, client);
}

const region = (name: string) => screen.findByRole("region", { name });

describe("the notices page", () => {
  beforeEach(() => {
    resetToasts();
    client = createQueryClient();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    removeFakePush();
  });

  it("saves the e-mail's kinds as each box is ticked, and says so", async () => {
    const server = serve({
      "GET /api/user/notifications": answer(settings()),
      "PUT /api/user/notifications/email": ({ body }) => answer(settings({ email: body as typeof ALL })),
    });
    renderPage();
    const email = await region("By e-mail");
    expect(within(email).getByText("seeker@example.com")).toBeTruthy();
    const outbid = within(email).getByRole("checkbox", { name: "Outbid" }) as HTMLInputElement;
    expect(outbid.checked).toBe(true);
    expect(within(email).getByRole("checkbox", { name: "Closing in 15 minutes" })).toBeTruthy();

    fireEvent.click(outbid);
    await waitFor(() => expect(outbid.checked).toBe(false));
    await waitFor(() => expect(within(email).getByRole("status").textContent).toBe("Saved."));
    expect(server.sent("PUT", "/api/user/notifications/email").map((c) => c.body)).toEqual([
      { outbid: false, closing: true, won: true },
    ]);

    fireEvent.click(within(email).getByRole("checkbox", { name: "Closing in 15 minutes" }));
    await waitFor(() => expect(server.sent("PUT", "/api/user/notifications/email")).toHaveLength(2));
    expect(server.sent("PUT", "/api/user/notifications/email")[1]?.body).toEqual({
      outbid: false,
      closing: false,
      won: true,
    });
  });

  it("keeps a win's e-mail ticked, since it carries the claim", async () => {
    serve({ "GET /api/user/notifications": answer(settings()) });
    renderPage();
    const won = within(await region("By e-mail")).getByRole("checkbox", { name: "Won" }) as HTMLInputElement;
    expect(won.checked).toBe(true);
    expect(won.disabled).toBe(true);
    expect(description(won)).toBe("Always sent: the e-mail of a win carries the link to claim your lot.");
  });

  it("puts an e-mail box back when the server refuses it", async () => {
    serve({
      "GET /api/user/notifications": answer(settings()),
      "PUT /api/user/notifications/email": answer({ message: "Say whether to be told when you win" }, 400),
    });
    renderPage();
    const outbid = within(await region("By e-mail")).getByRole("checkbox", { name: "Outbid" }) as HTMLInputElement;
    fireEvent.click(outbid);
    await waitFor(() => expect(toastNow()?.description).toBe("Say whether to be told when you win"));
    expect(outbid.checked).toBe(true);
  });

  it("never asks the browser's permission, nor registers a worker, before the button is clicked", async () => {
    const push = fakePush({ permission: "default" });
    serve({ "GET /api/user/notifications": answer(settings()) });
    renderPage();
    const here = await region("On this device");
    const allow = await within(here).findByRole("button", { name: "Allow notices on this device" });
    // The page looked for an existing subscription, and nothing more.
    expect(push.serviceWorker.getRegistration).toHaveBeenCalled();
    expect(push.requestPermission).not.toHaveBeenCalled();
    expect(push.serviceWorker.register).not.toHaveBeenCalled();
    expect(push.pushManager.subscribe).not.toHaveBeenCalled();

    fireEvent.click(allow);
    expect(push.requestPermission).toHaveBeenCalledTimes(1);
  });

  it("subscribes on the click and posts the subscription with the kinds chosen and the device's name", async () => {
    fakeUserAgent(
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
    );
    const push = fakePush({ permission: "default", answer: "granted" });
    const server = serve({
      "GET /api/user/notifications": answer(settings()),
      "POST /api/user/notifications/push": ({ body }: StubCall): StubAnswer => {
        const {
          subscription,
          kinds,
          device: name,
        } = body as {
          subscription: { endpoint: string };
          kinds: typeof ALL;
          device: string;
        };
        return answer(settings({ devices: [device(subscription.endpoint, name, { kinds })] }));
      },
    });
    renderPage();
    const here = await region("On this device");
    const allow = await within(here).findByRole("button", { name: "Allow notices on this device" });
    fireEvent.click(within(here).getByRole("checkbox", { name: "Closing in 15 minutes" }));
    fireEvent.click(allow);

    await within(here).findByRole("button", { name: "Stop notices on this device" });
    expect(push.serviceWorker.register).toHaveBeenCalledWith("/sw.js", { scope: "/" });
    expect(push.pushManager.subscribe).toHaveBeenCalledTimes(1);
    const [options] = push.pushManager.subscribe.mock.calls[0] ?? [{}];
    expect(options.userVisibleOnly).toBe(true);
    expect([...(options.applicationServerKey as Uint8Array)]).toEqual([...base64UrlToBytes(PUBLIC_KEY)]);
    expect(server.sent("POST", "/api/user/notifications/push").map((c) => c.body)).toEqual([
      {
        subscription: { endpoint: THIS_PHONE, keys: FAKE_KEYS },
        kinds: { outbid: true, closing: false, won: true },
        device: "Chrome on Android",
      },
    ]);
    expect(within(here).getByText(/Notices reach this device \(Chrome on Android\) since/).textContent).toContain(
      "Nov 20, 2026 at 1:30 PM EST",
    );
    expect((within(here).getByRole("checkbox", { name: "Closing in 15 minutes" }) as HTMLInputElement).checked).toBe(
      false,
    );
    // This device is not listed again among the others.
    expect(within(await region("Other devices")).getByText("No other device receives your notices.")).toBeTruthy();
  });

  it("explains how to allow notices again when the browser blocks them", async () => {
    const push = fakePush({ permission: "default", answer: "denied" });
    const server = serve({ "GET /api/user/notifications": answer(settings()) });
    renderPage();
    const here = await region("On this device");
    fireEvent.click(await within(here).findByRole("button", { name: "Allow notices on this device" }));
    expect(await within(here).findByText("Notices are blocked for the House in this browser.")).toBeTruthy();
    expect(within(here).getByText(/set Notifications to Allow/)).toBeTruthy();
    expect(within(here).queryByRole("button", { name: "Allow notices on this device" })).toBeNull();
    expect(push.pushManager.subscribe).not.toHaveBeenCalled();
    expect(server.sent("POST", "/api/user/notifications/push")).toHaveLength(0);
  });

  it("says so, without asking anything, when the House has no push key", async () => {
    const push = fakePush();
    serve({ "GET /api/user/notifications": answer(settings({ pushPublicKey: null })) });
    renderPage();
    const here = await region("On this device");
    expect(within(here).getByText("Notices cannot reach this device.")).toBeTruthy();
    expect(within(here).getByText(/not set up on this House yet/)).toBeTruthy();
    expect(within(here).queryByRole("button")).toBeNull();
    expect(push.serviceWorker.getRegistration).not.toHaveBeenCalled();
    expect(push.requestPermission).not.toHaveBeenCalled();
  });

  it("says this browser cannot receive notices when it has no push", async () => {
    serve({
      "GET /api/user/notifications": answer(
        settings({ devices: [device("https://push.example/a", "Safari on iPhone")] }),
      ),
    });
    renderPage();
    const here = await region("On this device");
    expect(within(here).getByText(/This browser cannot receive notices from a website/)).toBeTruthy();
    // Every device the member allowed is another one.
    expect(within(await region("Other devices")).getByText("Safari on iPhone")).toBeTruthy();
  });

  it("saves this device's kinds, and stops notices here: unsubscribed, then forgotten by the server", async () => {
    const push = fakePush({ permission: "granted", subscribed: THIS_PHONE });
    const subscription = push.state.subscription;
    const server = serve({
      "GET /api/user/notifications": answer(settings({ devices: [device(THIS_PHONE, "Chrome on Android")] })),
      "PUT /api/user/notifications/push": ({ body }) => {
        const { kinds } = body as { kinds: typeof ALL };
        return answer(settings({ devices: [device(THIS_PHONE, "Chrome on Android", { kinds })] }));
      },
      "POST /api/user/notifications/push/remove": answer(settings()),
    });
    renderPage();
    const here = await region("On this device");
    fireEvent.click(await within(here).findByRole("checkbox", { name: "Outbid" }));
    await waitFor(() => expect(within(here).getByText("Saved.")).toBeTruthy());
    expect(server.sent("PUT", "/api/user/notifications/push").map((c) => c.body)).toEqual([
      { endpoint: THIS_PHONE, kinds: { outbid: false, closing: true, won: true } },
    ]);

    fireEvent.click(within(here).getByRole("button", { name: "Stop notices on this device" }));
    await within(here).findByRole("button", { name: "Allow notices on this device" });
    expect(subscription?.unsubscribe).toHaveBeenCalledTimes(1);
    expect(server.sent("POST", "/api/user/notifications/push/remove").map((c) => c.body)).toEqual([
      { endpoint: THIS_PHONE },
    ]);
    expect(push.requestPermission).not.toHaveBeenCalled();
  });

  it("takes a device the server had already forgotten off the list, without an error", async () => {
    fakePush({ permission: "granted" });
    const tablet = device("https://push.example/tablet", "Safari on iPad");
    let removed = false;
    serve({
      "GET /api/user/notifications": () => answer(settings({ devices: removed ? [] : [tablet] })),
      "POST /api/user/notifications/push/remove": () => {
        removed = true;
        return answer({ message: "No such device", code: "NOT_FOUND" }, 404);
      },
    });
    renderPage();
    const others = await region("Other devices");
    fireEvent.click(within(others).getByRole("button", { name: /^Remove Safari on iPad/ }));
    await within(others).findByText("No other device receives your notices.");
    expect(toastNow()).toBeNull();
  });

  it("lists the other devices with the date they were allowed, its zone named, and removes one", async () => {
    fakePush({ permission: "granted" });
    const tablet = device("https://push.example/tablet", "Safari on iPad", { kinds: { ...ALL, closing: false } });
    const laptop = device("https://push.example/laptop", null, { createdAt: "2026-07-04T16:00:00.000Z" });
    const server = serve({
      "GET /api/user/notifications": answer(settings({ devices: [tablet, laptop] })),
      "POST /api/user/notifications/push/remove": answer(settings({ devices: [laptop] })),
    });
    renderPage();
    const others = await region("Other devices");
    const items = within(others).getAllByRole("listitem");
    expect(items.map((li) => li.textContent)).toEqual([
      "Safari on iPadSince Nov 20, 2026 at 1:30 PM ESTOutbid · WonRemove",
      "A device without a nameSince Jul 4, 2026 at 12:00 PM EDTOutbid · Closing · WonRemove",
    ]);
    await act(async () => {
      fireEvent.click(
        within(others).getByRole("button", { name: "Remove Safari on iPad, since Nov 20, 2026 at 1:30 PM EST" }),
      );
    });
    await waitFor(() => expect(within(others).queryByText("Safari on iPad")).toBeNull());
    expect(server.sent("POST", "/api/user/notifications/push/remove").map((c) => c.body)).toEqual([
      { endpoint: "https://push.example/tablet" },
    ]);
    expect(within(others).getByText("A device without a name")).toBeTruthy();
  });
});
