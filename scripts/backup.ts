/** `pnpm backup`: a backup of the app's database, PostgreSQL or embedded (docs/operations.md). */
import { backupCommand, runCommand } from "@bm/core/ops";

runCommand(() => backupCommand(process.argv.slice(2), process.env));
