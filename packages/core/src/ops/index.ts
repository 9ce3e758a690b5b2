export { backupCommand, restoreCommand, runCommand } from "./cli";
export * from "./embedded-backup";
export { OpsError } from "./ops-error";
export * from "./postgres-backup";
