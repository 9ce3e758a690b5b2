export { DevCheckoutPage } from "../../features/dev-shop/components/dev-checkout-page";
