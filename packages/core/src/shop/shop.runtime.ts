import { UnavailableShop } from "../adapters/unavailable-shop";
import type { Config } from "../config";
import type { Transactor } from "../db/transactor";
import type { Logger } from "../logger";
import type { Clock } from "../ports/clock";
import type { ShopPort } from "../ports/shop";
import type { Repositories } from "../repositories";
import { DevShop } from "./dev-shop";
import { ShopifyShop } from "./shopify/shopify-shop";

/**
 * The shop of this run: Shopify when SHOPIFY_* is set (the simulated dev shop, its checkout page
 * and pay button, is then off: one shop only), else the dev shop where allowed, else one that
 * answers 503 to every call.
 */
export function createShop(
  config: Config,
  d: { repos: Repositories; tx: Transactor; clock: Clock; log: Logger },
): { shop: ShopPort; devShop: DevShop | undefined } {
  const devShop =
    config.devShop && !config.shopify ? new DevShop(d.repos.devShop, d.tx, d.clock, config.publicUrl) : undefined;
  const shop: ShopPort = config.shopify
    ? new ShopifyShop({ ...config.shopify, clock: d.clock })
    : (devShop ?? new UnavailableShop());
  if (config.shopify)
    d.log.info({ origin: config.shopify.origin, apiVersion: config.shopify.apiVersion }, "Shop: Shopify");
  if (!config.shopify && !devShop)
    d.log.warn({}, "Neither Shopify nor the dev shop is on: every shop call answers 503");
  return { shop, devShop };
}
