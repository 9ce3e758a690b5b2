import { readFileSync } from "node:fs";
import { brotliCompressSync, brotliDecompressSync, constants } from "node:zlib";
import { describe, expect, it } from "vitest";
import { COMPACT, PageCompression } from "../src/plugins/page-compression";
import { WEB_DIST } from "../src/plugins/static";

const compact = (html: string) => brotliCompressSync(html, COMPACT);
const quick = (html: string) => brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });

describe("PageCompression: a page's HTML in brotli, in one round trip", () => {
  // The built page (`npm test` builds the web app first): its stylesheet is what weighs.
  const base = readFileSync(`${WEB_DIST}/index.html`, "utf8");
  const pageOf = (hints: string) => base.replace("</head>", `${hints}</head>`);

  it("compresses a page once, at quality 10, small enough for TCP's first window with its headers", async () => {
    const compression = new PageCompression();
    const html = pageOf('<link rel="preload" as="fetch" href="/api/challenges/today">');
    const first = await compression.brotli("today", html);
    expect(first.equals(compact(html))).toBe(true);
    expect(brotliDecompressSync(first).toString()).toBe(html);
    // Kept: the same bytes again, the very same buffer.
    expect(await compression.brotli("today", html)).toBe(first);
    // What it is for: the page and its headers (about 1 kB) within 10 segments of 1,460 bytes,
    // which quality 5 misses by a few hundred bytes on the member pages.
    expect(first.length + 1_100).toBeLessThan(14_600);
    expect(quick(html).length).toBeGreaterThan(first.length + 800);
  });

  it("never answers with another page's body: a key whose page changed is compressed anew", async () => {
    const compression = new PageCompression();
    const before = pageOf("<!-- lot 3 at $10.00 -->");
    await compression.brotli("lot 3", before);
    const after = pageOf("<!-- lot 3 at $11.00 -->");
    const body = await compression.brotli("lot 3", after);
    expect(brotliDecompressSync(body).toString()).toBe(after);
    expect(body.equals(compact(after))).toBe(true);
  });

  it("compresses one page at a time: the same page asked for meanwhile waits for it, another goes at quality 5", async () => {
    const compression = new PageCompression();
    const a = pageOf("<!-- a -->");
    const b = pageOf("<!-- b -->");
    const [first, same, other] = await Promise.all([
      compression.brotli("a", a),
      compression.brotli("a", a),
      compression.brotli("b", b),
    ]);
    expect(first.equals(compact(a))).toBe(true);
    expect(same).toBe(first);
    expect(other.equals(quick(b))).toBe(true);
    expect(brotliDecompressSync(other).toString()).toBe(b);
    // b was not kept: asked for again with nothing running, it gets its compact body.
    expect((await compression.brotli("b", b)).equals(compact(b))).toBe(true);
  });
});
