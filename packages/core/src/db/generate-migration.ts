/**
 * Writes a migration with the difference between the entities and an empty (or current)
 * database: `pnpm migration:generate <Name>` against GENERATE_DATABASE_URL (default: a scratch
 * database on the local Postgres).
 */
import { writeFile } from "node:fs/promises";
import pg from "pg";
import { DataSource } from "typeorm";
import { dataSourceOptions } from "./data-source";

const name = process.argv[2];
if (!name) throw new Error("usage: migration:generate <Name>");
const admin = process.env.GENERATE_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const scratch = `bm_migration_${Date.now()}`;

const client = new pg.Client(admin);
await client.connect();
await client.query(`CREATE DATABASE ${scratch}`);
const url = admin.replace(/\/[^/]*$/, `/${scratch}`);
const ds = new DataSource(dataSourceOptions(url));
try {
  await ds.initialize();
  await ds.runMigrations();
  const sql = await ds.driver.createSchemaBuilder().log();
  if (sql.upQueries.length === 0) {
    console.log("No changes: the entities match the migrations.");
  } else {
    const ts = Date.now();
    const cls = `${name}${ts}`;
    const q = (s: string) => JSON.stringify(s);
    const up = sql.upQueries.map((x) => `    await queryRunner.query(${q(x.query)});`).join("\n");
    const down = sql.downQueries
      .reverse()
      .map((x) => `    await queryRunner.query(${q(x.query)});`)
      .join("\n");
    const file = `packages/core/src/db/migrations/${ts}-${name}.ts`;
    await writeFile(
      file,
      `import type { MigrationInterface, QueryRunner } from "typeorm";\n\nexport class ${cls} implements MigrationInterface {\n  name = ${q(cls)};\n\n  public async up(queryRunner: QueryRunner): Promise<void> {\n${up}\n  }\n\n  public async down(queryRunner: QueryRunner): Promise<void> {\n${down}\n  }\n}\n`,
    );
    console.log(`Wrote ${file}; add it to db/migrations/index.ts`);
  }
} finally {
  if (ds.isInitialized) await ds.destroy();
  await client.query(`DROP DATABASE ${scratch}`);
  await client.end();
}
