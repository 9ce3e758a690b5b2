import { GLITCH_EVERY_MS, GLITCH_FOR_MS } from "@bm/shared";
import { useEffect, useState } from "react";
import { usePrefersReducedMotion } from "../../../lib/use-media-query";

/**
 * True for GLITCH_FOR_MS every GLITCH_EVERY_MS: the hub banner's glitch. Never under
 * prefers-reduced-motion.
 */
export function useGlitch(everyMs = GLITCH_EVERY_MS, forMs = GLITCH_FOR_MS): boolean {
  const reduced = usePrefersReducedMotion();
  const [glitching, setGlitching] = useState(false);

  useEffect(() => {
    if (reduced) {
      setGlitching(false);
      return;
    }
    let off: ReturnType<typeof setTimeout> | undefined;
    const timer = setInterval(() => {
      setGlitching(true);
      off = setTimeout(() => setGlitching(false), forMs);
    }, everyMs);
    return () => {
      clearInterval(timer);
      if (off !== undefined) clearTimeout(off);
    };
  }, [reduced, everyMs, forMs]);

  return glitching;
}
