import { defineConfig } from "vitest/config";
import { SlowFirstSequencer } from "./vitest.sequencer";

export default defineConfig({
  test: {
    // Two files at a time even on two cores: the integration files mostly wait on Postgres,
    // Redis and sockets (the default, half the cores, ran them one by one).
    maxWorkers: 2,
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        test: {
          name: "unit",
          include: ["packages/shared/src/**/*.test.ts", "bench/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "integration",
          include: ["packages/core/src/**/*.test.ts", "api/test/**/*.test.ts", "workers/test/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file gets its own database (a copy of one migrated once) and Redis key prefix;
          // files run in parallel.
          pool: "forks",
          // A worker keeps the modules it loaded from one file to the next (each file still starts
          // its own app, database and Redis prefix): loading the app's modules again in every file
          // was a third of the suite's time.
          isolate: false,
          globalSetup: ["packages/core/src/testing/global-setup.ts"],
        },
      },
      {
        test: {
          name: "web",
          root: "web",
          include: ["src/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          // One jsdom and one module graph per worker, not per file: a fresh jsdom and a fresh load
          // of React and the app for each of eighty files was two thirds of the project's time.
          // Each file starts from a fresh page (src/app/test-setup.ts); a file that mocks a module
          // loads what it tests afresh (vi.resetModules) so the mock is what it gets.
          isolate: false,
          setupFiles: ["src/app/test-setup.ts"],
        },
      },
    ],
  },
});
