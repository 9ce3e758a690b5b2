import { readFileSync } from "node:fs";
import { brotliCompressSync, brotliDecompressSync, constants } from "node:zlib";
import { describe, expect, it } from "vitest";
import { PageCompression } from "../src/plugins/page-compression";
import { WEB_DIST } from "../src/plugins/static";

const quality = (html: string, q: number) =>
  brotliCompressSync(html, {
    params: { [constants.BROTLI_PARAM_QUALITY]: q, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
  });

describe("PageCompression: a page's HTML in brotli", () => {
  // The built page (`npm test` builds the web app first): its stylesheet is what weighs.
  const base = readFileSync(`${WEB_DIST}/index.html`, "utf8");
  const pageOf = (hints: string) => base.replace("</head>", `${hints}</head>`);

  it("answers the first visitor at once (quality 5) and those after at quality 11, under TCP's first window", async () => {
    const compression = new PageCompression();
    const html = pageOf('<link rel="preload" as="fetch" href="/api/challenges/today">');
    const first = compression.brotli("today", html);
    expect(brotliDecompressSync(first).toString()).toBe(html);
    expect(first.equals(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }))).toBe(true);
    await compression.settled();
    const second = compression.brotli("today", html);
    expect(second.equals(quality(html, 11))).toBe(true);
    expect(brotliDecompressSync(second).toString()).toBe(html);
    // What it is for: the page and its headers (about 1 kB) within 10 segments of 1,460 bytes.
    expect(first.length).toBeGreaterThan(second.length);
    expect(second.length + 1_000).toBeLessThan(14_600);
  });

  it("never answers with another page's body: a key whose page changed gets the new page", async () => {
    const compression = new PageCompression();
    const before = pageOf("<!-- lot 3 at $10.00 -->");
    compression.brotli("lot 3", before);
    await compression.settled();
    const after = pageOf("<!-- lot 3 at $11.00 -->");
    expect(brotliDecompressSync(compression.brotli("lot 3", after)).toString()).toBe(after);
    await compression.settled();
    expect(compression.brotli("lot 3", after).equals(quality(after, 11))).toBe(true);
  });

  it("compresses one page at a time at quality 11: others asked for meanwhile go at quality 5 until their turn", async () => {
    const compression = new PageCompression();
    const pages = ["a", "b", "c"].map((key) => ({ key, html: pageOf(`<!-- ${key} -->`) }));
    for (const { key, html } of pages) compression.brotli(key, html);
    await compression.settled();
    const [a, b] = pages as [(typeof pages)[0], (typeof pages)[0]];
    expect(compression.brotli(a.key, a.html).equals(quality(a.html, 11))).toBe(true);
    // b was asked for while a was being compressed: not kept, so quality 5 again, and its turn begins.
    const again = compression.brotli(b.key, b.html);
    expect(again.equals(quality(b.html, 11))).toBe(false);
    expect(brotliDecompressSync(again).toString()).toBe(b.html);
    await compression.settled();
    expect(compression.brotli(b.key, b.html).equals(quality(b.html, 11))).toBe(true);
  });
});
