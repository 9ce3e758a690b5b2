export { CartButton } from "./components/cart-button";
export { CartSheet } from "./components/cart-sheet";
export { resetCart, useCartStore } from "./stores/cart-store";
