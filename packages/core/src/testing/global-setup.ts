import { ensureTemplateDatabase } from "./template-database";

/**
 * The integration tests' global setup (vitest.config.ts): the migrated template every test file's
 * database is copied from, named to the workers through the environment they inherit.
 */
export default async function setup(): Promise<void> {
  process.env.BM_TEST_TEMPLATE_DB = await ensureTemplateDatabase();
}
