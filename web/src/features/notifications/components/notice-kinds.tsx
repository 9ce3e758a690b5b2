import { CLOSING_NOTICE_MINUTES, type NoticeChoices, type NoticeKind } from "@bm/shared";
import { useId } from "react";
import { cn } from "../../../lib/cn";

const KINDS: Array<{ kind: NoticeKind; label: string; hint: string }> = [
  { kind: "outbid", label: "Outbid", hint: "Another bid passes yours on a lot." },
  {
    kind: "closing",
    label: `Closing in ${CLOSING_NOTICE_MINUTES} minutes`,
    hint: "A lot you watch or bid on is about to be sealed.",
  },
  { kind: "won", label: "Won", hint: "The hammer falls in your favour." },
];

interface NoticeKindsProps {
  /** The group's name ("Notices to send"). */
  legend: string;
  choices: NoticeChoices;
  onChange: (choices: NoticeChoices) => void;
  /** Kinds the channel always carries, with the reason shown in place of their hint: ticked, not to be changed. */
  always?: Partial<Record<NoticeKind, string>>;
}

/** The three kinds of notice, a box each: outbid, closing in 15 minutes, won. */
export function NoticeKinds({ legend, choices, onChange, always = {} }: NoticeKindsProps) {
  const id = useId();
  return (
    <fieldset className="mt-4">
      <legend className="label">{legend}</legend>
      <ul className="divide-y divide-gold/12 border-y border-gold/15">
        {KINDS.map(({ kind, label, hint }) => {
          const fixed = always[kind];
          return (
            <li key={kind} className="py-3">
              <label
                htmlFor={`${id}-${kind}`}
                className={cn("flex min-h-11 items-center gap-3", fixed ? "cursor-default" : "cursor-pointer")}
              >
                <span className="relative inline-flex h-6 w-6 shrink-0">
                  <input
                    id={`${id}-${kind}`}
                    type="checkbox"
                    className="peer h-6 w-6 cursor-pointer appearance-none rounded-[3px] border border-gold/70 bg-ink-950 transition-colors checked:border-gold-bright checked:bg-gold hover:border-gold-bright disabled:cursor-default disabled:border-gold-dim disabled:bg-gold-dim"
                    checked={fixed ? true : choices[kind]}
                    disabled={fixed !== undefined}
                    aria-describedby={`${id}-${kind}-hint`}
                    onChange={(event) => onChange({ ...choices, [kind]: event.target.checked })}
                  />
                  <svg
                    viewBox="0 0 24 24"
                    aria-hidden="true"
                    className="pointer-events-none absolute inset-0 hidden h-6 w-6 text-ink-950 peer-checked:block"
                  >
                    <path d="M6 12.5 L10.2 16.5 L18 8" fill="none" stroke="currentColor" strokeWidth="2.4" />
                  </svg>
                </span>
                <span className="text-lg text-bone">{label}</span>
              </label>
              <p id={`${id}-${kind}-hint`} className="pl-9 text-base text-bone-muted">
                {fixed ?? hint}
              </p>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/** "Saving..." then "Saved", told politely as the boxes are saved. */
export function SaveState({ status }: { status: "idle" | "pending" | "success" | "error" }) {
  return (
    <p role="status" className="mt-3 min-h-6 text-base text-bone-faint italic">
      {status === "pending" ? "Saving..." : status === "success" ? "Saved." : ""}
    </p>
  );
}
