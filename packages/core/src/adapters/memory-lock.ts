import { type LockOptions, type LockPort, LockTimeoutError, reportingWait } from "../ports/lock";
import { noTelemetry, type TelemetryPort } from "../ports/telemetry";

/**
 * In-process mutex per key: a FIFO chain of promises. A holder keeps the key at most `ttlMs` when
 * given (as a Redis lock's expiry would): a hung holder then no longer blocks the queue.
 */
export class MemoryLock implements LockPort {
  private readonly tails = new Map<string, Promise<void>>();

  constructor(private readonly telemetry: TelemetryPort = noTelemetry) {}

  withLock<T>(key: string, fn: () => Promise<T>, options: LockOptions = {}): Promise<T> {
    return reportingWait(this.telemetry, fn, (held) => this.queue(key, held, options));
  }

  private async queue<T>(key: string, fn: () => Promise<T>, options: LockOptions): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = previous.then(() => mine);
    this.tails.set(key, tail);
    try {
      if (options.waitMs !== undefined) {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new LockTimeoutError(key)), options.waitMs);
        });
        try {
          await Promise.race([previous, timeout]);
        } finally {
          clearTimeout(timer);
        }
      } else {
        await previous;
      }
      const expiry = options.ttlMs === undefined ? undefined : setTimeout(release, options.ttlMs);
      try {
        return await fn();
      } finally {
        clearTimeout(expiry);
      }
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }

  async close(): Promise<void> {}
}
