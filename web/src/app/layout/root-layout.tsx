import { useEffect } from "react";
import { Outlet, ScrollRestoration, useLocation } from "react-router-dom";
import { FullScreenLoader } from "../../components/ui/spinner";
import { useAuthStatus } from "../../features/auth";
import { CartSheet, useCartStore } from "../../features/cart";
import { useCheckoutReturn } from "../hooks/use-checkout-return";
import { useClaimPaidNotice } from "../hooks/use-claim-paid";
import { useRealtime } from "../hooks/use-realtime";
import { useSessionExpiry } from "../hooks/use-session-expiry";
import { SiteHeader } from "./site-header";

export function RootLayout() {
  const status = useAuthStatus();
  const { pathname } = useLocation();
  useRealtime();
  useSessionExpiry();
  useClaimPaidNotice();
  useCheckoutReturn();

  // The cart sheet closes whenever the page changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input.
  useEffect(() => {
    useCartStore.getState().setOpen(false);
  }, [pathname]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[80] focus:bg-ink-800 focus:px-4 focus:py-2 focus:text-gold-bright"
      >
        Skip to content
      </a>
      <SiteHeader />
      <div id="main-content" className="flex flex-1 flex-col">
        {status === "loading" ? <FullScreenLoader /> : <Outlet />}
      </div>
      <CartSheet />
      <ScrollRestoration />
    </div>
  );
}
