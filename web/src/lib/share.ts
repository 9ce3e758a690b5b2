type ShareOutcome = "shared" | "copied" | "cancelled" | "failed";

interface ShareTarget {
  title: string;
  text?: string;
  url: string;
}

/**
 * The Web Share sheet where the browser has one; otherwise the link goes to the clipboard.
 * A share the member cancelled is no failure.
 */
export async function shareLink(target: ShareTarget, nav: Navigator = navigator): Promise<ShareOutcome> {
  if (typeof nav.share === "function") {
    try {
      await nav.share(target);
      return "shared";
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return "cancelled";
      if (error instanceof Error && error.name === "AbortError") return "cancelled";
      return "failed";
    }
  }
  try {
    await nav.clipboard.writeText(target.url);
    return "copied";
  } catch {
    return "failed";
  }
}
