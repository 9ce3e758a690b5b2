import { useEffect } from "react";
import { useLocation } from "react-router-dom";
import { CartSheet, followCartInOtherTabs, useCartStore } from "../../features/cart";
import { PasskeyOffer } from "../../features/passkeys";
import { useCheckoutReturn } from "../hooks/use-checkout-return";
import { useClaimPaidNotice } from "../hooks/use-claim-paid";
import { useRealtime } from "../hooks/use-realtime";

/**
 * What only a signed-in member needs on every page: the live connection (socket.io and its
 * handlers), the notices of a claim paid and of a return from the checkout, the cart sheet, and the
 * offer of a passkey after a code sign-in. Loaded once a member is known, never for a visitor's first page.
 */
export default function MemberLayer() {
  const { pathname } = useLocation();
  useRealtime();
  useClaimPaidNotice();
  useCheckoutReturn();
  // The cart is shared by the member's tabs: a change in one shows in the others.
  useEffect(() => followCartInOtherTabs(), []);

  // The cart sheet closes whenever the page changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input.
  useEffect(() => {
    useCartStore.getState().setOpen(false);
  }, [pathname]);

  return (
    <>
      <CartSheet />
      <PasskeyOffer />
    </>
  );
}
