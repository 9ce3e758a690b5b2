import { readFile } from "node:fs/promises";
import { join } from "node:path";
import {
  addDays,
  CHALLENGE_CALENDAR_FIRST,
  CHALLENGE_CALENDAR_LAST,
  type ChallengeAnswer,
  type ChallengeDayAnswer,
  type CompletionsAnswer,
  challengeImageAt,
  currentChallengeDate,
  type FailedAttemptsAnswer,
  isVideoUrl,
  Jobs,
  LOT_OPENS_HOUR_NY,
  newYorkTime,
} from "@bm/shared";
import type { Clock } from "../ports/clock";
import type { JobsPort } from "../ports/jobs";
import {
  buildCalendar,
  type CalendarEntry,
  type ChallengeViewer,
  keyOf,
  presentChallenge,
  statusAt,
  visibleTo,
} from "./challenge-calendar";
import { ChallengeNotFoundError } from "./challenge-errors";
import { CHALLENGE_ART_DIR, CHALLENGE_MEDIA_TYPES, challengeMediaUrl } from "./challenge-media";
import type { ChallengeRepository, ChallengeTable } from "./challenges.repository";
import type { ChallengesRoom } from "./challenges-room";

export interface ChallengesDeps {
  challenges: ChallengeRepository;
  clock: Clock;
  jobs: JobsPort;
  /** The earn-credits room: unlocks are told to it. */
  room: ChallengesRoom;
  /** Pictures the operator uploaded (the shipped artwork is read from CHALLENGE_ART_DIR). */
  images?: { image(name: string): Promise<{ mime: string; bytes: Buffer } | null> };
  /**
   * The auction countdown's target: when its first lot opens (the lots are the event's data, so
   * the countdown never contradicts them, the demo's moved event included); null: the day after
   * the calendar's last entry, 9 AM New York.
   */
  auctionStart: () => Promise<Date | null>;
}

/**
 * The daily game's calendar (spec 001 sections 2-4): which challenge a member may see and in what
 * state, from the server's clock; the unlock jobs. Answers are `ChallengeSubmissionService`'s.
 */
export class ChallengesService {
  constructor(private readonly deps: ChallengesDeps) {}

  private async calendar(): Promise<CalendarEntry[]> {
    return buildCalendar(await this.deps.challenges.all());
  }

  /** GET /api/puzzles/all, /api/trials/all: members get unlocked, listed ones; staff every one. */
  async list(viewer: ChallengeViewer, table: ChallengeTable): Promise<ChallengeAnswer[]> {
    const now = this.deps.clock.now();
    const entries = (await this.calendar()).filter(
      (e) => e.row.table === table && visibleTo(viewer, e, now) && (viewer.seesAnyDay || e.listed),
    );
    const [winners, attempts] = await Promise.all([
      this.deps.challenges.winnerCounts(),
      this.deps.challenges.attemptsOf(viewer.id),
    ]);
    return entries.map((e) => {
      const key = keyOf(e.row.table, e.row.id);
      return presentChallenge(e, now, winners.get(key) ?? 0, attempts.get(key) ?? "none", viewer.seesAnyDay);
    });
  }

  /** GET /api/puzzles/{slug}, /api/trials/{slug}: 404 'Puzzle Not Found' when absent or not yet visible. */
  async one(viewer: ChallengeViewer, table: ChallengeTable, slug: string): Promise<ChallengeAnswer> {
    const now = this.deps.clock.now();
    const entry = await this.visible(viewer, table, slug, now);
    return this.present(entry, viewer, now);
  }

  /**
   * GET /api/challenges/day: the day's entry. Members get the challenge open now (today's after
   * 1 PM New York time, until then the day before's, which still takes answers); staff any date.
   */
  async day(viewer: ChallengeViewer, requested: string | undefined): Promise<ChallengeDayAnswer> {
    const now = this.deps.clock.now();
    const calendar = (await this.calendar()).filter((e) => e.listed);
    const first = calendar[0]?.row.date ?? CHALLENGE_CALENDAR_FIRST;
    const last = calendar.at(-1)?.row.date ?? CHALLENGE_CALENDAR_LAST;
    let today = currentChallengeDate(now);
    if (today < first) today = first;
    if (today > last) today = last;
    const date = viewer.seesAnyDay && requested ? requested : today;
    const entry = calendar.find((e) => e.row.date === date);
    const next = calendar.find((e) => e.row.date > date);
    const base = {
      nextUnlocksAt: next ? next.unlocksAt.toISOString() : null,
      serverTime: now.toISOString(),
      date,
      today,
      range: viewer.seesAnyDay ? { first, last } : null,
      auctionStartsAt: (
        (await this.deps.auctionStart()) ?? newYorkTime(addDays(last, 1), LOT_OPENS_HOUR_NY)
      ).toISOString(),
    };
    if (!entry) return { ...base, status: "none", label: null, unlocksAt: null, challenge: null };
    const status = statusAt(entry, now);
    return {
      ...base,
      status,
      label: entry.label,
      unlocksAt: entry.unlocksAt.toISOString(),
      challenge: visibleTo(viewer, entry, now) ? await this.present(entry, viewer, now) : null,
    };
  }

  /**
   * The picture today's challenge shows `viewer` now (its page's largest paint, which the page's
   * HTML preloads), by the page's own rule; null when there is none or it is a video.
   */
  async todayPicture(viewer: ChallengeViewer): Promise<string | null> {
    const { challenge } = await this.day(viewer, undefined);
    const src = challenge ? challengeImageAt(challenge, this.deps.clock.now()).src : null;
    return src && !isVideoUrl(src) ? src : null;
  }

