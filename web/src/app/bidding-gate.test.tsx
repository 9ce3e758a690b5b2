import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "../components/ui/toast/toast-store";
import { heldUser, refreshUser } from "../features/auth";
import { acknowledgeRites, resetLotGate, useLotGateStore } from "../features/lots";
import { lot } from "../features/lots/testing/lot-fixture";
import { queryClient as client } from "../lib/query-client";
import { member as memberFixture } from "../testing/member-fixture";
import { renderAt as renderRoutes } from "../testing/render-at";
import { answer, serve as stub } from "../testing/serve";
import { toastNow } from "../testing/toast-now";
import { AppRoutes, preloadRoute } from "./router";

// jsdom has no scrolling; the scroll restoration calls it on every navigation.
window.scrollTo = () => {};

const member = memberFixture();

const sealed = answer({ message: "The Bidding Hall is sealed. Speak the word at its gate.", code: "GATE_SEALED" }, 403);

/** The server: the member, the gate word, and lots that answer GATE_SEALED until the word is given. */
function serve(user: typeof member) {
  let gateOpen = user.gateOpen;
  const { calls } = stub(
    {
      "GET /api/auth/user": () => answer({ ...user, gateOpen }),
      "POST /api/gate": ({ body }) => {
        const { password } = body as { password: string };
        if (password.toLowerCase() !== "nocturne")
          return answer({ message: "Incorrect password. Access denied." }, 403);
        gateOpen = true;
        return answer({ ok: true });
      },
    },
    ({ url }) => {
      if (!url.pathname.startsWith("/api/auction-lots")) return answer({ message: "Not found" }, 404);
      if (!gateOpen) return sealed;
      return url.pathname === "/api/auction-lots/7" ? answer(lot()) : answer([]);
    },
  );
  return {
    /** "METHOD /path?query" of each request, in order. */
    get asked() {
      return calls.map((call) => `${call.method} ${call.url.pathname}${call.url.search}`);
    },
  };
}

/** The page's code is loaded first: on a busy machine, importing it can outlast a find's wait. */
async function renderAt(url: string) {
  await preloadRoute(url);
  return renderRoutes(url, <AppRoutes />, client);
}

async function giveTheWord(word: string) {
  const dialog = await screen.findByRole("dialog", { name: "The Bidding Hall is Sealed" });
  fireEvent.change(dialog.querySelector("input[type=password]") as HTMLInputElement, { target: { value: word } });
  fireEvent.click(screen.getByRole("button", { name: "Unseal" }));
}

describe("the Bidding Hall gate, as the server keeps it", () => {
  beforeEach(() => {
    resetLotGate();
    client.clear();
    resetToasts();
    acknowledgeRites();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it("asks a member who never gave the word, and asks no lot of the server until they do", async () => {
    const server = serve(member);
    await refreshUser();
    await renderAt("/auctions");
    await giveTheWord("Nocturne");
    await waitFor(() => expect(heldUser()?.gateOpen).toBe(true));
    const calls = server.asked;
    expect(calls.filter((call) => call.includes("/api/auction-lots"))[0]).toBe("GET /api/auction-lots");
    expect(calls.indexOf("POST /api/gate")).toBeLessThan(calls.indexOf("GET /api/auction-lots"));
    // Nothing in the browser remembers it: the server does.
    expect(window.localStorage.getItem("bm.biddingHallAccess")).toBeNull();
  });

  it("lets a member the server knows as past the gate walk straight into the hall", async () => {
    serve({ ...member, gateOpen: true });
    await refreshUser();
    await renderAt("/auctions");
    expect(await screen.findByRole("heading", { name: "The Bidding Hall" })).toBeTruthy();
    await waitFor(() => expect(client.getQueryState(["lots"])?.status).toBe("success"));
    expect(screen.queryByRole("dialog", { name: "The Bidding Hall is Sealed" })).toBeNull();
  });

  it("opens the gate, not an error, when a lot answers GATE_SEALED, and shows the lot once the word is given", async () => {
    serve(member);
    await refreshUser();
    await renderAt("/lot/7");
    await giveTheWord("wrong");
    await waitFor(() => expect(toastNow()).toMatchObject({ title: "Incorrect password. Access denied." }));
    expect(screen.queryByText("The lot could not be summoned.")).toBeNull();
    // The refusal is also said at the field, which points at it.
    const word = screen.getByLabelText("Password");
    expect(word.getAttribute("aria-invalid")).toBe("true");
    const describedBy = word.getAttribute("aria-describedby") ?? "";
    expect(document.getElementById(describedBy)?.textContent).toBe("Incorrect password. Access denied.");

    await giveTheWord("NOCTURNE");
    expect(await screen.findByRole("heading", { name: "Tarot of the Drowned Court" })).toBeTruthy();
    expect(useLotGateStore.getState().sealed).toBe(false);
  });

  it("turning back at a sealed lot returns to the Sanctum", async () => {
    serve(member);
    await refreshUser();
    const router = await renderAt("/lot/7");
    await screen.findByRole("dialog", { name: "The Bidding Hall is Sealed" });
    fireEvent.click(screen.getByRole("button", { name: "Turn back" }));
    await waitFor(() => expect(router.location.pathname).toBe("/sanctum"));
  });
});
