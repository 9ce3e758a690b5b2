import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ChallengeDayAnswer, challengeImageAt, roman, usd } from "@bm/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLot } from "./fixtures";
import { Client, startTestApp, type TestApp, uniqueEmail } from "./helpers";

/**
 * The page's HTML names what its first paint waits for, so the browser asks for it at once: the
 * lot page's code, the lot and the member, and (for a member past the gate only) the lot's picture.
 */
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>The Black Market</title>
    <script type="module" crossorigin src="/assets/index.js"></script>
    <style>body{margin:0}</style>
  </head>
  <body><div id="root"></div></body>
</html>`;

const MANIFEST = {
  "index.html": { file: "assets/index.js", isEntry: true, imports: ["_react.js"] },
  "_react.js": { file: "assets/react.js" },
  "_lots.js": { file: "assets/lots.js", imports: ["_react.js"] },
  "_schemas.js": { file: "assets/schemas.js" },
  "_get-lot.js": { file: "assets/get-lot.js", imports: ["_lots.js", "_schemas.js"] },
  "src/app/routes/lot.tsx": {
    file: "assets/lot.js",
    isDynamicEntry: true,
    imports: ["_lots.js", "_get-lot.js", "_react.js"],
  },
  "src/app/routes/landing.tsx": { file: "assets/landing.js", isDynamicEntry: true, imports: ["_react.js"] },
  "src/app/routes/earn-credits.tsx": {
    file: "assets/earn-credits.js",
    isDynamicEntry: true,
    imports: ["_schemas.js", "_react.js"],
  },
};

let t: TestApp;
let dist: string;
let lotNumber: number;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), "bm-web-dist-"));
  await mkdir(join(dist, ".vite"));
  await writeFile(join(dist, "index.html"), INDEX);
  await writeFile(join(dist, ".vite", "manifest.json"), JSON.stringify(MANIFEST));
  t = await startTestApp("distributed", {}, { webDist: dist });
  ({ lotNumber } = await createLot(t.runtime));
});

afterAll(async () => {
  await t?.close();
  if (dist) await rm(dist, { recursive: true, force: true });
});

const preloads = (html: string, rel: string) =>
  [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]*href="([^"]+)"`, "g"))].map((m) => m[1]);

