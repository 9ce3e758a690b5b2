import { CurrentProducts } from "./current-products";
import { LiveProducts } from "./live-products";

/** The Gift Guide tab: what the guide holds, and the shop's products to add. */
export function GiftGuideTab() {
  return (
    <div className="flex flex-col gap-6">
      <CurrentProducts />
      <LiveProducts />
    </div>
  );
}
