import { useSite } from "../../../lib/site";

/** A short word from the operators; admins also learn that every door is open to them. */
export function AdminNote({ isAdmin }: { isAdmin: boolean }) {
  // The configured address (SUPPORT_EMAIL), named once it is known.
  const supportEmail = useSite().data?.supportEmail;
  return (
    <aside
      aria-labelledby="admin-note-heading"
      className="mx-auto mt-14 max-w-2xl border-y border-gold/20 px-4 py-6 text-center"
    >
      <h2 id="admin-note-heading" className="font-display text-xs tracking-[0.32em] text-gold uppercase">
        A note from the keepers
      </h2>
      <p className="mt-3 text-base leading-relaxed text-bone-muted">
        The chambers open as the event draws near. If a door will not yield or a figure seems wrong, write to{" "}
        {supportEmail ? (
          <a className="link-quiet" href={`mailto:${supportEmail}`}>
            {supportEmail}
          </a>
        ) : (
          "the House's support address"
        )}{" "}
        and the House will look into it.
      </p>
      {isAdmin && (
        <p className="mt-3 text-base text-gold-bright italic">
          You hold the keeper's mark: every section stays open to you for testing.
        </p>
      )}
    </aside>
  );
}
