// The pool behind per-request random values (core/crypto/random.ts) and the one hex spelling (hex.ts):
// every byte handed out once, across refills of the pool, and the spelling Node's own hex gives.
import { describe, expect, it } from "vitest";
import { bytesToHex } from "../../../../src/runtime/core/crypto/hex.js";
import { randomBytes, randomHex } from "../../../../src/runtime/core/crypto/random.js";

describe("random values from the pool", () => {
  it("hands out the lengths asked for, each value its own copy", () => {
    const a = randomBytes(16);
    const b = randomBytes(16);
    expect(a).toHaveLength(16);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
    const before = Buffer.from(b);
    a.fill(0);
    expect(Buffer.from(b).equals(before)).toBe(true);
    expect(randomBytes(10_000)).toHaveLength(10_000);
  });

  it("never repeats a 32-byte token over several refills of the pool", () => {
    // 4 KiB a refill: 1 000 tokens of 32 bytes go through about eight refills.
    const tokens = new Set(Array.from({ length: 1_000 }, () => randomHex(32)));
    expect(tokens.size).toBe(1_000);
    for (const token of tokens) expect(token).toMatch(/^[0-9a-f]{64}$/);
  });

  it("spreads its bytes over every value (no byte value missing from 64 KiB)", () => {
    const seen = new Set<number>();
    for (let index = 0; index < 2_048; index++) for (const byte of randomBytes(32)) seen.add(byte);
    expect(seen.size).toBe(256);
  });
});

describe("bytesToHex", () => {
  it("spells every byte as Node's hex does", () => {
    const every = Uint8Array.from({ length: 256 }, (_, byte) => byte);
    expect(bytesToHex(every)).toBe(Buffer.from(every).toString("hex"));
    expect(bytesToHex(new Uint8Array(0))).toBe("");
  });
});
