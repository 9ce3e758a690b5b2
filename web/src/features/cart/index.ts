export { CartButton } from "./components/cart-button";
export { CartSheet } from "./components/cart-sheet";
export { followCartInOtherTabs, resetCart, settleCheckout, useCartStore } from "./stores/cart-store";
