export * from "./database";
export * from "./fake-shopify";
export type { FakeCheckoutPages } from "./fake-shopify-pages";
export * from "./fake-shopify-webhooks";
export * from "./smtp-sink";
export * from "./soft-authenticator";
