import type { Paged } from "@bm/shared";
import { escapeLike } from "../audit/audit.repository";
import { Conditions, type PageRequest, pageClause, pageOf } from "../db/paging";
import { Repository } from "../db/repository";
import type { Tx } from "../db/transactor";
import type { ChallengeTable } from "./challenges.repository";

const ITEMS = { puzzle: "puzzles", trial: "trials" } as const;
const PLAYS = {
  puzzle: { completions: "puzzle_completions", failed: "puzzle_failed_attempts", ref: "puzzle_id" },
  trial: { completions: "trial_completions", failed: "trial_failed_attempts", ref: "trial_id" },
} as const;

/** A puzzle's or trial's content, as the operator and the seed write it. */
export interface ChallengeContent {
  urlSlug: string;
  title: string;
  description: string;
  imageUrl: string | null;
  /** Puzzles only (the multi-image step); ignored for trials. */
  imageUrls: string[] | null;
  answer: string;
  /** Other accepted answers (none when left out). */
  answerVariants?: string[];
  credits: number;
  date: string;
  isActive: boolean;
  maxWinners: number | null;
}

/** A challenge as the operator reads it: with its answer and how it has been played. */
export interface ChallengeContentRow extends ChallengeContent {
  answerVariants: string[];
  table: ChallengeTable;
  id: number;
  createdAt: Date;
  completions: number;
  failures: number;
}

export type ContentSort = "date" | "title" | "credits" | "id";

interface RawContent {
  table_name: ChallengeTable;
  id: number;
  url_slug: string;
  title: string;
  description: string;
  image_url: string | null;
  image_urls: string[] | null;
  answer: string;
  answer_variants: string[] | null;
  credits: number;
  date: string;
  is_active: boolean;
  max_winners: number | null;
  created_at: Date;
  completions: number;
  failures: number;
}

function select(table: ChallengeTable): string {
  const { completions, failed, ref } = PLAYS[table];
  return `SELECT '${table}' AS table_name, i.id, i.url_slug, i.title, i.description, i.image_url,
            ${table === "puzzle" ? "i.image_urls" : "NULL::text[] AS image_urls"}, i.answer, i.answer_variants, i.credits,
            i.date::text AS date, i.is_active, i.max_winners, i.created_at,
            (SELECT count(*) FROM ${completions} c WHERE c.${ref} = i.id)::int AS completions,
            (SELECT count(*) FROM ${failed} f WHERE f.${ref} = i.id)::int AS failures
       FROM ${ITEMS[table]} i`;
}

function toRow(raw: RawContent): ChallengeContentRow {
  return {
    table: raw.table_name,
    id: raw.id,
    urlSlug: raw.url_slug,
    title: raw.title,
    description: raw.description,
    imageUrl: raw.image_url,
    imageUrls: raw.image_urls?.length ? raw.image_urls : null,
    answer: raw.answer,
    answerVariants: raw.answer_variants ?? [],
    credits: raw.credits,
    date: raw.date,
    isActive: raw.is_active,
    maxWinners: raw.max_winners,
    createdAt: raw.created_at,
    completions: raw.completions,
    failures: raw.failures,
  };
}

/**
 * The one writer of the puzzles and trials themselves (the operator's create and update, and the
 * seed), and the operator's reads of them with their answers. Attempts are `ChallengeRepository`'s.
 */
