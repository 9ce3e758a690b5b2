/** `pnpm restore --from PATH`: a backup restored into a fresh database or an empty DATA_DIR (docs/operations.md). */
import { restoreCommand, runCommand } from "@bm/core/ops";

runCommand(() => restoreCommand(process.argv.slice(2), process.env));
