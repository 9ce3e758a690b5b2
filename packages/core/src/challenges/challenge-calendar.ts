import {
  type AnswerKind,
  type ChallengeAnswer,
  type ChallengeStatus,
  challengeLabel,
  challengeUnlocksAt,
  multiImageStep,
  STANDING_KINDS,
} from "@bm/shared";
import { answerKindOf } from "./answer-kinds";
import type { Attempt, ChallengeRow, ChallengeTable } from "./challenges.repository";

/** A challenge placed in the calendar: its label, when it unlocks and when the next entry takes over. */
export interface CalendarEntry {
  row: ChallengeRow;
  kind: AnswerKind;
  /** 'Bonus', 'Day n', 'THANK YOU'; the hidden ritual has no place in the calendar. */
  label: string;
  unlocksAt: Date;
  /** The next entry's unlock, when answers stop; null for the last entry and the ritual. */
  closesAt: Date | null;
  /** Part of the 28-day calendar (false: the ritual, found through its page). */
  listed: boolean;
}

export const keyOf = (table: ChallengeTable, id: number) => `${table}:${id}`;

/**
 * The calendar of active challenges in date order. A challenge takes answers from its 1 PM New
 * York unlock until the next entry (a later date) unlocks; a standing rite (STANDING_KINDS) until
 * the event's end. Inactive rows stay out of it.
 */
export function buildCalendar(rows: ChallengeRow[]): CalendarEntry[] {
  const placed = rows.map((row) => ({ row, kind: answerKindOf(row) }));
  const listed = placed.filter((p) => p.row.isActive && p.kind !== "ritual");
  const dates = [...new Set(listed.map((p) => p.row.date))].sort();
  const entries: CalendarEntry[] = [];
  for (const { row, kind } of placed) {
    const unlocksAt = challengeUnlocksAt(row.date);
    const inCalendar = row.isActive && kind !== "ritual";
    const position = listed.findIndex((p) => p.row === row);
    const next = dates.find((d) => d > row.date);
    entries.push({
      row,
      kind,
      label: inCalendar ? challengeLabel(position, listed.length) : kind === "ritual" ? "Ritual" : "Inactive",
      unlocksAt,
      closesAt: inCalendar && next && !STANDING_KINDS.has(kind) ? challengeUnlocksAt(next) : null,
      listed: inCalendar,
    });
  }
  return entries;
}

export function statusAt(entry: CalendarEntry, now: Date): ChallengeStatus {
  if (now.getTime() < entry.unlocksAt.getTime()) return "locked";
  if (entry.closesAt && now.getTime() >= entry.closesAt.getTime()) return "closed";
  return "open";
}

/** Who is asking: staff and admins see every day (the date picker), members what has unlocked. */
export interface ChallengeViewer {
  id: string;
  seesAnyDay: boolean;
  /** The address the request came from (kept with each attempt); absent outside a request. */
  address?: string | null;
}

/** Members see active challenges once unlocked, never a future one; staff and admins see all. */
export function visibleTo(viewer: ChallengeViewer, entry: CalendarEntry, now: Date): boolean {
  if (viewer.seesAnyDay) return true;
  return entry.row.isActive && now.getTime() >= entry.unlocksAt.getTime();
}

/**
 * A challenge as sent: everything but the answer, which `ChallengeRow` does not even carry. A
 * multi-image challenge shows members the images revealed so far (the current one last), so the
 * next ones cannot be read ahead of their time; staff get all six.
 */
export function presentChallenge(
  entry: CalendarEntry,
  now: Date,
  winners: number,
  attempt: Attempt,
  seesAnyDay = false,
): ChallengeAnswer {
  const { row } = entry;
  const max = row.maxWinners;
  const step = row.imageUrls ? multiImageStep(entry.unlocksAt, now, row.imageUrls.length) : null;
  const imageUrls = row.imageUrls && step && !seesAnyDay ? row.imageUrls.slice(0, step.index + 1) : row.imageUrls;
  return {
    id: row.id,
    urlSlug: row.urlSlug,
    type: row.table === "puzzle" ? "puzzle" : "task",
    title: row.title,
    description: row.description,
    imageUrl: (step && row.imageUrls?.[step.index]) || row.imageUrl,
    imageUrls,
    credits: row.credits,
    date: row.date,
    label: entry.label,
    maxWinners: max,
    isActive: row.isActive,
    answerKind: entry.kind,
    status: statusAt(entry, now),
    unlocksAt: entry.unlocksAt.toISOString(),
    closesAt: entry.closesAt?.toISOString() ?? null,
    serverTime: now.toISOString(),
    imageStep: step ? { index: step.index, nextAt: step.nextAt?.toISOString() ?? null } : null,
    won: max !== null && winners >= max,
    winnersLeft: max === null ? null : Math.max(0, max - winners),
    attempt,
  };
}
