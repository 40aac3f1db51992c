/**
 * The sliding-window log's decision (sliding-log.ts) as one Lua script, so Redis runs it atomically: two app
 * instances taking the last slot at once are serialised by Redis, and only one gets it. "Now" is Redis's own
 * TIME, so instances whose clocks disagree still count one window. Since Redis 5 a script replicates its
 * effects, not itself, which is what makes reading TIME before writing allowed (Redis ≥ 5 is required).
 *
 * KEYS[1]  the key's log: a sorted set of attempt times in ms (members unique per attempt)
 * ARGV     windowMs, max, free (−1: no backoff), baseMs, capMs, member
 * returns  {allowed 1|0, count, retryAfterMs}
 */

import { bytesToHex } from "../core/crypto/hex.js";
import { nodeCrypto } from "../core/crypto/node-crypto.js";

export const SLIDING_LOG_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[1])
local max = tonumber(ARGV[2])
local free = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
if count >= max then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return {0, count, tonumber(oldest[2]) + window - now}
end
if free >= 0 and count >= free and count > 0 then
  local wait = math.min(tonumber(ARGV[5]), tonumber(ARGV[4]) * 2 ^ math.min(count - free, 30))
  local newest = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
  local due = tonumber(newest[2]) + wait
  if due > now then return {0, count, math.ceil(due - now)} end
end
redis.call('ZADD', KEYS[1], now, ARGV[6])
redis.call('PEXPIRE', KEYS[1], window)
return {1, count + 1, 0}
`;

let digest: Promise<string> | undefined;

/** The script's SHA-1, which EVALSHA names it by (computed once; WebCrypto where node:crypto is absent). */
export function slidingLogScriptSha(): Promise<string> {
  digest ??= (async () => {
    if (nodeCrypto) return nodeCrypto.createHash("sha1").update(SLIDING_LOG_SCRIPT).digest("hex");
    const bytes = await crypto.subtle.digest("SHA-1", new TextEncoder().encode(SLIDING_LOG_SCRIPT));
    return bytesToHex(new Uint8Array(bytes));
  })();
  return digest;
}
