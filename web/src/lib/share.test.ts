import { describe, expect, it, vi } from "vitest";
import { shareLink } from "./share";

const target = { title: "Lot 7", url: "https://example.test/lot/7" };

function navWith(parts: Partial<Navigator>): Navigator {
  return parts as Navigator;
}

describe("shareLink", () => {
  it("uses the share sheet when there is one", async () => {
    const share = vi.fn(async () => {});
    expect(await shareLink(target, navWith({ share }))).toBe("shared");
    expect(share).toHaveBeenCalledWith(target);
  });

  it("treats a cancelled share as no failure", async () => {
    const share = vi.fn(async () => {
      throw new DOMException("Share canceled", "AbortError");
    });
    expect(await shareLink(target, navWith({ share }))).toBe("cancelled");
  });

  it("reports any other share error as a failure", async () => {
    const share = vi.fn(async () => {
      throw new DOMException("Not allowed", "NotAllowedError");
    });
    expect(await shareLink(target, navWith({ share }))).toBe("failed");
  });

  it("copies the link when the browser cannot share, and fails when the clipboard refuses", async () => {
    const writeText = vi.fn(async () => {});
    expect(await shareLink(target, navWith({ clipboard: { writeText } as unknown as Clipboard }))).toBe("copied");
    expect(writeText).toHaveBeenCalledWith(target.url);

    const refused = vi.fn(async () => {
      throw new Error("denied");
    });
    expect(await shareLink(target, navWith({ clipboard: { writeText: refused } as unknown as Clipboard }))).toBe(
      "failed",
    );
  });
});
