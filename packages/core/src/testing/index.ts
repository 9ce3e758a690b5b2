export * from "./database";
export * from "./fake-shopify";
export * from "./smtp-sink";
