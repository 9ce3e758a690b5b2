export { CartButton } from "./components/cart-button";
export { CartSheet } from "./components/cart-sheet";
export { resetCart, settleCheckout, useCartStore } from "./stores/cart-store";
