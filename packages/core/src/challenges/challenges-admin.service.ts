import { createHash } from "node:crypto";
import { access } from "node:fs/promises";
import { join } from "node:path";
import { type ChallengeType, challengeUnlocksAt, slugify } from "@bm/shared";
import {
  type AdminChallenge,
  type AdminChallengeInput,
  type AdminChallengeList,
  AdminMessages,
} from "@bm/shared/admin";
import type { Actor } from "../audit/actor";
import type { AuditService } from "../audit/audit.service";
import type { PageRequest } from "../db/paging";
import type { Transactor, Tx } from "../db/transactor";
import { ConflictError, ValidationError } from "../errors";
import { decodeDataUrl } from "../uploads/data-url";
import { buildCalendar, type CalendarEntry, keyOf } from "./challenge-calendar";
import type {
  ChallengeContent,
  ChallengeContentRepository,
  ChallengeContentRow,
  ContentSort,
} from "./challenge-content.repository";
import { CHALLENGE_ART_DIR, CHALLENGE_MEDIA_NAME, challengeMediaUrl } from "./challenge-media";
import { challengeNotFound as notFound, tableOf, typeOf, variantsOf } from "./challenge-tables";
import type { ChallengeRepository } from "./challenges.repository";

/** An uploaded picture: at most 2 MB, a PNG, JPEG or WebP by its bytes. */
export const CHALLENGE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
const IMAGE_EXTENSION = { png: "png", jpeg: "jpg", webp: "webp" } as const;
/** The lots' and the app's own public art: a path the app already serves. */
const PUBLIC_ART = /^\/art\/[a-z0-9][a-z0-9/-]{0,120}\.(svg|png|jpg|webp)$/;

export interface ChallengesAdminDeps {
  tx: Transactor;
  content: ChallengeContentRepository;
  challenges: ChallengeRepository;
  audit: AuditService;
}

/**
 * The operator's puzzles and trials (issue 16 item 1): read with their answers, created and
 * updated, each save audited in its own transaction. The slug is derived from the title at
 * creation and kept afterwards, so members' links and the special trials' fixed slugs stay put.
 * Editing never touches completions or credits already given.
 */
export class ChallengesAdminService {
  constructor(private readonly deps: ChallengesAdminDeps) {}

  async list(
    type: ChallengeType,
    filter: { q?: string; active?: boolean },
    page: PageRequest<ContentSort>,
  ): Promise<AdminChallengeList> {
    const table = tableOf(type);
    const [rows, calendar] = await Promise.all([this.deps.content.list(table, filter, page), this.calendar()]);
    return { ...rows, items: rows.items.map((row) => present(row, calendar)) };
  }

  async one(type: ChallengeType, id: number): Promise<AdminChallenge> {
    const row = await this.deps.content.byId(tableOf(type), id);
    if (!row) throw notFound(type);
    return present(row, await this.calendar());
  }

  async create(actor: Actor, type: ChallengeType, input: AdminChallengeInput): Promise<AdminChallenge> {
    const table = tableOf(type);
    const urlSlug = slugify(input.title);
    if (!urlSlug) throw new ValidationError(AdminMessages.titleWithoutSlug);
    const id = await this.deps.tx.run(async (t) => {
      if (await this.deps.content.slugTaken(table, urlSlug, t))
        throw new ConflictError(AdminMessages.slugTaken(type, urlSlug));
      const content: ChallengeContent = { urlSlug, ...(await this.fields(input, null, t)), imageUrls: null };
      const id = await this.deps.content.insert(table, content, t).catch((error: unknown) => {
        // Two operators creating the same title at once: the unique key decides, the loser is told.
        if (isUniqueViolation(error)) throw new ConflictError(AdminMessages.slugTaken(type, urlSlug));
        throw error;
      });
      await this.deps.audit.record(t, actor, {
        action: "challenge.created",
        targetKind: table,
        targetId: id,
        after: { id, ...content },
      });
      return id;
    });
    return this.one(type, id);
  }

