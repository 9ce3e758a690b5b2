import { DevProductPage } from "../../features/dev-shop/components/dev-product-page";

/** /dev-shop/products/:handle (its own chunk: the router loads it lazily as this module's default). */
export default DevProductPage;