  async attempted(viewer: ChallengeViewer, table: ChallengeTable, slug: string): Promise<{ attempted: boolean }> {
    const entry = await this.visible(viewer, table, slug, this.deps.clock.now());
    return { attempted: (await this.deps.challenges.attemptOf(table, entry.row.id, viewer.id)) !== "none" };
  }

  /** Every winner slot of the challenge is taken. */
  async won(viewer: ChallengeViewer, table: ChallengeTable, slug: string): Promise<{ won: boolean }> {
    const entry = await this.visible(viewer, table, slug, this.deps.clock.now());
    const max = entry.row.maxWinners;
    return { won: max !== null && (await this.deps.challenges.winnerCount(table, entry.row.id)) >= max };
  }

  async completions(userId: string): Promise<CompletionsAnswer> {
    const done = await this.deps.challenges.attemptedBy(userId, "completions");
    return {
      puzzleSlugs: done.puzzle.map((c) => c.slug),
      trialSlugs: done.trial.map((c) => c.slug),
      puzzleIds: done.puzzle.map((c) => c.id),
      trialIds: done.trial.map((c) => c.id),
    };
  }

  async failedAttempts(userId: string): Promise<FailedAttemptsAnswer> {
    const failed = await this.deps.challenges.attemptedBy(userId, "failed");
    return { puzzleSlugs: failed.puzzle.map((c) => c.slug), trialSlugs: failed.trial.map((c) => c.slug) };
  }

  /** The unlock job: tells the earn-credits room, once the clock has reached the unlock. */
  async announceUnlock(table: ChallengeTable, id: number): Promise<boolean> {
    const now = this.deps.clock.now();
    const entry = (await this.calendar()).find((e) => e.row.table === table && e.row.id === id);
    if (!entry?.listed) return false;
    if (now.getTime() < entry.unlocksAt.getTime()) {
      // Ran early (a clock moved, a timer fired soon): look again at the unlock itself.
      await this.scheduleUnlock(entry, `-again-${now.getTime()}`);
      return false;
    }
    await this.deps.room.announce("challenge:unlocked", {
      type: table === "puzzle" ? "puzzle" : "task",
      id,
      urlSlug: entry.row.urlSlug,
      date: entry.row.date,
      unlocksAt: entry.unlocksAt.toISOString(),
    });
    return true;
  }

  /** A job at each unlock still ahead (the unlock instant is in the id: a re-placed date schedules anew). */
  async scheduleUnlocks(): Promise<number> {
    const now = this.deps.clock.now();
    let scheduled = 0;
    for (const entry of await this.calendar()) {
      if (!entry.listed || entry.unlocksAt.getTime() <= now.getTime()) continue;
      await this.scheduleUnlock(entry);
      scheduled += 1;
    }
    return scheduled;
  }

  private scheduleUnlock(entry: CalendarEntry, suffix = ""): Promise<void> {
    const { table, id } = entry.row;
    return this.deps.jobs.enqueue(
      Jobs.challengeUnlock,
      { type: table === "puzzle" ? "puzzle" : "task", id },
      { jobId: `challenge-unlock-${table}-${id}-${entry.unlocksAt.getTime()}${suffix}`, runAt: entry.unlocksAt },
    );
  }

  /**
   * Whether the viewer may open a challenge's picture or video now: it belongs to a challenge they
   * may see, and (the multi-image step) has been revealed to them. The same presentation decides
   * as for the challenge's answer, so a file is reachable exactly when its address was sent.
   */
  /**
   * A challenge's picture or video for a viewer who may see its challenge now: the shipped
   * artwork, or a picture the operator uploaded; null otherwise (a future one reads as missing).
   */
  async media(viewer: ChallengeViewer, name: string): Promise<{ mime: string; bytes: Buffer } | null> {
    if (!(await this.mayOpenMedia(viewer, name))) return null;
    const extension = name.slice(name.lastIndexOf(".") + 1) as keyof typeof CHALLENGE_MEDIA_TYPES;
    const shipped = await readFile(join(CHALLENGE_ART_DIR, name)).catch(() => null);
    if (shipped) return { mime: CHALLENGE_MEDIA_TYPES[extension], bytes: shipped };
    return (await this.deps.images?.image(name)) ?? null;
  }

  async mayOpenMedia(viewer: ChallengeViewer, name: string): Promise<boolean> {
    const url = challengeMediaUrl(name);
    const now = this.deps.clock.now();
    for (const entry of await this.calendar()) {
      if (!visibleTo(viewer, entry, now)) continue;
      const shown = presentChallenge(entry, now, 0, "none", viewer.seesAnyDay);
      if (shown.imageUrl === url || shown.imageUrls?.includes(url)) return true;
    }
    return false;
  }

  /** The calendar entry of a slug if the viewer may see it at `now`, else 'Puzzle Not Found' / 'Trial Not Found'. */
  async visible(viewer: ChallengeViewer, table: ChallengeTable, slug: string, now: Date): Promise<CalendarEntry> {
    const entry = (await this.calendar()).find((e) => e.row.table === table && e.row.urlSlug === slug);
    if (!entry || !visibleTo(viewer, entry, now)) throw new ChallengeNotFoundError(table);
    return entry;
  }

  private async present(entry: CalendarEntry, viewer: ChallengeViewer, now: Date): Promise<ChallengeAnswer> {
    const { challenges } = this.deps;
    const { table, id, maxWinners } = entry.row;
    const [winners, attempt] = await Promise.all([
      maxWinners === null ? Promise.resolve(0) : challenges.winnerCount(table, id),
      challenges.attemptOf(table, id, viewer.id),
    ]);
    return presentChallenge(entry, now, winners, attempt, viewer.seesAnyDay);
  }
}
