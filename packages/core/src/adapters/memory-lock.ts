import { type LockOptions, type LockPort, LockTimeoutError } from "../ports/lock";
import { noTelemetry, type TelemetryPort } from "../ports/telemetry";

/**
 * In-process mutex per key: a FIFO chain of promises. A holder keeps the key at most `ttlMs` when
 * given (as a Redis lock's expiry would): a hung holder then no longer blocks the queue.
 */
export class MemoryLock implements LockPort {
  private readonly tails = new Map<string, Promise<void>>();

  constructor(private readonly telemetry: TelemetryPort = noTelemetry) {}

  async withLock<T>(key: string, fn: () => Promise<T>, options: LockOptions = {}): Promise<T> {
    const started = performance.now();
    let entered = false;
    const held = () => {
      entered = true;
      this.telemetry.lockWait(performance.now() - started, true);
      return fn();
    };
    try {
      return await this.queue(key, held, options);
    } catch (error) {
      if (!entered && error instanceof LockTimeoutError) this.telemetry.lockWait(performance.now() - started, false);
      throw error;
    }
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
