import { cleanup } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, vi } from "vitest";
import { resetToasts } from "../components/ui/toast/toast-store";
import { useBannerStore } from "../features/lots/stores/banner-store";
import { useLotGateStore } from "../features/lots/stores/gate-store";
import { queryClient } from "../lib/query-client";
import { resetServerClockForTests } from "../lib/server-clock";
import { useSocketStore } from "../lib/socket";
import { resetSocketForTests, setSocketFactoryForTests } from "../lib/socket-connection";
import { useCartStore } from "../stores/cart-store";

/**
 * Run before every web test file (vitest.config.ts). The web project's workers keep the modules
 * they loaded from one file to the next (`isolate: false`: a fresh jsdom and module graph for each
 * of eighty files was two thirds of its time), so each file starts here from what a page opened
 * afresh would hold: no server clock offset, no socket, empty stores and storage, real timers, and
 * nothing rendered or stubbed by the file before.
 */
function freshPage() {
  // The files that run in node (`@vitest-environment node`: budgets, fonts, boundaries) have no page.
  if (typeof window === "undefined") return;
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.body.innerHTML = "";
  queryClient.clear();
  resetServerClockForTests();
  setSocketFactoryForTests(null);
  resetSocketForTests();
  resetToasts();
  window.history.replaceState(null, "", "/");
  for (const store of [useBannerStore, useLotGateStore, useSocketStore, useCartStore] as const) {
    (store as { setState(state: unknown, replace: true): void }).setState(store.getInitialState(), true);
  }
}

beforeAll(freshPage);
afterAll(async () => {
  // A lazy part that the file's last render asked for (the member layer, once a member is known; a
  // page's code) may still be arriving when the file ends. Were it the worker's last file, its
  // environment would be torn down under that import (EnvironmentTeardownError, seen on a busy
  // machine): every import started is waited for first.
  await vi.dynamicImportSettled();
  freshPage();
});
// What a test rendered is unmounted when it ends (Testing Library does this by itself only where
// vitest's globals are on): a hook left mounted by one test goes on polling into the next one's
// stubbed server, and a lot page's leftover poll answered 401 there reported a lapsed session.
afterEach(() => {
  if (typeof window !== "undefined") cleanup();
});
