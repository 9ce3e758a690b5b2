import { useEffect, useRef, useState } from "react";

/** How long "Extended" stays after a soft close moved the lot's end. */
export const EXTENSION_NOTICE_MS = 30_000;

/**
 * True for a while after the lot's close moved later while it was open (a bid in the last
 * minutes extended it): the countdown jumping back is then explained, to everyone watching.
 */
export function useExtensionNotice(closesAt: string, isClosed: boolean): boolean {
  const seen = useRef(closesAt);
  const [extendedAt, setExtendedAt] = useState<number | null>(null);

  useEffect(() => {
    const before = Date.parse(seen.current);
    seen.current = closesAt;
    if (!isClosed && Date.parse(closesAt) > before) setExtendedAt(Date.now());
  }, [closesAt, isClosed]);

  useEffect(() => {
    if (extendedAt === null) return;
    const timer = setTimeout(() => setExtendedAt(null), EXTENSION_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [extendedAt]);

  return extendedAt !== null && !isClosed;
}
