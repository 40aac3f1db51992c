/**
 * The counter store for apps that run several instances: one Redis, which every instance counts in. It takes
 * the app's own client, either node-redis (v4 or later: `createClient()` from `redis`) or ioredis, told apart by
 * shape (ioredis has `call`, node-redis `sendCommand(args[])`), so the runtime depends on neither package.
 *
 * Why our own Lua and not rate-limiter-flexible: its Redis limiter counts fixed windows (an attacker gets twice
 * the limit across a window boundary), it has no per-account backoff that is decided in the same atomic step
 * as the count, and it would become a dependency of every generated app; the script is 20 lines
 * (redis-script.ts), tested against the memory store's decision on a real redis-server.
 *
 * A client that cannot reach Redis makes `take` reject (or hang, with its offline queue on: the limiter's
 * timeout covers that); the limiter applies the rule's `whenStoreDown`. The clients reconnect on their own,
 * so counting resumes when Redis is back; a restarted Redis has forgotten its scripts, hence the EVAL fallback.
 */
import { RateLimitStoreError } from "./errors.js";
import { SLIDING_LOG_SCRIPT, slidingLogScriptSha } from "./redis-script.js";
import type { RateLimitStore, StoreAnswer, StoreLimit } from "./store.js";

/** What we use of a node-redis client (v4+): `sendCommand` with the command as an array of strings. */
export interface NodeRedisClient {
  sendCommand(args: string[]): Promise<unknown>;
}
/** What we use of an ioredis client: `call(command, ...args)`. */
export interface IORedisClient {
  call(command: string, ...args: string[]): Promise<unknown>;
}

export interface RedisStoreOptions {
  /** Prepended to every key, so the limiter's keys never meet the app's own (default `auth:rl:`). */
  prefix?: string;
}

type Send = (command: string, args: string[]) => Promise<unknown>;

/** Picks how to send a command from the client's shape; anything else is refused at start-up. */
function sender(client: NodeRedisClient | IORedisClient): Send {
  const shape = client as Partial<NodeRedisClient & IORedisClient> | null;
  // ioredis also has a `sendCommand`, taking its own Command objects: look for `call` first.
  if (typeof shape?.call === "function") {
    const call = shape.call.bind(client);
    return (command, args) => call(command, ...args);
  }
  if (typeof shape?.sendCommand === "function") {
    const send = shape.sendCommand.bind(client);
    return (command, args) => send([command, ...args]);
  }
  throw new TypeError("createRedisStore needs a node-redis client (createClient from `redis`) or an ioredis client.");
}

function isNoScript(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith("NOSCRIPT");
}

/** Reads the script's `{allowed, count, retryAfterMs}` reply, refusing anything else as a store fault. */
function answerOf(reply: unknown): StoreAnswer {
  if (!Array.isArray(reply) || reply.length !== 3) {
    throw new RateLimitStoreError(`Redis answered the rate-limit script with ${JSON.stringify(reply)}`);
  }
  const [allowed, count, retryAfterMs] = reply.map(Number) as [number, number, number];
  if (![allowed, count, retryAfterMs].every(Number.isFinite)) {
    throw new RateLimitStoreError(`Redis answered the rate-limit script with ${JSON.stringify(reply)}`);
  }
  return { allowed: allowed === 1, count, retryAfterMs };
}

export function createRedisStore(
  client: NodeRedisClient | IORedisClient,
  options: RedisStoreOptions = {},
): RateLimitStore {
  const send = sender(client);
  const prefix = options.prefix ?? "auth:rl:";
  // Members of a log must be unique per attempt, also across instances: a random instance id and a counter.
  const instance = crypto.randomUUID().slice(0, 8);
  let sequence = 0;

  return {
    async take(key: string, limit: StoreLimit): Promise<StoreAnswer> {
      sequence = (sequence + 1) % Number.MAX_SAFE_INTEGER;
      const args = [
        "1",
        prefix + key,
        String(Math.ceil(limit.windowMs)),
        String(limit.max),
        String(limit.backoff?.free ?? -1),
        String(limit.backoff?.baseMs ?? 0),
        String(limit.backoff?.capMs ?? 0),
        `${instance}:${sequence}`,
      ];
      try {
        return answerOf(await send("EVALSHA", [await slidingLogScriptSha(), ...args]));
      } catch (error) {
        if (!isNoScript(error)) throw error;
        // First use on this server, or Redis restarted and lost its script cache: EVAL loads it again.
        return answerOf(await send("EVAL", [SLIDING_LOG_SCRIPT, ...args]));
      }
    },
    async reset(key: string): Promise<void> {
      await send("DEL", [prefix + key]);
    },
  };
}