describe("the hints in a page's HTML", () => {
  it("has every page ask for the member at once (the entry reads the answer)", async () => {
    const page = await new Client(t.baseUrl).get("/catalogue");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = String(page.body.text);
    expect(preloads(html, "preload")).toEqual(["/api/auth/user"]);
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/auth/user">');
    expect(preloads(html, "modulepreload")).toEqual([]);
  });

  it("has a lot page ask for its code, its lot and the member together, without the entry's files again", async () => {
    const html = String((await new Client(t.baseUrl).get(`/lot/${lotNumber}`)).body.text);
    expect(preloads(html, "preload")).toEqual(["/api/auth/user", `/api/auction-lots/${lotNumber}`]);
    expect(preloads(html, "modulepreload").sort()).toEqual(
      ["/assets/get-lot.js", "/assets/lot.js", "/assets/lots.js", "/assets/schemas.js"].sort(),
    );
    // Still the app's page: the hints go at the end of its head, before the stylesheet written
    // into it (so the browser reads them before its 75 kB).
    expect(html.indexOf("/assets/lot.js")).toBeLessThan(html.indexOf("<style>"));
    expect(html.indexOf("<style>")).toBeLessThan(html.indexOf("</head>"));
    expect(html).toContain('<div id="root"></div>');
  });

  it("has the landing ask for its code with the HTML, for anyone", async () => {
    const html = String((await new Client(t.baseUrl).get("/")).body.text);
    expect(preloads(html, "modulepreload")).toEqual(["/assets/landing.js"]);
    expect(preloads(html, "preload")).toEqual(["/api/auth/user"]);
  });

  it("has /earn-credits ask for the member's day with the HTML (its first paint), only when a member is signed in", async () => {
    const visitorHtml = String((await new Client(t.baseUrl).get("/earn-credits")).body.text);
    expect(preloads(visitorHtml, "preload")).toEqual(["/api/auth/user"]);
    expect(preloads(visitorHtml, "modulepreload")).toContain("/assets/earn-credits.js");

    const member = new Client(t.baseUrl);
    await member.signIn(t, uniqueEmail("harvest"), undefined, { gate: false });
    const html = String((await member.get("/earn-credits")).body.text);
    expect(preloads(html, "preload").filter((href) => href?.startsWith("/api/") && !href.includes("/media/"))).toEqual([
      "/api/auth/user",
      "/api/challenges/today",
    ]);
    // Each answer it names is one the member is given (not a refusal fetched for nothing).
    for (const path of preloads(html, "preload")) expect((await member.get(path as string)).status, path).toBe(200);
  });

  it("has /earn-credits ask for the picture today's challenge shows the member, by the page's own rule", async () => {
    await t.runtime.seeds.seedChallenges();
    // The calendar's tenth day, after its 1 PM New York unlock.
    t.clock.set(new Date("2025-11-10T19:00:00.000Z"));
    try {
      const member = new Client(t.baseUrl);
      await member.signIn(t, uniqueEmail("harvest"), undefined, { gate: false });
      const day = (await member.get<ChallengeDayAnswer>("/api/challenges/today")).body;
      const picture = day.challenge ? challengeImageAt(day.challenge, t.runtime.clock.now()).src : null;
      expect(picture, JSON.stringify(day).slice(0, 300)).toMatch(/^\/.+\.(svg|png|jpe?g|webp)$/);
      const html = String((await member.get("/earn-credits")).body.text);
      expect(html).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${picture}">`);
      // Not for a visitor, who is shown the entry page.
      const visitorHtml = String((await new Client(t.baseUrl).get("/earn-credits")).body.text);
      expect(visitorHtml).not.toContain('as="image"');
    } finally {
      t.clock.set(new Date());
    }
  });

  it("names the lot's picture only to a member past the gate", async () => {
    const visitor = new Client(t.baseUrl);
    const visitorHtml = String((await visitor.get(`/lot/${lotNumber}`)).body.text);
    expect(preloads(visitorHtml, "preload")).not.toContain("/art/lots/key.svg");
    expect(visitorHtml).not.toContain('id="first-screen"');

    const outside = new Client(t.baseUrl);
    await outside.signIn(t, uniqueEmail("outside"), undefined, { gate: false });
    const outsideHtml = String((await outside.get(`/lot/${lotNumber}`)).body.text);
    expect(preloads(outsideHtml, "preload")).not.toContain("/art/lots/key.svg");
    expect(outsideHtml).not.toContain('id="first-screen"');

    const bidder = new Client(t.baseUrl);
    await bidder.signIn(t, uniqueEmail("bidder"));
    const html = String((await bidder.get(`/lot/${lotNumber}`)).body.text);
    expect(html).toContain('<link rel="preload" as="image" fetchpriority="high" href="/art/lots/key.svg">');
    // A lot that does not exist has no picture, and its page still opens.
    const missing = await bidder.get("/lot/999999");
    expect(missing.status).toBe(200);
    expect(preloads(String(missing.body.text), "preload")).toEqual(["/api/auth/user", "/api/auction-lots/999999"]);
    expect(String(missing.body.text)).not.toContain('id="first-screen"');
  });

  it("paints the lot's first screen into the page for a member past the gate: its number, title, price and picture", async () => {
    await t.runtime.db.dataSource.query(`UPDATE auction_lots SET title = $1 WHERE lot_number = $2`, [
      `The "Widow's" Key <script>alert(1)</script> & Chain`,
      lotNumber,
    ]);
    const bidder = new Client(t.baseUrl);
    await bidder.signIn(t, uniqueEmail("poster"));
    const html = String((await bidder.get(`/lot/${lotNumber}`)).body.text);
    const screen = html.slice(html.indexOf('<div id="first-screen"'), html.indexOf('<div id="root">'));
    expect(screen).toContain('aria-hidden="true" inert');
    expect(screen).toContain('<img src="/art/lots/key.svg" alt="" fetchpriority="high"');
    // The title as text, never as markup.
    expect(screen).toContain("The &quot;Widow's&quot; Key &lt;script&gt;alert(1)&lt;/script&gt; &amp; Chain");
    expect(screen).not.toContain("<script>");
    expect(screen).toContain(`Lot ${roman(lotNumber)}`);
    expect([roman(13), roman(4), roman(1994)]).toEqual(["XIII", "IV", "MCMXCIV"]);
    // Before the app's root, which stays empty for the app to fill; a view is not counted.
    expect(html.indexOf('id="first-screen"')).toBeLessThan(html.indexOf('<div id="root"></div>'));
    const [lot] = await t.runtime.db.dataSource.query(`SELECT view_count FROM auction_lots WHERE lot_number = $1`, [
      lotNumber,
    ]);
    expect(Number(lot.view_count)).toBe(0);
    // The bidding panel's figure, as the page will write it (no bids yet: the opening bid).
    const shown = (await bidder.get<{ bidCount: number; minimumBid: string }>(`/api/auction-lots/${lotNumber}`)).body;
    expect(shown.bidCount).toBe(0);
    expect(screen).toContain(">Opening bid</p>");
    expect(screen).toContain(`>${usd(shown.minimumBid)}</p>`);
  });

  it("keeps the build's manifest from visitors", async () => {
    const answer = await new Client(t.baseUrl).get("/.vite/manifest.json");
    expect(answer.headers.get("content-type")).not.toContain("json");
    expect(String(answer.body.text)).not.toContain("isDynamicEntry");
  });
});
