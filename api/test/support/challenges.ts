import { randomBytes } from "node:crypto";
import { CHALLENGE_CATALOGUE, type ChallengeSeed, type Runtime } from "@bm/core";
import { Signer } from "@fastify/cookie";
import { Client } from "../helpers";

/** The seeded entry at a calendar position (0 = 31 Oct 2025, 'Bonus'). */
export function entryAt(position: number): ChallengeSeed {
  const seed = CHALLENGE_CATALOGUE.find((c) => c.position === position);
  if (!seed) throw new Error(`no calendar entry at ${position}`);
  return seed;
}

export function entryBySlug(slug: string): ChallengeSeed {
  const seed = CHALLENGE_CATALOGUE.find((c) => c.urlSlug === slug);
  if (!seed) throw new Error(`no challenge ${slug}`);
  return seed;
}

/** The path segment of a seed: puzzles, or trials. */
export const plural = (seed: Pick<ChallengeSeed, "type">) => (seed.type === "puzzle" ? "puzzles" : "trials");

let extra = 900;

/** A challenge row of its own (not in the seeded calendar), for rules the catalogue does not cover alone. */
export async function createChallenge(
  runtime: Runtime,
  options: {
    type?: "puzzle" | "trial";
    date: string;
    answer: string;
    credits?: number;
    maxWinners?: number | null;
    title?: string;
  },
): Promise<{ id: number; slug: string; type: "puzzle" | "trial" }> {
  extra += 1;
  const type = options.type ?? "puzzle";
  const slug = `test-${extra}-${randomBytes(3).toString("hex")}`;
  const [row] = await runtime.db.dataSource.query(
    `INSERT INTO ${type}s (url_slug, title, description, image_url, answer, credits, date, is_active, max_winners)
     VALUES ($1, $2, 'A test challenge', NULL, $3, $4, $5, true, $6) RETURNING id`,
    [
      slug,
      options.title ?? `Test challenge ${extra}`,
      options.answer,
      options.credits ?? 5,
      options.date,
      options.maxWinners ?? null,
    ],
  );
  return { id: row.id, slug, type };
}

/**
 * Many signed-in members at once, without a mail round-trip each: rows in `users` and `sessions`
 * as a sign-in leaves them, and the signed cookie a browser would hold. The calls they then make
 * go through real HTTP, the session plugin and the access hook like any other.
 */
export async function quickMembers(
  node: { runtime: Runtime; baseUrl: string },
  count: number,
  label: string,
): Promise<{ id: string; client: Client }[]> {
  const db = node.runtime.db.dataSource;
  const stamp = `${Date.now().toString(36)}${randomBytes(2).toString("hex")}`;
  const users: { id: string }[] = await db.query(
    `INSERT INTO users (email, first_name)
       SELECT $1 || '.' || i || '@test.example', 'Member ' || i FROM generate_series(1, $2) AS i
     RETURNING id`,
    [`${label}.${stamp}`, count],
  );
  const signer = new Signer(node.runtime.sessionSecret, "sha256");
  const expires = new Date(Date.now() + 30 * 24 * 3600_000);
  const members: { id: string; client: Client }[] = [];
  const rows: [string, string][] = [];
  for (const { id } of users) {
    const sid = randomBytes(24).toString("base64url");
    const sess = {
      cookie: {
        originalMaxAge: 30 * 24 * 3600_000,
        expires: expires.toISOString(),
        httpOnly: true,
        path: "/",
        sameSite: "lax",
      },
      userId: id,
    };
    rows.push([sid, JSON.stringify(sess)]);
    const client = new Client(node.baseUrl);
    client.cookie = `bm.sid=${encodeURIComponent(signer.sign(sid))}`;
    members.push({ id, client });
  }
  await db.query(
    `INSERT INTO sessions (sid, sess, expire) SELECT s.sid, s.sess::json, $3 FROM unnest($1::text[], $2::text[]) AS s(sid, sess)`,
    [rows.map((r) => r[0]), rows.map((r) => r[1]), expires],
  );
  return members;
}
