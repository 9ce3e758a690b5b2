import { test } from "@playwright/test";
import { type RunningProduct, startProduct } from "./server";

/**
 * The product a spec file (or describe block) journeys through: started before its first test and
 * stopped after its last, so no two files share a database, Redis prefix, mail sink or port and
 * files can run in parallel workers. The handle is filled in by the hook: read it inside tests.
 */
export function useProduct(
  env: Record<string, string> = {},
  options: { workers?: boolean; localhost?: boolean } = {},
): RunningProduct {
  const product = {} as RunningProduct;
  test.beforeAll(async () => {
    Object.assign(product, await startProduct(env, options));
  });
  test.afterAll(async () => {
    await product.stop?.();
  });
  return product;
}
