import { CODE_LENGTH, CODE_TTL_MINUTES } from "@bm/shared";

/** Under the code form: why a code, where it may hide, how long it lasts. */
export function CodeHelp() {
  return (
    <aside className="border-l-2 border-gold/40 bg-ink-950/60 px-4 py-3 text-base leading-relaxed text-bone-muted">
      <h2 className="mb-1 font-display text-xs tracking-[0.2em] text-gold uppercase">About your code</h2>
      <ul className="list-none space-y-1">
        <li>
          The House keeps no passwords. This {CODE_LENGTH}-digit code proves the address is yours and opens the door.
        </li>
        <li>Nothing arrived? Look in your spam or promotions folder.</li>
        <li>The code expires in {CODE_TTL_MINUTES} minutes and works once. A resend replaces the old code.</li>
      </ul>
    </aside>
  );
}
