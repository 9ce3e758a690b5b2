import { join } from "node:path";
import { bundleProduct } from "./support/bundle";

/**
 * Before the journeys: the product bundled once (support/bundle.ts), which every journey's
 * `startProduct` then runs; named to the workers through the environment they inherit.
 */
export default async function globalSetup(): Promise<void> {
  // E2E_FROM_SOURCES=1: the sources under tsx, as `npm start` runs them (stack traces name them).
  if (process.env.E2E_FROM_SOURCES === "1") return;
  const bundle = await bundleProduct(join(import.meta.dirname, "..", "test-results", "e2e-product"));
  process.env.BM_E2E_BUNDLE = JSON.stringify(bundle);
}
