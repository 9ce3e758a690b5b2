import type { MemberDetail } from "@bm/shared/admin";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { AdminSection, formatInstant } from "../../../components/admin";
import { paths } from "../../../config/paths";
import { credits } from "../../../lib/format";

/** A short list of a member's records: one line each, or what an empty list says. */
function Lines({ label, empty, children }: { label: string; empty: string; children: ReactNode[] }) {
  if (children.length === 0) return <p className="text-base text-bone-muted italic">{empty}</p>;
  return (
    <ul aria-label={label} className="divide-y divide-gold/10 border-y border-gold/10">
      {children}
    </ul>
  );
}

function Line({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  return (
    <li className="flex flex-col gap-1 py-2.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
      <span className="min-w-0 text-base">{children}</span>
      {aside && <span className="text-sm whitespace-nowrap text-bone-muted">{aside}</span>}
    </li>
  );
}

const address = (value: string | null) => (
  <span className="font-mono text-sm text-bone-faint">{value ?? "no address"}</span>
);

export function LeadingLots({ lots }: { lots: MemberDetail["leadingLots"] }) {
  return (
    <AdminSection title="Leading now" description="Open lots this member leads: their credits there are committed.">
      <Lines label="Leading lots" empty="Leading no open lot.">
        {lots.map((lot) => (
          <Line key={lot.lotId} aside={`closes ${formatInstant(lot.closesAt)}`}>
            <span className="text-bone-faint">#{lot.lotNumber}</span> {lot.title} · {credits(lot.currentBid)} (
            {credits(lot.creditsUsed)} in credits)
          </Line>
        ))}
      </Lines>
    </AdminSection>
  );
}

export function Answers({ detail }: { detail: MemberDetail }) {
  return (
    <AdminSection title="Answers" description="The latest right answers (with the credits they earned) and wrong ones.">
      <div className="grid gap-6 lg:grid-cols-2">
        <div>
          <h3 className="mb-2 text-lg">Completions</h3>
          <Lines label="Completions" empty="No completion yet.">
            {detail.completions.map((c) => (
              <Line
                key={`${c.kind}-${c.at}-${c.title}`}
                aside={
                  <>
                    {formatInstant(c.at)} · {address(c.address)}
                  </>
                }
              >
                {c.kind === "puzzle" ? "Puzzle" : "Trial"}: {c.title} · +{c.credits}
              </Line>
            ))}
          </Lines>
        </div>
        <div>
          <h3 className="mb-2 text-lg">Failed attempts</h3>
          <Lines label="Failed attempts" empty="No wrong answer.">
            {detail.failedAttempts.map((f) => (
              <Line
                key={`${f.kind}-${f.at}-${f.title}`}
                aside={
                  <>
                    {formatInstant(f.at)} · {address(f.address)}
                  </>
                }
              >
                {f.kind === "puzzle" ? "Puzzle" : "Trial"}: {f.title}
              </Line>
            ))}
          </Lines>
        </div>
      </div>
    </AdminSection>
  );
}

export function Referrals({ referrals }: { referrals: MemberDetail["referrals"] }) {
  return (
    <AdminSection title="Referrals">
      <p className="mb-3 text-base text-bone-muted">
        Referred by:{" "}
        {referrals.referredBy ? (
          <Link
            to={paths.adminMember.href(referrals.referredBy.id)}
            className="text-gold-bright underline decoration-gold/40 underline-offset-4"
          >
            {referrals.referredBy.email}
          </Link>
        ) : (
          "nobody"
        )}
      </p>
      <Lines label="Invited" empty="Invited nobody.">
        {referrals.invited.map((r) => (
          <Line
            key={r.email}
            aside={r.completedAt ? `joined ${formatInstant(r.completedAt)}` : `invited ${formatInstant(r.createdAt)}`}
          >
            {r.refereeId ? (
              <Link
                to={paths.adminMember.href(r.refereeId)}
                className="text-gold-bright underline decoration-gold/40 underline-offset-4"
              >
                {r.email}
              </Link>
            ) : (
              r.email
            )}
            {r.creditsAwarded ? " · credits awarded" : ""}
          </Line>
        ))}
      </Lines>
    </AdminSection>
  );
}

export function SignIns({ signIns }: { signIns: MemberDetail["signIns"] }) {
  return (
    <AdminSection title="Sign-ins" description="The latest hundred, newest first.">
      <Lines label="Sign-ins" empty="No sign-in recorded.">
        {signIns.map((s, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two sign-ins may share an instant and an address.
          <Line key={i} aside={address(s.address)}>
            {formatInstant(s.at)}
          </Line>
        ))}
      </Lines>
    </AdminSection>
  );
}
