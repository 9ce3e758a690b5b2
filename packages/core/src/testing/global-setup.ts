import { ensureEmbeddedTemplate, ensureTemplateDatabase } from "./template-database";

/**
 * The integration tests' global setup (vitest.config.ts): the migrated templates every test
 * file's database is copied from (Postgres, and PGlite for the embedded runtime), named to the
 * workers through the environment they inherit.
 */
export default async function setup(): Promise<void> {
  const [database, embedded] = await Promise.all([ensureTemplateDatabase(), ensureEmbeddedTemplate()]);
  process.env.BM_TEST_TEMPLATE_DB = database;
  process.env.BM_TEST_PGLITE_TEMPLATE = embedded;
}
