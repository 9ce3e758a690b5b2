export * from "./database";
export * from "./smtp-sink";
