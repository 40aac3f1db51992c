/**
 * The two ciphers of the session JWE side by side: synchronous node:crypto and the WebCrypto one edge
 * runtimes get. Each must read what the other writes, and reject every tampered byte.
 */
import { base64url } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createJweCodec } from "../../src/runtime/core/crypto/jwe.js";
import { nodeCrypto } from "../../src/runtime/core/crypto/node-crypto.js";

const secret = "paths-test-secret-with-more-than-32-characters";
const salt = "authjs.session-token";
const fast = createJweCodec(nodeCrypto);
const web = createJweCodec(undefined);
const paths = [
  ["node:crypto", fast],
  ["WebCrypto", web],
] as const;

afterEach(() => {
  vi.restoreAllMocks();
});

/** Every variant of `token` with one byte of one segment changed (low bit flipped), segment by segment. */
function tamperedVariants(token: string): Array<{ segment: number; byte: number; token: string }> {
  const segments = token.split(".");
  const variants: Array<{ segment: number; byte: number; token: string }> = [];
  segments.forEach((encoded, segment) => {
    const bytes = base64url.decode(encoded);
    for (let byte = 0; byte < bytes.length; byte++) {
      const changed = Uint8Array.from(bytes);
      changed[byte]! ^= 0x01;
      const parts = [...segments];
      parts[segment] = base64url.encode(changed);
      variants.push({ segment, byte, token: parts.join(".") });
    }
  });
  return variants;
}

async function accepted(decode: typeof fast.decode, token: string): Promise<boolean> {
  return decode({ token, secret, salt }).then(
    (payload) => payload !== null,
    () => false,
  );
}

describe("the node:crypto and the WebCrypto cipher", () => {
  it("run on different engines: only the WebCrypto cipher goes through crypto.subtle", async () => {
    const decrypt = vi.spyOn(crypto.subtle, "decrypt");
    const token = await fast.encode({ token: { name: "Ada" }, secret, salt });
    await fast.decode({ token, secret, salt });
    expect(decrypt).not.toHaveBeenCalled();
    await web.decode({ token, secret, salt });
    expect(decrypt).toHaveBeenCalled();
  });

  it("fall back for real: without process.getBuiltinModule there is no node:crypto and jwt.ts runs on WebCrypto", async () => {
    const token = await fast.encode({ token: { name: "Ada" }, secret, salt });
    const descriptor = Object.getOwnPropertyDescriptor(process, "getBuiltinModule");
    Object.defineProperty(process, "getBuiltinModule", { value: undefined, configurable: true, writable: true });
    vi.resetModules();
    try {
      const edgeCrypto = await import("../../src/runtime/core/crypto/node-crypto.js");
      const edgeJwt = await import("../../src/runtime/jwt.js");
      expect(edgeCrypto.nodeCrypto).toBeUndefined();
      const decrypt = vi.spyOn(crypto.subtle, "decrypt");
      expect(await edgeJwt.decode({ token, secret, salt })).toMatchObject({ name: "Ada" });
      expect(decrypt).toHaveBeenCalled();
      const written = await edgeJwt.encode({ token: { name: "Edge" }, secret, salt });
      expect(await fast.decode({ token: written, secret, salt })).toMatchObject({ name: "Edge" });
    } finally {
      if (descriptor) Object.defineProperty(process, "getBuiltinModule", descriptor);
      vi.resetModules();
    }
  });

  for (const [writer, writing] of paths) {
    for (const [reader, reading] of paths) {
      it(`${reader} reads what ${writer} writes, header and claims intact`, async () => {
        const token = await writing.encode({ token: { name: "Ada", nested: { a: [1, "ü"] } }, secret, salt });
        expect(JSON.parse(new TextDecoder().decode(base64url.decode(token.split(".")[0]!)))).toEqual({
          alg: "dir",
          enc: "A256CBC-HS512",
          kid: expect.any(String),
        });
        const payload = await reading.decode({ token, secret, salt });
        expect(payload).toMatchObject({ name: "Ada", nested: { a: [1, "ü"] }, jti: expect.any(String) });
      });
    }
  }

  it("both reject every tampered byte of every segment of a real token", async () => {
    const token = await fast.encode({ token: { name: "Ada", email: "ada@example.test" }, secret, salt });
    const variants = tamperedVariants(token);
    // Header, IV, ciphertext and tag all carry bytes (the dir key segment is empty).
    expect(new Set(variants.map((variant) => variant.segment))).toEqual(new Set([0, 2, 3, 4]));
    for (const [label, codec] of paths) {
      expect(await accepted(codec.decode, token), label).toBe(true);
      const leaks: string[] = [];
      for (const variant of variants) {
        if (await accepted(codec.decode, variant.token))
          leaks.push(`${label}: segment ${variant.segment} byte ${variant.byte}`);
      }
      expect(leaks).toEqual([]);
    }
  });

  it("both reject a character outside the base64url alphabet in any segment (decoders that skip it would not)", async () => {
    const parts = (await fast.encode({ token: { name: "Ada" }, secret, salt })).split(".");
    for (const segment of [0, 2, 3, 4]) {
      for (const stray of ["!", "=", "+", "."]) {
        const changed = [...parts];
        const value = changed[segment]!;
        changed[segment] = `${value.slice(0, 4)}${stray}${value.slice(4)}`;
        for (const [label, codec] of paths) {
          expect(await accepted(codec.decode, changed.join(".")), `${label} ${segment} ${stray}`).toBe(false);
        }
      }
    }
  });

  it("both reject a token whose encrypted-key segment is not empty", async () => {
    const parts = (await fast.encode({ token: {}, secret, salt })).split(".");
    parts[1] = base64url.encode(new Uint8Array(64));
    for (const [label, codec] of paths) expect(await accepted(codec.decode, parts.join(".")), label).toBe(false);
  });

  it("both reject a token expired beyond the clock tolerance and one written with another secret", async () => {
    const expired = await fast.encode({ token: {}, secret, salt, maxAge: -60 });
    const foreign = await fast.encode({ token: {}, secret: "someone-else's-secret-of-enough-length", salt });
    for (const [label, codec] of paths) {
      expect(await accepted(codec.decode, expired), label).toBe(false);
      expect(await accepted(codec.decode, foreign), label).toBe(false);
    }
  });
});
