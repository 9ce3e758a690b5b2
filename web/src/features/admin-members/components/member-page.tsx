import type { CreditAdjustment, MemberDetail } from "@bm/shared/admin";
import { type ReactNode, useState } from "react";
import { Link } from "react-router-dom";
import {
  type AdminColumn,
  AdminPage,
  AdminSection,
  adminColumns,
  DataTable,
  ErrorNote,
  formatInstant,
  LoadingNote,
  Stat,
} from "../../../components/admin";
import { Button } from "../../../components/ui/button";
import { paths } from "../../../config/paths";
import { ApiError, messageOf } from "../../../lib/api";
import { credits } from "../../../lib/format";
import { useMember } from "../api/members-api";
import { AdjustmentForm, type AdjustmentPrefill } from "./adjustment-form";
import { FlagBadges } from "./flag-badges";
import { BidsSection, ClaimsSection, LedgerSection } from "./member-lists";
import { MemberPasskeys } from "./member-passkeys";
import { Answers, LeadingLots, Referrals, SignIns } from "./member-records";

interface MemberPageProps {
  id: string;
  /** The member's suspension panel, composed by app/ (the admin-suspension feature owns it). */
  suspension: (member: { id: string; email: string }) => ReactNode;
}

/** /admin/members/{id}: everything the operator needs to answer a member, and their credits to adjust. */
export function MemberPage({ id, suspension }: MemberPageProps) {
  const member = useMember(id);
  const back = (
    <Link to={paths.adminMembers.href()} className="btn btn-outline">
      All members
    </Link>
  );
  if (member.isError) {
    const missing = member.error instanceof ApiError && member.error.status === 404;
    return (
      <AdminPage title="Member" actions={back}>
        <ErrorNote
          message={missing ? "No member has this id." : messageOf(member.error, "The member could not be read.")}
          onRetry={missing ? undefined : () => void member.refetch()}
        />
      </AdminPage>
    );
  }
  if (!member.data) {
    return (
      <AdminPage title="Member" actions={back}>
        <LoadingNote text="Opening the member's file..." />
      </AdminPage>
    );
  }
  const detail = member.data;
  const name = [detail.member.firstName, detail.member.lastName].filter(Boolean).join(" ");
  return (
    <AdminPage title={detail.member.email} lead={name || undefined} actions={back}>
      <div className="flex flex-col gap-6">
        <Facts detail={detail} />
        <CreditsSection detail={detail} />
        {suspension({ id, email: detail.member.email })}
        <LeadingLots lots={detail.leadingLots} />
        <BidsSection memberId={id} />
        <ClaimsSection memberId={id} />
        <LedgerSection memberId={id} />
        <Answers detail={detail} />
        <Referrals referrals={detail.referrals} />
        <SignIns signIns={detail.signIns} />
        <MemberPasskeys memberId={id} />
      </div>
    </AdminPage>
  );
}

function Facts({ detail }: { detail: MemberDetail }) {
  const { member } = detail;
  return (
    <dl className="grid gap-3 text-base sm:grid-cols-2 lg:grid-cols-4">
      <div>
        <dt className="label">Flags</dt>
        <dd>
          <FlagBadges flags={member.flags} />
        </dd>
      </div>
      <div>
        <dt className="label">Joined</dt>
        <dd>{formatInstant(member.createdAt)}</dd>
      </div>
      <div>
        <dt className="label">Last sign-in</dt>
        <dd>{formatInstant(member.lastSignInAt)}</dd>
      </div>
      <div>
        <dt className="label">Referral code</dt>
        <dd className="font-mono">{member.referralCode ?? "—"}</dd>
      </div>
    </dl>
  );
}

function CreditsSection({ detail }: { detail: MemberDetail }) {
  const [prefill, setPrefill] = useState<{ key: number; value: AdjustmentPrefill } | null>(null);
  const column = adminColumns<CreditAdjustment>();
  const columns: AdminColumn<CreditAdjustment>[] = [
    column.accessor("createdAt", {
      header: "When",
      cell: (i) => <span className="whitespace-nowrap">{formatInstant(i.getValue())}</span>,
    }),
    column.accessor("amount", {
      header: "Credits",
      meta: { align: "right" },
      cell: (i) => (
        <span className="lining-nums tabular-nums">{i.getValue() > 0 ? `+${i.getValue()}` : i.getValue()}</span>
      ),
    }),
    column.accessor("reason", { header: "Reason (admins only)", meta: { className: "max-w-72 whitespace-normal" } }),
    column.accessor("note", {
      header: "Member reads",
      meta: { className: "max-w-64 whitespace-normal" },
      cell: (i) => i.getValue() ?? <span className="text-bone-faint italic">Adjustment by the House</span>,
    }),
    column.accessor("actorEmail", { header: "By" }),
    column.display({
      id: "compensate",
      header: () => <span className="sr-only">Compensate</span>,
      cell: ({ row }) => (
        <Button
          variant="ghost"
          className="min-h-11 px-3 text-[0.75rem]"
          onClick={() =>
            setPrefill({
              key: row.original.id,
              value: { amount: -row.original.amount, reason: `Compensates adjustment #${row.original.id}: ` },
            })
          }
        >
          Compensate
        </Button>
      ),
    }),
  ];
  return (
    <AdminSection
      title="Credits"
      description="Committed: credits held by leading bids and pending claims. An adjustment never takes the balance below them."
    >
      <dl className="mb-6 grid gap-3 sm:grid-cols-3">
        <Stat label="Balance" value={credits(detail.credits.balance)} />
        <Stat label="Committed" value={credits(detail.credits.committed)} />
        <Stat label="Available" value={credits(detail.credits.available)} />
      </dl>
      <h3 className="mb-3 text-lg">Adjust credits</h3>
      <AdjustmentForm
        key={prefill?.key ?? "new"}
        memberId={detail.member.id}
        email={detail.member.email}
        balance={detail.credits.balance}
        prefill={prefill?.value}
      />
      <h3 className="mt-8 mb-3 text-lg">Adjustments</h3>
      <DataTable
        caption="Credit adjustments"
        columns={columns}
        data={detail.adjustments}
        getRowId={(row) => String(row.id)}
        empty="No adjustment yet. One is undone by a compensating adjustment, never edited."
      />
    </AdminSection>
  );
}
