import { randomBytes } from "node:crypto";
import type { ConsoleMail } from "@bm/core";
import { DataDeletionMessages, DataDeletionToasts, Messages } from "@bm/shared";
import { expect } from "vitest";
import type { Client, TestApp } from "../helpers";
import { eventually } from "./cluster";

/** What the data deletion tests share, whichever runtime they run on. */

/** Asks, as anyone would, to erase the data of `email`'s account. */
export function askDeletion(client: Client, email: string) {
  return client.post<{ message: string }>("/api/data-deletion/request", { email });
}

/** Every mail that reached `email` so far (the SMTP sink, or the embedded outbox). */
export function mailsTo(t: TestApp, email: string): { subject: string; text: string }[] {
  const target = email.toLowerCase();
  if (t.sink) return t.sink.messages.filter((m) => m.to.includes(target));
  return (t.runtime.mail as ConsoleMail).outbox.filter((m) => m.to === target);
}

const TOKEN = /\/data-deletion\?confirm=([\w-]+)/;

/** The token of the newest confirmation link mailed to `email` that differs from `not`. */
export async function linkMailed(t: TestApp, email: string, not?: string): Promise<string> {
  return eventually(
    async () => {
      const tokens = mailsTo(t, email)
        .map((m) => TOKEN.exec(m.text)?.[1])
        .filter((token): token is string => token !== undefined && token !== not);
      return tokens.at(-1);
    },
    10_000,
    `a deletion link mailed to ${email}`,
  );
}

/** The whole request by a member: asked, mailed, confirmed; answers the request's id. */
export async function confirmedRequest(t: TestApp, anyone: Client, email: string): Promise<number> {
  expect((await askDeletion(anyone, email)).status).toBe(200);
  const token = await linkMailed(t, email);
  const confirmed = await anyone.post("/api/data-deletion/confirm", { token });
  expect(confirmed.status).toBe(200);
  return requestIdOf(t, email);
}

export async function requestIdOf(t: TestApp, email: string): Promise<number> {
  const [row] = await t.runtime.db.dataSource.query(`SELECT id FROM deletion_requests WHERE email = $1`, [email]);
  expect(row, `a deletion request for ${email}`).toBeDefined();
  return row.id;
}

export const expectedAnswer = () => ({ message: DataDeletionToasts.submittedWithin(30) });

/** Where a needle was found: every text-like column of every table of the database, and every bytea one. */
export async function findEverywhere(t: TestApp, needles: string[], bytes: Buffer[] = []): Promise<string[]> {
  const db = t.runtime.db.dataSource;
  const columns: { table_name: string; column_name: string; data_type: string }[] = await db.query(
    `SELECT c.table_name, c.column_name, c.data_type
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
        AND (c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'bytea')
             OR (c.data_type = 'ARRAY' AND c.udt_name IN ('_text', '_varchar')))`,
  );
  expect(columns.length).toBeGreaterThan(50);
  const found: string[] = [];
  for (const { table_name, column_name, data_type } of columns) {
    const column = `"${table_name}"."${column_name}"`;
    const from = `FROM "${table_name}"`;
    if (data_type === "bytea") {
      for (const needle of bytes) {
        const [row] = await db.query(`SELECT count(*)::int AS n ${from} WHERE position($1::bytea in ${column}) > 0`, [
          needle,
        ]);
        if (row.n > 0) found.push(`${column}: ${needle.length} bytes of an upload`);
      }
      continue;
    }
    for (const needle of needles) {
      const [row] = await db.query(
        `SELECT count(*)::int AS n ${from} WHERE strpos(lower(${column}::text), lower($1)) > 0`,
        [needle],
      );
      if (row.n > 0) found.push(`${column}: ${needle}`);
    }
  }
  return found;
}

/** A member's personal data of every kind the product keeps, written where the product writes it. */
export interface PersonalData {
  firstName: string;
  lastName: string;
  profileImageUrl: string;
  shopifyCustomerId: string;
  confession: string;
  failedAnswer: string;
  caption: string;
  instagramUsername: string;
  question: string;
  upload: Buffer;
}

