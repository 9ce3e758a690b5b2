import { writeFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import { startProduct } from "../e2e/support/server";

const product = await startProduct({ DEMO: "1" });
const email = `prof.${Date.now().toString(36)}@bench.example`;
const post = (path: string, body: unknown, cookie?: string) =>
  fetch(`${product.baseUrl}${path}`, { method: "POST", headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
await post("/api/auth/send-code", { email });
const verified = await post("/api/auth/verify-code", { email, code: await product.readCode(email) });
const cookie = verified.headers.getSetCookie().map((c) => c.split(";")[0] ?? "").find((c) => c.startsWith("bm.sid="))!;
await post("/api/gate", { password: "nocturne" }, cookie);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
const [name, value] = cookie.split("=");
await context.addCookies([{ name: name!, value: value!, url: product.baseUrl }]);
const page = await context.newPage();
const path = process.argv[2] ?? "/earn-credits";
for (let i = 0; i < 3; i++) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
  await page.goto(`${product.baseUrl}${path}`, { waitUntil: "load" });
  await page.waitForTimeout(3000);
  const { profile } = await cdp.send("Profiler.stop");
  writeFileSync(`/tmp/prof-${i}.cpuprofile`, JSON.stringify(profile));
  await cdp.detach();
}
await browser.close();
await product.stop();
