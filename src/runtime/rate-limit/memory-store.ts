/**
 * The default counter store: this process's memory, for an app that runs as one instance. Bounded, because
 * every key is chosen by the client (its address, the email it typed): expired keys are dropped as they are
 * met, and past `maxKeys` the least recently used key is forgotten, so spraying keys costs the attacker one
 * request per key and never grows memory past `maxKeys × max` timestamps. Forgetting a key forgets its
 * counter; an attacker would need `maxKeys` fresh keys (each a counted request, so each limited per client
 * address) between two attempts on one account to reset it. Several instances need a shared store (Redis).
 */
import { decide } from "./sliding-log.js";
import type { RateLimitStore, StoreAnswer, StoreLimit } from "./store.js";

export interface MemoryStoreOptions {
  /** Most keys held at once (default 10 000). */
  maxKeys?: number;
  /** Milliseconds since the epoch; tests pass their own to move time without waiting. */
  now?: () => number;
}

interface Entry {
  times: number[];
  /** When the newest attempt leaves its window: the entry is dead weight after it. */
  expiresAt: number;
}

export interface MemoryStore extends RateLimitStore {
  /** Keys held now (for tests and metrics). */
  readonly size: number;
}

/** The stores made here: they answer from memory, without I/O, so the limiter arms no timeout for them. */
const inProcess = new WeakSet<RateLimitStore>();

export function isInProcessStore(store: RateLimitStore): boolean {
  return inProcess.has(store);
}

export function createMemoryStore(options: MemoryStoreOptions = {}): MemoryStore {
  const maxKeys = options.maxKeys ?? 10_000;
  if (!Number.isInteger(maxKeys) || maxKeys < 1) throw new RangeError("maxKeys must be a positive integer");
  const now = options.now ?? Date.now;
  // A Map iterates in insertion order; re-inserting a key on use keeps it least-recently-used first.
  const entries = new Map<string, Entry>();

  /** Drops expired entries from the least recently used end, and the least recently used live one while full. */
  function makeRoom(at: number): void {
    for (const [key, entry] of entries) {
      // Stopping at the first live entry once there is room keeps this O(1) amortised under a spray of keys.
      if (entry.expiresAt > at && entries.size < maxKeys) return;
      entries.delete(key);
    }
  }

  const store: MemoryStore = {
    get size() {
      return entries.size;
    },
    async take(key: string, limit: StoreLimit): Promise<StoreAnswer> {
      const at = now();
      let entry = entries.get(key);
      if (entry === undefined) {
        if (entries.size >= maxKeys) makeRoom(at);
        entry = { times: [], expiresAt: at };
      } else {
        entries.delete(key);
      }
      const answer = decide(entry.times, at, limit);
      const newest = entry.times[entry.times.length - 1];
      if (newest !== undefined) {
        entry.expiresAt = newest + limit.windowMs;
        entries.set(key, entry);
      }
      return answer;
    },
    async reset(key: string): Promise<void> {
      entries.delete(key);
    },
  };
  inProcess.add(store);
  return store;
}
