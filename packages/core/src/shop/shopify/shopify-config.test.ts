import { describe, expect, it } from "vitest";
import { ConfigError, DEFAULT_SHOPIFY_API_VERSION, loadConfig } from "../../config";
import { AdjustableClock } from "../../ports/clock";
import { startFakeShopify } from "../../testing/fake-shopify";
import { ShopifyShop } from "./shopify-shop";

const store = { SHOPIFY_STORE_DOMAIN: "black-market.myshopify.com", SHOPIFY_STOREFRONT_TOKEN: "sf" };

function failure(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error("expected the configuration to be refused");
}

describe("Shopify configuration", () => {
  it("is off without a store, so the dev shop stays the default", () => {
    expect(loadConfig({}).shopify).toBeUndefined();
  });

  it("takes a bare store domain with a fixed Admin token, at the default API version", () => {
    expect(loadConfig({ ...store, SHOPIFY_ADMIN_TOKEN: "shpat_1" }).shopify).toEqual({
      origin: "https://black-market.myshopify.com",
      apiVersion: DEFAULT_SHOPIFY_API_VERSION,
      auth: { adminToken: "shpat_1" },
      storefrontToken: "sf",
      webhookSecret: undefined,
    });
  });

  it("takes client credentials (the webhook key defaults to the client secret) and a loopback origin for the fake", () => {
    const config = loadConfig({
      ...store,
      SHOPIFY_STORE_DOMAIN: "http://127.0.0.1:4001/",
      SHOPIFY_CLIENT_ID: "id",
      SHOPIFY_CLIENT_SECRET: "secret",
      SHOPIFY_API_VERSION: "2026-07",
    });
    expect(config.shopify).toMatchObject({
      origin: "http://127.0.0.1:4001",
      apiVersion: "2026-07",
      auth: { clientId: "id", clientSecret: "secret" },
      webhookSecret: "secret",
    });
  });

  it("stops start-up naming the variable when the configuration is half there or wrong", () => {
    expect(failure({ SHOPIFY_ADMIN_TOKEN: "shpat_1" })).toContain(
      "SHOPIFY_STORE_DOMAIN: required when SHOPIFY_ADMIN_TOKEN is set",
    );
    expect(failure(store)).toContain("SHOPIFY_ADMIN_TOKEN: required with SHOPIFY_STORE_DOMAIN");
    expect(failure({ ...store, SHOPIFY_CLIENT_ID: "id" })).toContain(
      "SHOPIFY_CLIENT_SECRET: required with SHOPIFY_CLIENT_ID",
    );
    expect(failure({ ...store, SHOPIFY_ADMIN_TOKEN: "t", SHOPIFY_STOREFRONT_TOKEN: "" })).toContain(
      "SHOPIFY_STOREFRONT_TOKEN: required with SHOPIFY_STORE_DOMAIN",
    );
    expect(failure({ ...store, SHOPIFY_ADMIN_TOKEN: "t", SHOPIFY_STORE_DOMAIN: "http://shop.example.com" })).toContain(
      "SHOPIFY_STORE_DOMAIN: must be the store's domain",
    );
    expect(failure({ ...store, SHOPIFY_ADMIN_TOKEN: "t", SHOPIFY_API_VERSION: "2026-02" })).toContain(
      "SHOPIFY_API_VERSION: must be a Shopify API version",
    );
  });
});

describe("Shopify configuration pointed at the fake Shopify", () => {
  it("builds an adapter that talks to the fake through SHOPIFY_STORE_DOMAIN=http://127.0.0.1:port", async () => {
    const fake = await startFakeShopify({ clientId: "id", clientSecret: "secret", storefrontToken: "sf" });
    try {
      fake.seedProduct({ title: "Black Candle", price: "10.00" });
      const config = loadConfig({
        SHOPIFY_STORE_DOMAIN: fake.origin,
        SHOPIFY_CLIENT_ID: "id",
        SHOPIFY_CLIENT_SECRET: "secret",
        SHOPIFY_STOREFRONT_TOKEN: "sf",
      });
      // As the runtime builds it.
      const shop = new ShopifyShop({ ...config.shopify!, clock: new AdjustableClock() });
      expect((await shop.listProducts()).map((p) => p.title)).toEqual(["Black Candle"]);
      expect(fake.calls.map((c) => `${c.api}:${c.operation}:${c.version}`)).toEqual([
        "token:client_credentials:",
        `admin:ListProducts:${DEFAULT_SHOPIFY_API_VERSION}`,
      ]);
    } finally {
      await fake.close();
    }
  });
});
