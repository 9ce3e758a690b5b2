import { BROADCAST_MAX, broadcastBody, type ConsoleBanner } from "@bm/shared/admin";
import { useState } from "react";
import { AdminSection, FormField, formatInstant } from "../../../components/admin";
import { Button } from "../../../components/ui/button";
import { ControlDialog } from "./control-dialog";

type HallAsk = "pause" | "resume" | "broadcast" | "clear";

/** The whole hall: pause or resume every lot, and the banner every connected member sees. */
export function HallControls({ banner, hallPaused }: { banner: ConsoleBanner | null; hallPaused: boolean }) {
  const [asking, setAsking] = useState<HallAsk | null>(null);
  const [message, setMessage] = useState("");
  const [touched, setTouched] = useState(false);
  const parsed = broadcastBody.safeParse({ message });
  const error = touched && !parsed.success ? parsed.error.issues[0]?.message : undefined;
  const close = () => setAsking(null);

  return (
    <AdminSection
      title="The hall"
      description={hallPaused ? "The whole hall is paused: no lot takes bids." : "Every open lot takes bids."}
      actions={
        hallPaused ? (
          <Button onClick={() => setAsking("resume")}>Resume hall</Button>
        ) : (
          <Button variant="outline" onClick={() => setAsking("pause")}>
            Pause hall
          </Button>
        )
      }
    >
      <div className="flex flex-col gap-3">
        {banner ? (
          <div className="flex flex-wrap items-start justify-between gap-3 border border-gold/40 bg-ink-800/80 px-4 py-3">
            <div>
              <p className="eyebrow">Banner shown since {formatInstant(banner.at)}</p>
              <p className="mt-1 text-base text-bone">{banner.message}</p>
            </div>
            <Button variant="ghost" onClick={() => setAsking("clear")}>
              Clear banner
            </Button>
          </div>
        ) : (
          <p className="text-base text-bone-muted">No banner is shown.</p>
        )}
        <form
          className="flex flex-col gap-3 md:flex-row md:items-start"
          onSubmit={(e) => {
            e.preventDefault();
            setTouched(true);
            if (parsed.success) setAsking("broadcast");
          }}
        >
          <FormField
            className="md:flex-1"
            label="Banner message"
            error={error}
            hint={`${message.trim().length} of ${BROADCAST_MAX} characters. Shown to every member now and on reconnect, until cleared.`}
          >
            {(control) => (
              <textarea
                {...control}
                className="field min-h-12 resize-y"
                maxLength={BROADCAST_MAX + 20}
                value={message}
                onChange={(e) => setMessage(e.target.value)}
              />
            )}
          </FormField>
          <div className="md:pt-7">
            <Button type="submit">Broadcast</Button>
          </div>
        </form>
      </div>

      {asking === "pause" && (
        <ControlDialog
          title="Pause the whole hall?"
          confirmLabel="Pause hall"
          control={{ kind: "pause-hall" }}
          onClose={close}
        >
          <p>
            Every open lot stops taking bids, with a message naming the pause; no lot closes while paused. On resume
            every paused lot's close moves later by the time it was paused.
          </p>
          <p>Every connected member is told at once.</p>
        </ControlDialog>
      )}
      {asking === "resume" && (
        <ControlDialog
          title="Resume the hall?"
          confirmLabel="Resume hall"
          control={{ kind: "resume-hall" }}
          onClose={close}
        >
          <p>Bidding opens again on every paused lot, each close moved later by the time it was paused.</p>
          <p>Every connected member is told at once.</p>
        </ControlDialog>
      )}
      {asking === "broadcast" && parsed.success && (
        <ControlDialog
          title="Broadcast this banner?"
          confirmLabel="Broadcast"
          control={{ kind: "broadcast", body: parsed.data }}
          onClose={close}
          onDone={() => {
            setMessage("");
            setTouched(false);
          }}
        >
          <blockquote className="border-l-2 border-gold/60 pl-3 text-bone">{parsed.data.message}</blockquote>
          <p>
            Every connected member sees it at once, and anyone who connects later, until you clear it
            {banner ? "; it replaces the banner shown now" : ""}.
          </p>
        </ControlDialog>
      )}
      {asking === "clear" && (
        <ControlDialog
          title="Clear the banner?"
          confirmLabel="Clear banner"
          control={{ kind: "clear-broadcast" }}
          onClose={close}
        >
          <p>The banner disappears for every connected member at once.</p>
        </ControlDialog>
      )}
    </AdminSection>
  );
}
