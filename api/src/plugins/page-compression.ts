import { brotliCompress, brotliCompressSync, constants } from "node:zlib";

/** Brotli's quality 5: about 2 ms for a page (80 kB, most of it the stylesheet), on the event loop. */
const QUICK = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };
/** Brotli's best: about 80 ms for a page, so never on the event loop. */
const BEST = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
};
/** Pages kept compressed at their best: the distinct pages of a day are a handful per address. */
const KEPT = 64;

/**
 * The pages' HTML in brotli, at its best once a page has been asked for before.
 *
 * A page's first 14,600 bytes reach the visitor in its connection's first round trip (TCP starts
 * with 10 segments of 1,460 bytes); what goes past them waits for a second (150 ms on a phone's
 * slow 4G, as Lighthouse simulates it) before the browser can draw anything. At quality 5 a member
 * page weighs 13.6 kB and, with its headers, just goes past (14.8 kB for /earn-credits); at 11 it
 * weighs 12.2 kB. Quality 11 costs about 80 ms of CPU, so it runs on libuv's thread pool, one page
 * at a time, and its result is kept by the page's own content: the first visitor of a page gets
 * quality 5 at once, those after get 11. A lot whose price changes with each bid is a new page
 * each time, and simply gets quality 5 more often.
 */
export class PageCompression {
  /** By the page's variable part (the key): its HTML and that HTML at quality 11; least recently used first. */
  private readonly best = new Map<string, { html: string; body: Buffer }>();
  private running: Promise<void> | null = null;

  /**
   * `html` in brotli. `key` names what varies between pages (the base HTML is the same for all):
   * the cached body is used only when its HTML is exactly `html`.
   */
  brotli(key: string, html: string): Buffer {
    const kept = this.best.get(key);
    if (kept && kept.html === html) {
      this.best.delete(key);
      this.best.set(key, kept);
      return kept.body;
    }
    if (!this.running) {
      this.running = this.compress(key, html).finally(() => {
        this.running = null;
      });
    }
    return brotliCompressSync(html, QUICK);
  }

  /** Waits for the compression at quality 11 under way, if any (tests). */
  async settled(): Promise<void> {
    await this.running;
  }

  private async compress(key: string, html: string): Promise<void> {
    const body = await new Promise<Buffer | null>((resolve) =>
      // A failure only means the page goes at quality 5 again.
      brotliCompress(html, BEST, (error, result) => resolve(error ? null : result)),
    );
    if (!body) return;
    this.best.delete(key);
    this.best.set(key, { html, body });
    if (this.best.size > KEPT) {
      const oldest = this.best.keys().next().value;
      if (oldest !== undefined) this.best.delete(oldest);
    }
  }
}
