/**
 * Reads asked for in the same turn of the event loop, made as one: each `load(key)` waits for the
 * turn to end (setImmediate, after the I/O callbacks of this turn), then one call of `many`
 * answers every key asked meanwhile. Under load the requests that arrived together share one
 * round trip; alone, a read waits only for the end of its turn. Nothing is kept between turns: no
 * answer is older than the read it came from.
 */
export class TickBatch<K, V> {
  private pending: { key: K; resolve: (value: V) => void; reject: (error: unknown) => void }[] = [];

  constructor(
    /** Answers the keys it can (each key once); a key it leaves out gets `missing`. */
    private readonly many: (keys: K[]) => Promise<Map<K, V>>,
    private readonly missing: V,
  ) {}

  load(key: K): Promise<V> {
    return new Promise<V>((resolve, reject) => {
      if (this.pending.length === 0) setImmediate(() => this.flush());
      this.pending.push({ key, resolve, reject });
    });
  }

  private flush(): void {
    const batch = this.pending;
    this.pending = [];
    const keys = [...new Set(batch.map((p) => p.key))];
    this.many(keys).then(
      (found) => {
        for (const p of batch) p.resolve(found.has(p.key) ? (found.get(p.key) as V) : this.missing);
      },
      (error: unknown) => {
        for (const p of batch) p.reject(error);
      },
    );
  }
}
