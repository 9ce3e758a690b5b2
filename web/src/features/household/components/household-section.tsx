import { HouseholdMessages } from "@bm/shared";
import { type FormEvent, useState } from "react";
import { Button } from "../../../components/ui/button";
import { messageOf } from "../../../lib/api";
import { useChangeHousehold, useHousehold } from "../api/household-api";

/**
 * A declared household: two members who share a home say so, so that the House reads their shared
 * address for what it is. One invites by address; the other confirms here; either ends it.
 */
export function HouseholdSection() {
  const { data, error } = useHousehold();
  const change = useChangeHousehold();
  const [email, setEmail] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const act = (c: Parameters<typeof change.mutate>[0]) => {
    setProblem(null);
    change.mutate(c, { onError: (e) => setProblem(messageOf(e, "That did not go through. Try again.")) });
  };
  const invite = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) act({ kind: "invite", email: email.trim() });
  };
  const link = data?.link ?? null;
  return (
    <section aria-labelledby="household-heading" className="panel mt-6 px-4 py-6 sm:mt-8 sm:px-8">
      <span className="panel-corners" aria-hidden="true" />
      <h2 id="household-heading" className="text-2xl sm:text-3xl">
        Household
      </h2>
      <p className="mt-3 text-base text-bone-muted">
        Share a home with another member? Declare it, and the House will know why your two accounts come from one
        address. Either of you can end it at any time.
      </p>
      {error && (
        <p role="alert" className="mt-4 text-blood-bright">
          {messageOf(error, "Your household could not be read.")}
        </p>
      )}
      {data && !link && (
        <form onSubmit={invite} className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="grow">
            <label htmlFor="household-email" className="label">
              Their e-mail address
            </label>
            <input
              id="household-email"
              type="email"
              autoComplete="off"
              className="field mt-2 w-full"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-describedby={problem ? "household-problem" : undefined}
            />
          </div>
          <Button type="submit" disabled={change.isPending || !email.trim()}>
            Invite
          </Button>
        </form>
      )}
      {link && (
        <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-base" aria-live="polite">
            {link.state === "active" && (
              <>
                You share a home with <strong>{link.partnerEmail}</strong>.
              </>
            )}
            {link.state === "outgoing" && (
              <>
                Waiting for <strong>{link.partnerEmail}</strong> to confirm.
              </>
            )}
            {link.state === "incoming" && (
              <>
                <strong>{link.partnerEmail}</strong> says you share a home.
              </>
            )}
          </p>
          <div className="flex gap-3">
            {link.state === "incoming" && (
              <Button onClick={() => act({ kind: "confirm", id: link.id })} disabled={change.isPending}>
                Confirm
              </Button>
            )}
            <Button variant="outline" onClick={() => act({ kind: "end", id: link.id })} disabled={change.isPending}>
              {link.state === "active" ? "End household" : link.state === "incoming" ? "Decline" : "Withdraw"}
            </Button>
          </div>
        </div>
      )}
      {problem && (
        <p id="household-problem" role="alert" className="mt-3 text-blood-bright">
          {problem}
        </p>
      )}
      {change.isSuccess && !problem && (
        <p className="sr-only" role="status">
          {link
            ? link.state === "active"
              ? HouseholdMessages.confirmed
              : HouseholdMessages.invited
            : HouseholdMessages.ended}
        </p>
      )}
    </section>
  );
}
