import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The integration files that take longest (their own seconds in a quiet run on 2 cores: fuzz 49,
 * Shopify claims 32, lot closing 30, crowd 27, data deletion 25, ...), started first: on a clean
 * clone vitest has no timings yet and starts the largest files first, and a long file started
 * last keeps one worker busy while the other idles. Vitest's own order (by its cached timings
 * once it has them) stands for every other file.
 */
const SLOW_FIRST = [
  "api/test/fuzz.test.ts",
  "api/test/shopify-claims.test.ts",
  "api/test/lot-closing.test.ts",
  "api/test/crowd.test.ts",
  "api/test/data-deletion.test.ts",
  "api/test/claims.test.ts",
  "api/test/shopify-webhooks.test.ts",
  "api/test/admin-exports.test.ts",
  "api/test/answer-privacy.test.ts",
  "api/test/hardening.test.ts",
  "api/test/admin-console.test.ts",
  "api/test/admin-charts.test.ts",
  "api/test/bid-storm.test.ts",
  "packages/core/src/db/migrations.test.ts",
];

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const at = SLOW_FIRST.indexOf(relative(this.ctx.config.root, file.moduleId));
      return at === -1 ? SLOW_FIRST.length : at;
    };
    // Array.prototype.sort is stable: within a rank, vitest's order is kept.
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}
