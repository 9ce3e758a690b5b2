export * from "./database";
export * from "./fake-shopify";
export * from "./fake-shopify-webhooks";
export * from "./smtp-sink";
