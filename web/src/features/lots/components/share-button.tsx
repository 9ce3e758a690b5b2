import type { LotAnswer } from "@bm/shared";
import { useState } from "react";
import { toast } from "../../../components/ui/toast";
import { paths } from "../../../config/paths";
import { cn } from "../../../lib/cn";
import { shareLink } from "../../../lib/share";

/** Shares the lot's link through the share sheet, or copies it. */
export function ShareButton({ lot, className }: { lot: LotAnswer; className?: string }) {
  const [busy, setBusy] = useState(false);

  async function onShare() {
    if (busy) return;
    setBusy(true);
    const url = new URL(paths.lot.href(lot.lotNumber), window.location.origin).toString();
    const outcome = await shareLink({
      title: `Lot ${lot.lotNumber} · ${lot.title}`,
      text: `${lot.title}, at the Black Market.`,
      url,
    });
    setBusy(false);
    if (outcome === "copied")
      toast({ title: "Link Copied!", description: "The lot's link is on your clipboard.", aboutPage: true });
    else if (outcome === "failed") {
      toast({
        title: "Share Failed",
        description: "The link could not be shared.",
        variant: "destructive",
        aboutPage: true,
      });
    }
  }

  return (
    <button type="button" onClick={onShare} disabled={busy} className={cn("btn btn-outline", className)}>
      <svg
        viewBox="0 0 16 16"
        className="h-4 w-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.2"
        aria-hidden="true"
      >
        <circle cx="12" cy="3.5" r="1.8" />
        <circle cx="4" cy="8" r="1.8" />
        <circle cx="12" cy="12.5" r="1.8" />
        <path d="M5.6 7.1 L10.4 4.4 M5.6 8.9 L10.4 11.6" />
      </svg>
      Share
    </button>
  );
}
