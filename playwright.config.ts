import { defineConfig } from "@playwright/test";

/** Browser journeys in Debian's Chromium (never a downloaded browser), against the built app. */
export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  // The product bundled once for every journey's start (e2e/support/bundle.ts).
  globalSetup: "./e2e/global-setup.ts",
  // One spec file at a time by default. Two (E2E_WORKERS=2) is safe, since every file (or describe)
  // starts its own product (support/product.ts: its own database, Redis prefix, SMTP sink and port),
  // and faster on a machine with more cores; on two cores, two browsers and two products saturate
  // the CPU and the live journeys (console, live close) ran past their timeouts.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 1),
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
    // A trace records every action's DOM and screenshots, for every test, to keep those of the
    // ones that fail: 15% of the journeys' time. Off by default; E2E_TRACE=retain-on-failure when
    // a failure needs one (the failure's screenshot and the list reporter's error are always kept).
    trace: (process.env.E2E_TRACE ?? "off") as "off" | "retain-on-failure" | "on",
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
