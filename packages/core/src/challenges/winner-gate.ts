/** How long a node trusts that a challenge's winner slots are all taken (a re-seed may empty them). */
const FILLED_TRUST_MS = 10_000;

/**
 * Per node: right answers to one challenge with winner slots queue here, in memory, holding no
 * database connection, and once a node has seen the slots filled it answers the rest of its queue
 * without a query. Correctness does not rest on it: the challenge's row lock decides, across
 * nodes; this only keeps a crowd at the unlock from queueing on the row with a connection each.
 */
export class WinnerGate {
  private readonly tails = new Map<string, Promise<unknown>>();
  private readonly filled = new Map<string, number>();

  /** Runs `fn` after every earlier call for `key` on this node has finished. */
  async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const current = previous.then(fn, fn);
    const tail = current.catch(() => undefined);
    this.tails.set(key, tail);
    try {
      return await current;
    } finally {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }

  markFilled(key: string): void {
    this.filled.set(key, performance.now());
  }

  knownFilled(key: string): boolean {
    const at = this.filled.get(key);
    if (at === undefined) return false;
    if (performance.now() - at < FILLED_TRUST_MS) return true;
    this.filled.delete(key);
    return false;
  }
}
