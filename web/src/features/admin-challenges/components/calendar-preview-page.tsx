import type { ChallengeAnswer, ChallengeDayAnswer } from "@bm/shared";
import { useMemo } from "react";
import { Link, useSearchParams } from "react-router-dom";
import {
  AdminPage,
  AdminSection,
  adminColumns,
  DataTable,
  ErrorNote,
  formatCalendarDate,
  formatInstant,
  LoadingNote,
} from "../../../components/admin";
import { paths } from "../../../config/paths";
import { messageOf } from "../../../lib/api";
import { usePreview } from "../api/get-preview";
import { formatInstantToSecond, toNewYorkIso } from "../lib/ny-instant";
import { InstantPicker } from "./instant-picker";

const column = adminColumns<ChallengeAnswer>();
const STATUS_WORDS = { locked: "Locked", open: "Open", closed: "Closed" } as const;
const listColumns = [
  column.accessor("label", { header: "Place" }),
  column.accessor("title", {
    header: "Title",
    cell: (info) => {
      const row = info.row.original;
      const href = row.type === "puzzle" ? paths.adminPuzzle.href(row.id) : paths.adminTrial.href(row.id);
      return (
        <Link to={href} className="link-quiet">
          {info.getValue()}
        </Link>
      );
    },
  }),
  column.accessor("date", { header: "Date (New York)", cell: (info) => formatCalendarDate(info.getValue()) }),
  column.accessor("status", { header: "State", cell: (info) => STATUS_WORDS[info.getValue()] }),
];

/** /admin/preview?at=: the whole calendar (the day's page and the lists) as a member sees it at `at`. */
export function CalendarPreviewPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get("at");
  // A missing or unreadable instant falls back to now (the picker shows which); the server checks
  // the instant's form itself (previewQuery).
  const at = useMemo(() => (asked && !Number.isNaN(Date.parse(asked)) ? asked : toNewYorkIso(new Date())), [asked]);
  const preview = usePreview(at);

  return (
    <AdminPage
      title="Calendar Preview"
      lead="The day's page and the lists exactly as a member sees them at the chosen instant."
    >
      <div className="flex flex-col gap-6">
        <AdminSection title="The instant">
          <InstantPicker
            key={at}
            initial={at}
            quick={[{ label: "Now", at: toNewYorkIso(new Date()) }]}
            onPick={(next) => setSearchParams({ at: next })}
          />
        </AdminSection>
        {preview.isError ? (
          <ErrorNote
            message={messageOf(preview.error, "The preview could not be made.")}
            onRetry={() => void preview.refetch()}
          />
        ) : !preview.data ? (
          <LoadingNote text="Looking through a member's eyes..." />
        ) : (
          <>
            <DayPanel day={preview.data.day} at={preview.data.at} />
            <AdminSection title="Puzzles a member sees">
              <DataTable
                caption="Puzzles a member sees"
                columns={listColumns}
                data={preview.data.puzzles}
                getRowId={(row) => String(row.id)}
                empty="No puzzle is unlocked yet."
              />
            </AdminSection>
            <AdminSection title="Trials a member sees">
              <DataTable
                caption="Trials a member sees"
                columns={listColumns}
                data={preview.data.trials}
                getRowId={(row) => String(row.id)}
                empty="No trial is unlocked yet."
              />
            </AdminSection>
          </>
        )}
      </div>
    </AdminPage>
  );
}

function DayPanel({ day, at }: { day: ChallengeDayAnswer; at: string }) {
  return (
    <AdminSection
      title="The day's page"
      description={`At ${formatInstantToSecond(at)}: New York day ${formatCalendarDate(day.date)}.`}
    >
      {day.status === "none" ? (
        <p className="text-lg text-bone-muted italic">No items found</p>
      ) : day.status === "locked" ? (
        <p className="text-lg text-bone">
          Coming Soon{day.label ? ` · ${day.label}` : ""}: unlocks {formatInstant(day.unlocksAt)}
        </p>
      ) : (
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-base">
          <dt className="text-bone-faint">Shows</dt>
          <dd className="text-bone">
            {day.label} · {day.challenge?.title ?? "—"}
          </dd>
          <dt className="text-bone-faint">State</dt>
          <dd className="text-bone">{day.status === "open" ? "Open: takes answers" : "Closed"}</dd>
          <dt className="text-bone-faint">Next unlock</dt>
          <dd className="text-bone">
            {day.nextUnlocksAt ? formatInstant(day.nextUnlocksAt) : "None: the calendar has ended"}
          </dd>
        </dl>
      )}
    </AdminSection>
  );
}