  async update(actor: Actor, type: ChallengeType, id: number, input: AdminChallengeInput): Promise<AdminChallenge> {
    const table = tableOf(type);
    await this.deps.tx.run(async (t) => {
      const before = await this.deps.content.lockById(table, id, t);
      if (!before) throw notFound(type);
      const fields = await this.fields(input, before, t);
      // A new picture replaces the multi-image step's six; an unchanged one keeps them.
      const imageUrls = fields.imageUrl === before.imageUrl ? before.imageUrls : null;
      const next = { ...fields, imageUrls };
      await this.deps.content.update(table, id, next, t);
      const changed = changes(before, next);
      await this.deps.audit.record(t, actor, {
        action: "challenge.updated",
        targetKind: table,
        targetId: id,
        before: changed.before,
        after: changed.after,
      });
    });
    return this.one(type, id);
  }

  private async fields(input: AdminChallengeInput, before: ChallengeContentRow | null, t: Tx) {
    return {
      title: input.title,
      description: input.description,
      answer: input.answer,
      answerVariants: variantsOf(input.answer, input.answerVariants),
      credits: input.credits,
      date: input.date,
      isActive: input.isActive,
      maxWinners: input.maxWinners ?? null,
      imageUrl: await this.image(input.imageUrl, before, t),
    };
  }

  /** null, a data URL stored and replaced by its served path, or a path the app already serves. */
  private async image(value: string | null, before: ChallengeContentRow | null, t: Tx): Promise<string | null> {
    if (value === null) return null;
    if (value.startsWith("data:")) {
      const image = decodeDataUrl(value, {
        maxBytes: CHALLENGE_IMAGE_MAX_BYTES,
        tooLarge: AdminMessages.imageTooLarge,
        accepts: (declared, family) =>
          (family === "png" || family === "jpeg" || family === "webp") && declared.startsWith("image/"),
        wrongType: AdminMessages.imageInvalid,
      });
      const sha256 = createHash("sha256").update(image.bytes).digest("hex");
      const extension = IMAGE_EXTENSION[image.family as keyof typeof IMAGE_EXTENSION];
      const name = `upload-${sha256.slice(0, 24)}.${extension}`;
      await this.deps.content.insertImage({ name, mime: image.mime, bytes: image.bytes, sha256 }, t);
      return challengeMediaUrl(name);
    }
    if (value === before?.imageUrl || PUBLIC_ART.test(value)) return value;
    const name = value.startsWith(challengeMediaUrl("")) ? value.slice(challengeMediaUrl("").length) : "";
    if (CHALLENGE_MEDIA_NAME.test(name) && (await this.mediaExists(name, t))) return value;
    throw new ValidationError(AdminMessages.imageInvalid);
  }

  private async mediaExists(name: string, t: Tx): Promise<boolean> {
    if (await this.deps.content.image(name, t)) return true;
    return access(join(CHALLENGE_ART_DIR, name)).then(
      () => true,
      () => false,
    );
  }

  private async calendar(): Promise<Map<string, CalendarEntry>> {
    const entries = buildCalendar(await this.deps.challenges.all());
    return new Map(entries.map((e) => [keyOf(e.row.table, e.row.id), e]));
  }
}

function present(row: ChallengeContentRow, calendar: Map<string, CalendarEntry>): AdminChallenge {
  const entry = calendar.get(keyOf(row.table, row.id));
  return {
    id: row.id,
    type: typeOf(row.table),
    urlSlug: row.urlSlug,
    title: row.title,
    description: row.description,
    answer: row.answer,
    answerVariants: row.answerVariants,
    credits: row.credits,
    date: row.date,
    isActive: row.isActive,
    maxWinners: row.maxWinners,
    imageUrl: row.imageUrl,
    imageUrls: row.imageUrls,
    label: entry?.label ?? "Inactive",
    unlocksAt: (entry?.unlocksAt ?? challengeUnlocksAt(row.date)).toISOString(),
    completions: row.completions,
    failures: row.failures,
    createdAt: row.createdAt.toISOString(),
  };
}

const AUDITED = [
  "title",
  "description",
  "answer",
  "answerVariants",
  "credits",
  "date",
  "isActive",
  "maxWinners",
  "imageUrl",
  "imageUrls",
] as const;

/** The fields a save changed, before and after. */
function changes(before: ChallengeContentRow, after: Omit<ChallengeContent, "urlSlug">) {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const field of AUDITED) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) {
      was[field] = before[field];
      now[field] = after[field];
    }
  }
  return { before: was, after: now };
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === "23505";
}
