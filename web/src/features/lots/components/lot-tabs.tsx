import type { BidHistoryEntry, LotAnswer } from "@bm/shared";
import { memo, useState } from "react";
import { BidHistory } from "../../../components/bid-history";
import { Tabs } from "../../../components/ui/tabs";
import { LotDescription } from "./lot-description";
import { LotTerms } from "./lot-terms";

type LotTab = "description" | "history" | "terms";

/** Under the lot: its description, its bid history (with a count) and the terms. */
function LotTabsView({ lot, bids }: { lot: LotAnswer; bids: BidHistoryEntry[] | undefined }) {
  const [tab, setTab] = useState<LotTab>("description");
  return (
    <Tabs
      className="mt-12"
      label="About this lot"
      value={tab}
      onValueChange={setTab}
      items={[
        { key: "description", label: "Description" },
        { key: "history", label: "Bid History", badge: bids && bids.length > 0 ? bids.length : undefined },
        { key: "terms", label: "Terms & Conditions" },
      ]}
    >
      {tab === "description" && <LotDescription lot={lot} />}
      {tab === "history" && <BidHistory bids={bids} ended={lot.isClosed} />}
      {tab === "terms" && <LotTerms />}
    </Tabs>
  );
}

/** Memoised: the lot page re-renders as its clock ticks and its answers arrive; this part only when its own props change. */
export const LotTabs = memo(LotTabsView);
