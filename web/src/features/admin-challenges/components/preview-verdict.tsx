import type { ChallengeAnswer } from "@bm/shared";
import type { PreviewOneAnswer } from "@bm/shared/admin";
import { formatInstant } from "../../../components/admin";
import { cn } from "../../../lib/cn";
import { formatInstantToSecond } from "../lib/ny-instant";

const STATUS_WORDS: Record<ChallengeAnswer["status"], string> = {
  locked: "Locked (Coming Soon)",
  open: "Open: takes answers",
  closed: "Closed: the next entry has unlocked",
};

/** What the member meets at the instant: the page (and its state), or hidden with the message. */
export function PreviewVerdict({ answer }: { answer: PreviewOneAnswer }) {
  const { challenge } = answer;
  return (
    <div
      className={cn(
        "border px-4 py-4",
        answer.visible ? "border-gold/40 bg-ink-800/60" : "border-blood-bright/40 bg-blood-deep/25",
      )}
    >
      <p className="eyebrow">At {formatInstantToSecond(answer.at)}</p>
      <p className="mt-2 font-display text-xl text-bone">
        {answer.visible ? "Visible to members" : "Hidden from members"}
      </p>
      {answer.message && <p className="mt-1 text-base text-bone-muted">They read: “{answer.message}”</p>}
      {challenge && (
        <dl className="mt-3 grid gap-x-6 gap-y-1 text-base sm:grid-cols-[auto_1fr]">
          <dt className="text-bone-faint">Page</dt>
          <dd className="text-bone">
            {challenge.label} · {challenge.title}
          </dd>
          <dt className="text-bone-faint">State</dt>
          <dd className="text-bone">{STATUS_WORDS[challenge.status]}</dd>
          <dt className="text-bone-faint">Answers close</dt>
          <dd className="text-bone">{challenge.closesAt ? formatInstant(challenge.closesAt) : "At the event's end"}</dd>
          {challenge.maxWinners !== null && (
            <>
              <dt className="text-bone-faint">Winner slots left</dt>
              <dd className="text-bone lining-nums">
                {challenge.winnersLeft ?? "—"} of {challenge.maxWinners}
              </dd>
            </>
          )}
        </dl>
      )}
    </div>
  );
}
