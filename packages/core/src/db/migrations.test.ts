import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { copyEmbeddedTemplate, createTestDatabase } from "../testing/database";
import { type Database, openDatabase } from "./data-source";
import { sqlFunctions } from "./functions";
import { signatureOf } from "./sql-function";

const SPEC_TABLES = [
  "sessions",
  "users",
  "verification_codes",
  "deletion_requests",
  "auctions",
  "auction_lots",
  "lot_questions",
  "bids",
  "lot_notifications",
  "shopify_purchases",
  "puzzles",
  "trials",
  "puzzle_completions",
  "trial_completions",
  "puzzle_failed_attempts",
  "trial_failed_attempts",
  "gift_guide_products",
  "referrals",
  "confessions",
  "credit_purchases",
  "instagram_completions",
  "credit_ledger",
  "auction_bids",
];

async function checkSchema(db: Database) {
  const tables: { table_name: string }[] = await db.dataSource.query(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`,
  );
  const names = tables.map((t) => t.table_name);
  for (const table of SPEC_TABLES) expect(names, `table ${table}`).toContain(table);

  // The entities and the migrations describe the same schema: nothing left to generate.
  const pending = await db.dataSource.driver.createSchemaBuilder().log();
  expect(pending.upQueries.map((q) => q.query)).toEqual([]);

  const lotColumns: { column_name: string }[] = await db.dataSource.query(
    `SELECT column_name FROM information_schema.columns WHERE table_name = 'auction_lots'`,
  );
  expect(lotColumns.map((c) => c.column_name)).toEqual(
    expect.arrayContaining(["opens_at", "closes_at", "leader_id", "leader_credits_used", "version", "claim_status"]),
  );
}

async function checkConstraints(db: Database) {
  const q = (sql: string, params: unknown[] = []) => db.dataSource.query(sql, params);
  const [user] = await q(`INSERT INTO users (email) VALUES ('c@test.example') RETURNING id`);
  await expect(q(`INSERT INTO users (email) VALUES ('c@test.example')`)).rejects.toThrow(/uq_users_email/);
  await expect(q(`UPDATE users SET mpc_balance = -1 WHERE id = $1`, [user.id])).rejects.toThrow(/ck_users_balance/);
  await q(`INSERT INTO credit_ledger (user_id, amount, kind, source_id, title) VALUES ($1, 5, 'signup', 's', 't')`, [
    user.id,
  ]);
  await expect(
    q(`INSERT INTO credit_ledger (user_id, amount, kind, source_id, title) VALUES ($1, 5, 'signup', 's', 't')`, [
      user.id,
    ]),
  ).rejects.toThrow(/uq_credit_ledger_source/);
  await expect(
    q(`INSERT INTO credit_ledger (user_id, amount, kind, source_id, title) VALUES ($1, 5, 'gift', 'x', 't')`, [
      user.id,
    ]),
  ).rejects.toThrow(/ck_credit_ledger_kind/);
  const [lot] = await q(
    `INSERT INTO auction_lots (lot_number, day, title, opens_at, closes_at) VALUES (1, 'Friday', 'L', now(), now() + interval '1 hour') RETURNING id`,
  );
  await expect(
    q(`INSERT INTO bids (lot_id, user_id, amount, credits_used) VALUES ($1, $2, 10, 11)`, [lot.id, user.id]),
  ).rejects.toThrow(/ck_bids_amounts/);
  await expect(q(`UPDATE auction_lots SET claim_status = 'lost' WHERE id = $1`, [lot.id])).rejects.toThrow(
    /ck_auction_lots_claim_status/,
  );
  await expect(q(`INSERT INTO bids (lot_id, user_id, amount) VALUES (999999, $1, 10)`, [user.id])).rejects.toThrow(
    /foreign key/,
  );
}

/**
 * The database runs exactly the functions declared as current source (`db/functions.ts`): each
 * one's signature, language, volatility and text as its module has them, and no function besides
 * (a function kept in a migration's text alone, or left behind under an old signature, fails here).
 */
async function checkFunctions(db: Database) {
  const rows: { signature: string; language: string; volatility: string; body: string }[] = await db.dataSource.query(
    `SELECT p.oid::regprocedure::text AS signature, l.lanname AS language, p.provolatile AS volatility, p.prosrc AS body
       FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace JOIN pg_language l ON l.oid = p.prolang
       WHERE n.nspname = 'public'
         AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
       ORDER BY 1`,
  );
  const volatility = { IMMUTABLE: "i", STABLE: "s", VOLATILE: "v" } as const;
  const expected = [];
  for (const fn of sqlFunctions) {
    // Postgres's own spelling of the declared signature (timestamptz -> timestamp with time zone).
    const [{ signature }] = await db.dataSource.query("SELECT to_regprocedure($1)::text AS signature", [
      signatureOf(fn),
    ]);
    expect(signature, `${fn.name} exists as declared`).not.toBeNull();
    expected.push({ signature, language: fn.language, volatility: volatility[fn.volatility], body: fn.body });
  }
  expected.sort((a, b) => (a.signature < b.signature ? -1 : 1));
  expect(rows).toEqual(expected);
}

describe("migrations", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });
  let postgres: Database;
  let embedded: Database;

  it("build the whole schema on an empty Postgres database, matching the entities, with its constraints", async () => {
    const test = await createTestDatabase("migr", { empty: true });
    const db = await openDatabase({ url: test.url, poolSize: 2 });
    cleanups.push(test.drop, db.close);
    postgres = db;
    await checkSchema(db);
    await checkConstraints(db);
    // Applying again at the next start-up is a no-op.
    expect(await db.dataSource.showMigrations()).toBe(false);
  });

  it("leave Postgres running exactly the functions declared as current source", async () => {
    await checkFunctions(postgres);
  });

  it("build the same schema on embedded PGlite", async () => {
    // The suite's embedded template is this very build: the migrations run on an empty PGlite
    // data directory, once per hash of what the schema is made from (template-database.ts). Its
    // copy is checked, rather than a second build from nothing, which costs 20 s of WASM CPU
    // beside the suite. Run alone (no template), the file migrates a fresh directory itself.
    const dir = await mkdtemp(join(tmpdir(), "bm-pglite-"));
    await copyEmbeddedTemplate(dir);
    const db = await openDatabase({ dataDir: dir, poolSize: 2 });
    cleanups.push(() => rm(dir, { recursive: true, force: true }), db.close);
    embedded = db;
    expect(db.embedded).toBe(true);
    // Nothing was left to apply: the template holds every migration.
    expect(await db.dataSource.showMigrations()).toBe(false);
    await checkSchema(db);
    await checkConstraints(db);
  }, 120_000);

  it("leave PGlite running exactly the functions declared as current source", async () => {
    await checkFunctions(embedded);
  });
});
