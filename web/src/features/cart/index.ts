export { followCartInOtherTabs, resetCart, settleCheckout, useCartStore } from "../../stores/cart-store";
export { CartButton } from "./components/cart-button";
export { CartSheet } from "./components/cart-sheet";
