/**
 * Caps how many password hashes run at once. Each scrypt hash holds 128 MiB and each Argon2id hash 64 MiB,
 * and both run on libuv's thread pool (4 threads by default), which fs and dns share: without a cap, a burst
 * of sign-ins exhausts memory or stalls the app's file reads. Past `maxWaiting` queued hashes the caller
 * gets "busy" at once instead of an ever longer wait (rate limits, issue 24 point 5, keep it rare).
 */

export class LimiterFull extends Error {
  override name = "LimiterFull";
}

export interface Limiter {
  /** Runs `task` when a slot is free; rejects with LimiterFull when `maxWaiting` tasks already wait. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running now (what the cap bounds). */
  readonly running: number;
  readonly waiting: number;
}

export function createLimiter(maxRunning: number, maxWaiting: number): Limiter {
  let running = 0;
  const queue: Array<() => void> = [];
  const release = () => {
    running--;
    const next = queue.shift();
    if (next) {
      running++;
      next();
    }
  };
  return {
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= maxRunning) {
        if (queue.length >= maxWaiting) throw new LimiterFull("too many password hashes waiting");
        // The slot is handed over by release(), so no one can overtake a waiting task.
        await new Promise<void>((resolve) => queue.push(resolve));
      } else {
        running++;
      }
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