export class ChallengeContentRepository extends Repository {
  async list(
    table: ChallengeTable,
    filter: { q?: string; active?: boolean },
    page: PageRequest<ContentSort>,
    tx?: Tx,
  ): Promise<Paged<ChallengeContentRow>> {
    const where = new Conditions()
      .add("(i.title ILIKE ? OR i.url_slug ILIKE ?)", filter.q ? `%${escapeLike(filter.q)}%` : undefined)
      .add("i.is_active = ?", filter.active);
    const total = await this.first<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${ITEMS[table]} i ${where.where}`,
      where.params,
      tx,
    );
    const sorts = { date: "i.date", title: "lower(i.title)", credits: "i.credits", id: "i.id" };
    const clause = pageClause(page, sorts, "i.id", where.next);
    const rows = await this.rows<RawContent>(
      `${select(table)} ${where.where} ${clause.sql}`,
      [...where.params, ...clause.params],
      tx,
    );
    return pageOf(page, rows.map(toRow), total?.n ?? 0);
  }

  async byId(table: ChallengeTable, id: number, tx?: Tx): Promise<ChallengeContentRow | null> {
    const raw = await this.first<RawContent>(`${select(table)} WHERE i.id = $1`, [id], tx);
    return raw ? toRow(raw) : null;
  }

  /** Holds the row until commit: two saves of one challenge go one after the other. */
  async lockById(table: ChallengeTable, id: number, tx: Tx): Promise<ChallengeContentRow | null> {
    await this.manager(tx).query(`SELECT id FROM ${ITEMS[table]} WHERE id = $1 FOR UPDATE`, [id]);
    return this.byId(table, id, tx);
  }

  async slugTaken(table: ChallengeTable, slug: string, tx: Tx): Promise<boolean> {
    const row = await this.first<{ id: number }>(`SELECT id FROM ${ITEMS[table]} WHERE url_slug = $1`, [slug], tx);
    return row !== null;
  }

  /** Inserts a challenge; `id` fixes its id (the seed's calendar: the subscriber trial is 26). */
  async insert(table: ChallengeTable, content: ChallengeContent, tx: Tx, id?: number): Promise<number> {
    const images = table === "puzzle";
    const columns = [
      "url_slug",
      "title",
      "description",
      "image_url",
      "answer",
      "credits",
      "date",
      "is_active",
      "max_winners",
      "answer_variants",
    ];
    const values: unknown[] = [
      content.urlSlug,
      content.title,
      content.description,
      content.imageUrl,
      content.answer,
      content.credits,
      content.date,
      content.isActive,
      content.maxWinners,
      content.answerVariants ?? [],
    ];
    if (images) {
      columns.push("image_urls");
      values.push(content.imageUrls);
    }
    if (id !== undefined) {
      columns.unshift("id");
      values.unshift(id);
    }
    const row = await this.first<{ id: number }>(
      `INSERT INTO ${ITEMS[table]} (${columns.join(", ")}) VALUES (${values.map((_, i) => `$${i + 1}`).join(", ")}) RETURNING id`,
      values,
      tx,
    );
    if (!row) throw new Error(`the ${table} was not inserted`);
    return row.id;
  }

  /** Writes only the accepted answers (a re-grade's save). */
  async updateAnswers(table: ChallengeTable, id: number, answer: string, variants: string[], tx: Tx): Promise<void> {
    await this.manager(tx).query(`UPDATE ${ITEMS[table]} SET answer = $2, answer_variants = $3 WHERE id = $1`, [
      id,
      answer,
      variants,
    ]);
  }

  /** Writes a challenge's content; its slug, id, completions and credits stay as they are. */
  async update(table: ChallengeTable, id: number, content: Omit<ChallengeContent, "urlSlug">, tx: Tx): Promise<void> {
    await this.manager(tx).query(
      `UPDATE ${ITEMS[table]} SET title = $2, description = $3, image_url = $4, answer = $5, credits = $6, date = $7,
              is_active = $8, max_winners = $9, answer_variants = $10${table === "puzzle" ? ", image_urls = $11" : ""}
        WHERE id = $1`,
      [
        id,
        content.title,
        content.description,
        content.imageUrl,
        content.answer,
        content.credits,
        content.date,
        content.isActive,
        content.maxWinners,
        content.answerVariants ?? [],
        ...(table === "puzzle" ? [content.imageUrls] : []),
      ],
    );
  }

  async count(tx?: Tx): Promise<number> {
    const row = await this.first<{ n: number }>(
      `SELECT (SELECT count(*) FROM puzzles)::int + (SELECT count(*) FROM trials)::int AS n`,
      [],
      tx,
    );
    return row?.n ?? 0;
  }

  /** The calendar's first date, or null without challenges. */
  async firstDate(tx?: Tx): Promise<string | null> {
    const row = await this.first<{ d: string | null }>(
      `SELECT least((SELECT min(date) FROM puzzles), (SELECT min(date) FROM trials))::text AS d`,
      [],
      tx,
    );
    return row?.d ?? null;
  }

  /** Moves every challenge by whole days, keeping completions (the demo's re-placement). */
  async shiftDates(days: number, tx: Tx): Promise<void> {
    for (const table of Object.values(ITEMS)) {
      await this.manager(tx).query(`UPDATE ${table} SET date = date + $1::int`, [days]);
    }
  }

  /** What removing every challenge of `table` would destroy of members' play. */
  async playOf(table: ChallengeTable, tx?: Tx): Promise<{ completions: number; failures: number; uploads: number }> {
    const { completions, failed } = PLAYS[table];
    const row = await this.first<{ completions: number; failures: number; uploads: number }>(
      `SELECT (SELECT count(*) FROM ${completions})::int AS completions, (SELECT count(*) FROM ${failed})::int AS failures,
              ${table === "trial" ? "(SELECT count(*) FROM confessions)::int + (SELECT count(*) FROM trial_uploads)::int" : "0"} AS uploads`,
      [],
      tx,
    );
    return row ?? { completions: 0, failures: 0, uploads: 0 };
  }

  /**
   * Removes every challenge of `table` with its attempts (and a trial's confessions and uploads).
   * The ledger rows those completions paid stay: balances and credits histories never change.
   */
  async clear(table: ChallengeTable, tx: Tx): Promise<void> {
    const { completions, failed } = PLAYS[table];
    const tables = [...(table === "trial" ? ["confessions", "trial_uploads"] : []), completions, failed, ITEMS[table]];
    for (const name of tables) await this.manager(tx).query(`DELETE FROM ${name}`);
    await this.manager(tx).query(`DELETE FROM challenge_attempts WHERE challenge_type = $1`, [table]);
  }

  /** New rows (the admin's) continue after the seeded ids. */
  async syncIds(table: ChallengeTable, tx: Tx): Promise<void> {
    const items = ITEMS[table];
    await this.manager(tx).query(
      `SELECT setval(pg_get_serial_sequence('${items}', 'id'), GREATEST((SELECT max(id) FROM ${items}), 1))`,
    );
  }

  /** An uploaded picture, named by the server (served by the challenge media route). */
  async insertImage(image: { name: string; mime: string; bytes: Buffer; sha256: string }, tx: Tx): Promise<void> {
    await this.manager(tx).query(
      `INSERT INTO challenge_images (name, mime, bytes, size, sha256) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (name) DO NOTHING`,
      [image.name, image.mime, image.bytes, image.bytes.length, image.sha256],
    );
  }

  async image(name: string, tx?: Tx): Promise<{ mime: string; bytes: Buffer } | null> {
    const row = await this.first<{ mime: string; bytes: Buffer | Uint8Array }>(
      `SELECT mime, bytes FROM challenge_images WHERE name = $1`,
      [name],
      tx,
    );
    return row ? { mime: row.mime, bytes: Buffer.from(row.bytes) } : null;
  }
}