export function personalData(): PersonalData {
  const mark = randomBytes(4).toString("hex");
  return {
    firstName: `Morgana${mark}`,
    lastName: `Blackwood${mark}`,
    profileImageUrl: `https://images.example/portrait-${mark}.png`,
    shopifyCustomerId: `cust-${mark}`,
    confession: `I once sold the moon for a candle ${mark}`,
    failedAnswer: `a wrong confession of ${mark}`,
    caption: `Morgana Signed ${mark}`,
    instagramUsername: `night.raven.${mark}`,
    question: `Does the reliquary hum at night, asks ${mark}?`,
    upload: randomBytes(48),
  };
}

/** Writes `data` for the member in the tables the product keeps it in (the flows that write them are tested elsewhere). */
export async function storePersonalData(
  t: TestApp,
  member: { id: string; email: string },
  data: PersonalData,
  lotId: number,
): Promise<void> {
  const q = (sql: string, params: unknown[]) => t.runtime.db.dataSource.query(sql, params);
  await q(
    `UPDATE users SET first_name = $2, last_name = $3, profile_image_url = $4, shopify_customer_id = $5 WHERE id = $1`,
    [member.id, data.firstName, data.lastName, data.profileImageUrl, data.shopifyCustomerId],
  );
  const [trial] = await q(
    `INSERT INTO trials (url_slug, title, description, answer, credits, date)
     VALUES ($1, 'Test confession', 'Confess', 'CONFESSION', 3, '2025-11-03') RETURNING id`,
    [`confession-${randomBytes(4).toString("hex")}`],
  );
  await q(`INSERT INTO confessions (user_id, trial_id, confession) VALUES ($1, $2, $3)`, [
    member.id,
    trial.id,
    data.confession,
  ]);
  await q(`INSERT INTO trial_failed_attempts (user_id, trial_id, attempted_answer) VALUES ($1, $2, $3)`, [
    member.id,
    trial.id,
    data.failedAnswer,
  ]);
  await q(
    `INSERT INTO trial_uploads (id, user_id, trial_id, kind, mime, bytes, size, sha256, caption)
     VALUES (gen_random_uuid(), $1, $2, 'signature', 'image/png', $3, $4, $5, $6)`,
    [member.id, trial.id, data.upload, data.upload.length, "0".repeat(64), data.caption],
  );
  await q(
    `INSERT INTO instagram_completions (user_id, instagram_username, comment_id, unique_code, completed_at)
     VALUES ($1, $2, $3, $4, now())`,
    [member.id, data.instagramUsername, `comment-${data.instagramUsername}`, randomBytes(5).toString("hex")],
  );
  await q(`INSERT INTO lot_questions (lot_id, user_id, question) VALUES ($1, $2, $3)`, [
    lotId,
    member.id,
    data.question,
  ]);
  await q(`INSERT INTO dev_shop_subscribers (email) VALUES ($1)`, [member.email]);
  await q(`INSERT INTO dev_shop_checkouts (email, lines) VALUES ($1, '[]'::jsonb)`, [member.email]);
  await q(
    `INSERT INTO shop_webhooks (webhook_id, topic, shop_domain, body, processed_at) VALUES ($1, 'orders/paid', 'x', $2, now())`,
    [
      `wh-${randomBytes(4).toString("hex")}`,
      JSON.stringify({ email: member.email, customer: { first_name: data.firstName } }),
    ],
  );
  await q(
    `INSERT INTO shopify_purchases (user_id, shopify_order_id, order_amount, mpc_credited, order_date)
     VALUES ($1, $2, 40, 0, now())`,
    [member.id, `order-${randomBytes(4).toString("hex")}`],
  );
}

/** Members whose balance differs from the sum of their ledger rows (none, always). */
export async function unbalanced(t: TestApp): Promise<unknown[]> {
  return t.runtime.db.dataSource.query(
    `SELECT u.id, u.mpc_balance::text AS balance, COALESCE(SUM(l.amount), 0)::numeric(12,2)::text AS ledger
       FROM users u LEFT JOIN credit_ledger l ON l.user_id = u.id
      GROUP BY u.id HAVING u.mpc_balance <> COALESCE(SUM(l.amount), 0)`,
  );
}

export const invalidEmailAnswer = { message: Messages.invalidEmail };
export const linkMessages = DataDeletionMessages;
