import { brotliCompress, brotliCompressSync, constants } from "node:zlib";

/** Brotli's quality 5: about 2 ms for a page (80 kB, most of it the stylesheet), on the event loop. */
const QUICK = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };
/** Brotli's quality 10: about 28 ms for a page, on libuv's thread pool; 11 would take 78 ms for 350 bytes less. */
export const COMPACT = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 10, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
};
/** Pages kept compressed: the distinct pages of a day are a handful per address. */
const KEPT = 64;

/**
 * The pages' HTML in brotli, small enough to arrive in one round trip.
 *
 * A page's first 14,600 bytes reach the visitor in its connection's first round trip (TCP starts
 * with 10 segments of 1,460 bytes); what goes past them waits for a second (150 ms on a phone's
 * slow 4G, as Lighthouse simulates it) before the browser can draw anything. At quality 5 a member
 * page weighs 13.6 kB and, with its headers, goes past (14.7 kB for /sanctum, 14.8 kB for
 * /earn-credits); at 10 it weighs 12.6 kB. Quality 10 costs about 28 ms of CPU, so it runs on
 * libuv's thread pool, one page at a time, and is kept by the page's own content (64 pages): the
 * first visitor of a page waits those 28 ms (against 150 ms of a second round trip), those after
 * get it at once. A page asked for while another is being compressed goes at quality 5 at once,
 * so a crowd of distinct pages (a lot whose price changes with each bid) never queues on it.
 */
export class PageCompression {
  /** By the page's variable part (the key): its HTML and that HTML compressed; least recently used first. */
  private readonly kept = new Map<string, { html: string; body: Buffer }>();
  private running: { key: string; html: string; body: Promise<Buffer | null> } | null = null;

  /**
   * `html` in brotli. `key` names what varies between pages (the base HTML is the same for all):
   * a kept body is used only when its HTML is exactly `html`.
   */
  async brotli(key: string, html: string): Promise<Buffer> {
    const kept = this.kept.get(key);
    if (kept && kept.html === html) {
      this.kept.delete(key);
      this.kept.set(key, kept);
      return kept.body;
    }
    const running = this.running;
    if (running && (running.key !== key || running.html !== html)) return brotliCompressSync(html, QUICK);
    const body = await (running ?? this.compress(key, html)).body;
    return body ?? brotliCompressSync(html, QUICK);
  }

  private compress(key: string, html: string): { body: Promise<Buffer | null> } {
    const body = new Promise<Buffer | null>((resolve) =>
      // A failure only means the page goes at quality 5.
      brotliCompress(html, COMPACT, (error, result) => resolve(error ? null : result)),
    ).then((result) => {
      this.running = null;
      if (result) {
        this.kept.delete(key);
        this.kept.set(key, { html, body: result });
        if (this.kept.size > KEPT) {
          const oldest = this.kept.keys().next().value;
          if (oldest !== undefined) this.kept.delete(oldest);
        }
      }
      return result;
    });
    this.running = { key, html, body };
    return this.running;
  }
}
