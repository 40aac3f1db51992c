/**
 * The keys counters live under: IPv6 clients counted by their /64 (one host can use any address in it), one
 * key for every client without a trusted address, and account keys that are a keyed hash of the normalised
 * address, so spellings of one address share a counter and the store never sees the address.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RateLimitConfigError } from "../../../src/runtime/rate-limit/errors.js";
import { parseIp } from "../../../src/runtime/rate-limit/ip-address.js";
import { accountKey, hmacHex, ipKey } from "../../../src/runtime/rate-limit/keys.js";

const SECRET = "a-test-secret-of-32-characters!!";

describe("ipKey", () => {
  it("counts an IPv4 client by its address and every untrusted client under one key", () => {
    expect(ipKey("198.51.100.2")).toBe("ip:198.51.100.2");
    expect(ipKey(null)).toBe("ip:unknown");
    expect(ipKey("not an address")).toBe("ip:unknown");
    expect(ipKey("::ffff:198.51.100.2")).toBe("ip:198.51.100.2");
    expect(ipKey("2001:DB8:0:0:1::1")).toBe("ip:2001:db8:0:0::/64");
  });

  it("counts every address of one IPv6 /64 under one key, and another /64 under another", () => {
    expect(ipKey(parseIp("2001:db8:1:2:aaaa::1"))).toBe("ip:2001:db8:1:2::/64");
    expect(ipKey(parseIp("2001:db8:1:2:ffff:ffff:ffff:ffff"))).toBe("ip:2001:db8:1:2::/64");
    expect(ipKey(parseIp("2001:db8:1:3::1"))).toBe("ip:2001:db8:1:3::/64");
    expect(ipKey(parseIp("::1"))).toBe("ip:0:0:0:0::/64");
    fc.assert(
      fc.property(
        fc.ipV6(),
        fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 4, maxLength: 4 }),
        (a, low) => {
          const high = ipKey(parseIp(a));
          expect(high).toMatch(/^ip:([0-9a-f]{1,4}:){4}:\/64$/);
          // Same upper 64 bits, any lower 64: the same key.
          const sibling = `${high.slice(3, -5)}:${low.map((g) => g.toString(16)).join(":")}`;
          expect(ipKey(parseIp(sibling))).toBe(high);
        },
      ),
    );
  });
});

describe("accountKey", () => {
  it("gives every spelling of one address one key, holding nothing of the address", async () => {
    const key = await accountKey("ann@example.test", SECRET);
    expect(key).toMatch(/^account:[0-9a-f]{32}$/);
    expect(await accountKey("  ANN@Example.Test ", SECRET)).toBe(key);
    expect(await accountKey("ａｎｎ@example.test", SECRET)).toBe(key);
    expect(await accountKey("anne@example.test", SECRET)).not.toBe(key);
  });

  it("depends on the secret, so a list of addresses cannot be hashed into the store's keys without it", async () => {
    expect(await accountKey("ann@example.test", SECRET)).not.toBe(await accountKey("ann@example.test", `${SECRET}2`));
  });

  it("keys an identifier that is no address too, so a malformed one is limited like any other", async () => {
    expect(await accountKey("not an address", SECRET)).toMatch(/^account:[0-9a-f]{32}$/);
    expect(await accountKey("x".repeat(1_000_000), SECRET)).toMatch(/^account:[0-9a-f]{32}$/);
  });

  it("hashes the same on edge runtimes (WebCrypto) as on Node (node:crypto)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 16 }), fc.string(), async (secret, message) => {
        expect(await hmacHex(secret, message, null)).toBe(await hmacHex(secret, message));
      }),
      { numRuns: 50 },
    );
  });

  it("refuses a missing or short secret", async () => {
    await expect(accountKey("ann@example.test", "short")).rejects.toThrow(RateLimitConfigError);
  });
});
