import { defineConfig } from "@playwright/test";

/** Browser journeys in Debian's Chromium (never a downloaded browser), against the built app. */
export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  // Two spec files at a time, each file's tests in order in one worker. Safe because every file
  // (or describe) starts its own product (support/product.ts): its own database, Redis prefix,
  // SMTP sink and port, so no file sees another's members, bids or mail. Most of a journey is
  // waiting (server start, sockets, timers), which the other worker fills. E2E_WORKERS=1 for one.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  outputDir: "test-results/playwright",
  use: {
    // The product honours prefers-reduced-motion (its candles, sigils and glows stop). Without it,
    // their infinite animations keep Chromium's compositor painting every frame on a machine of two
    // cores, about 40% of a core per browser, for pages no journey looks at in motion.
    reducedMotion: "reduce",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
});
