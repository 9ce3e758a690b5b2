import { AdjustableClock } from "../../ports/clock";
import { type FakeShopify, type FakeShopifyOptions, startFakeShopify } from "../../testing/fake-shopify";
import { ShopifyShop, type ShopifyShopOptions } from "./shopify-shop";

export const CREDENTIALS = {
  clientId: "client-id-1",
  clientSecret: "client-secret-1",
  storefrontToken: "storefront-private-1",
} as const;

/** A fake Shopify on loopback and a factory of adapters pointed at it (sleeps recorded, not slept). */
export async function shopifyFixture(options: FakeShopifyOptions = {}) {
  const fake: FakeShopify = await startFakeShopify({ ...CREDENTIALS, ...options });
  const clock = new AdjustableClock();
  const sleeps: number[] = [];
  const make = (overrides: Partial<ShopifyShopOptions> = {}) =>
    new ShopifyShop({
      origin: fake.origin,
      apiVersion: "2026-10",
      auth: { clientId: CREDENTIALS.clientId, clientSecret: CREDENTIALS.clientSecret },
      storefrontToken: CREDENTIALS.storefrontToken,
      clock,
      ...overrides,
      transport: {
        sleep: async (ms) => {
          sleeps.push(ms);
        },
        ...overrides.transport,
      },
    });
  return { fake, clock, sleeps, make };
}

/** The error a promise rejects with (the test fails when it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<Error & { status?: number }> {
  try {
    await promise;
  } catch (error) {
    return error as Error & { status?: number };
  }
  throw new Error("expected the call to fail, it succeeded");
}
