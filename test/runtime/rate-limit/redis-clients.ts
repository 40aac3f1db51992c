/**
 * The two Redis clients apps bring, connected to a test's private redis-server: node-redis (`redis`) and
 * ioredis, each with the library's defaults except a short reconnect delay (so a restarted server is found
 * again within the test's time) and an error listener (an unhandled client error would end the test worker).
 */
import { Redis } from "ioredis";
import { createClient } from "redis";
import type { IORedisClient, NodeRedisClient } from "../../../src/runtime/rate-limit/redis-store.js";

export interface TestClient {
  kind: "node-redis" | "ioredis";
  client: NodeRedisClient | IORedisClient;
  /** Sends one command as the app would, for reading what the store wrote. */
  command(args: string[]): Promise<unknown>;
  close(): Promise<void>;
}

export const CLIENT_KINDS = ["node-redis", "ioredis"] as const;

/**
 * `offlineQueue: false` sets the option docs/rate-limits.md recommends (node-redis `disableOfflineQueue`,
 * ioredis `enableOfflineQueue: false`): commands fail at once while disconnected instead of waiting.
 */
export async function connectClient(
  kind: TestClient["kind"],
  url: string,
  { offlineQueue = true }: { offlineQueue?: boolean } = {},
): Promise<TestClient> {
  if (kind === "node-redis") {
    const client = createClient({ url, socket: { reconnectStrategy: 100 }, disableOfflineQueue: !offlineQueue });
    client.on("error", () => {});
    await client.connect();
    return {
      kind,
      client,
      command: (args) => client.sendCommand(args),
      close: async () => client.destroy(),
    };
  }
  const client = new Redis(url, { retryStrategy: () => 100, lazyConnect: true, enableOfflineQueue: offlineQueue });
  client.on("error", () => {});
  await client.connect();
  return {
    kind,
    client,
    command: ([command, ...args]) => client.call(command as string, ...args),
    close: async () => client.disconnect(),
  };
}
