import type { LotAnswer } from "@bm/shared";
import { useEffect, useMemo } from "react";
import { useShallow } from "zustand/react/shallow";
import { refreshWonLots } from "../stores/lot-loaders";
import { type LoadStatus, useLotsStore } from "../stores/lots-store";

/** The lots this member has won, newest first (loaded on mount). */
export function useWonLots(): { lots: LotAnswer[]; status: LoadStatus } {
  const status = useLotsStore((s) => s.wonStatus);
  const ids = useLotsStore((s) => s.wonIds);
  const found = useLotsStore(useShallow((s) => (ids ?? []).map((id) => s.byId[id])));
  const lots = useMemo(() => found.filter((lot): lot is LotAnswer => lot !== undefined), [found]);

  useEffect(() => {
    refreshWonLots();
  }, []);

  return { lots, status };
}
