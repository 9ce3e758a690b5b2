import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../db/data-source";
import { createTestDatabase, type TestDatabase } from "../testing/database";
import { LedgerRepository } from "./ledger.repository";
import { LedgerService } from "./ledger.service";

describe("credit ledger", () => {
  let test: TestDatabase;
  let db: Database;
  let ledger: LedgerService;
  beforeAll(async () => {
    test = await createTestDatabase("ledger");
    db = await openDatabase({ url: test.url, poolSize: 20 });
    ledger = new LedgerService(new LedgerRepository(db.dataSource));
  });
  afterAll(async () => {
    await db?.close();
    await test?.drop();
  });

  async function newUser(email: string): Promise<string> {
    const [row] = await db.dataSource.query(`INSERT INTO users (email) VALUES ($1) RETURNING id`, [email]);
    return row.id;
  }
  const balance = async (id: string) =>
    (await db.dataSource.query(`SELECT mpc_balance::text AS b FROM users WHERE id = $1`, [id]))[0].b;

  it("applies an award once, however often it is retried, even concurrently", async () => {
    const id = await newUser("award@test.example");
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        db.dataSource.transaction((em) =>
          ledger.apply(em, { userId: id, amountCents: 700, kind: "puzzle", sourceId: "puzzle:1", title: "A puzzle" }),
        ),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await balance(id)).toBe("7.00");
  });

  it("keeps the balance equal to the sum of the ledger and never lets it go below zero", async () => {
    const id = await newUser("deduct@test.example");
    await db.dataSource.transaction((em) =>
      ledger.apply(em, { userId: id, amountCents: 1000, kind: "purchase", sourceId: "order:1", title: "Order" }),
    );
    await expect(
      db.dataSource.transaction((em) =>
        ledger.apply(em, { userId: id, amountCents: -1500, kind: "lot_payment", sourceId: "lot:1", title: "Lot" }),
      ),
    ).rejects.toThrow(/ck_users_balance/);
    await db.dataSource.transaction((em) =>
      ledger.apply(em, { userId: id, amountCents: -250, kind: "lot_payment", sourceId: "lot:2", title: "Lot" }),
    );
    expect(await balance(id)).toBe("7.50");
    const sum = await db.dataSource.transaction((em) => ledger.sumCents(em, id));
    expect(sum).toBe(750);
  });

  it("refuses to write outside a transaction or a zero or fractional amount", async () => {
    const id = await newUser("guard@test.example");
    await expect(
      ledger.apply(db.dataSource.manager, { userId: id, amountCents: 100, kind: "admin", sourceId: "a", title: "x" }),
    ).rejects.toThrow(/transaction/);
    await expect(
      db.dataSource.transaction((em) =>
        ledger.apply(em, { userId: id, amountCents: 0, kind: "admin", sourceId: "b", title: "x" }),
      ),
    ).rejects.toThrow(RangeError);
    await expect(
      db.dataSource.transaction((em) =>
        ledger.apply(em, { userId: id, amountCents: 1.5, kind: "admin", sourceId: "c", title: "x" }),
      ),
    ).rejects.toThrow(RangeError);
  });
});
