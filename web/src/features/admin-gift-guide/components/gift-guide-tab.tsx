import { CurrentProducts } from "./current-products";
import { LiveProducts } from "./live-products";

/** The Gift Guide tab: what the guide holds, and the shop's products to add. */
export function GiftGuideTab() {
  return (
    <div className="grid items-start gap-6 xl:grid-cols-2">
      <CurrentProducts />
      <LiveProducts />
    </div>
  );
}
