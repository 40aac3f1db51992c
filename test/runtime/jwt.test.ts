import { hkdfSync } from "node:crypto";
import { base64url, calculateJwkThumbprint, decodeProtectedHeader, EncryptJWT, jwtDecrypt } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { nodeCrypto } from "../../src/runtime/core/crypto/node-crypto.js";
import { decode, encode, getToken } from "../../src/runtime/jwt.js";

const secret = "jwt-test-secret-with-more-than-32-characters";
const salt = "authjs.session-token";

/** The key as the spec defines it, computed independently with node:crypto. */
function referenceKey(keySecret: string, keySalt: string, length: number): Uint8Array {
  return new Uint8Array(
    hkdfSync("sha256", keySecret, keySalt, `Auth.js Generated Encryption Key (${keySalt})`, length),
  );
}

/** Flips the most significant of the 6 bits a base64url character carries (always a meaningful bit). */
function flipCharacter(token: string, index: number): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  const value = alphabet.indexOf(token[index]!);
  return `${token.slice(0, index)}${alphabet[value ^ 0b100000]}${token.slice(index + 1)}`;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("encode/decode", () => {
  it("round-trips the payload and adds iat, exp and a jti", async () => {
    const token = await encode({ token: { name: "Ada", sub: "1" }, secret, salt, maxAge: 60 });
    const payload = await decode({ token, secret, salt });
    expect(payload).toMatchObject({ name: "Ada", sub: "1" });
    expect(payload!.exp! - payload!.iat!).toBe(60);
    expect(payload!.jti).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("writes a dir/A256CBC-HS512 JWE whose kid is the SHA-512 thumbprint of the HKDF key", async () => {
    const token = await encode({ token: {}, secret, salt });
    const header = decodeProtectedHeader(token);
    const key = referenceKey(secret, salt, 64);
    const kid = await calculateJwkThumbprint({ kty: "oct", k: base64url.encode(key) }, "sha512");
    expect(header).toEqual({ alg: "dir", enc: "A256CBC-HS512", kid });
  });

  it("reads a token jose encrypted with the spec's key, so the format is the reference's", async () => {
    const key = referenceKey(secret, salt, 64);
    const token = await new EncryptJWT({ email: "ada@example.test" })
      .setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512" })
      .setExpirationTime("1h")
      .encrypt(key);
    expect(await decode({ token, secret, salt })).toMatchObject({ email: "ada@example.test" });
  });

  it("reads A256GCM tokens keyed with a 32-byte HKDF key", async () => {
    const key = referenceKey(secret, salt, 32);
    const token = await new EncryptJWT({ name: "gcm" })
      .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
      .setExpirationTime("1h")
      .encrypt(key);
    expect(await decode({ token, secret, salt })).toMatchObject({ name: "gcm" });
  });

  it("returns null for an empty token", async () => {
    expect(await decode({ token: "", secret, salt })).toBeNull();
  });

  it("rejects a token with any character of it flipped", async () => {
    const token = await encode({ token: { name: "Ada" }, secret, salt });
    let accepted = 0;
    for (let index = 0; index < token.length; index++) {
      if (token[index] === ".") continue;
      await decode({ token: flipCharacter(token, index), secret, salt }).then(
        () => accepted++,
        () => {},
      );
    }
    expect(accepted).toBe(0);
  });

  it("rejects a token expired beyond the 15 s clock tolerance and accepts one within it", async () => {
    const expired = await encode({ token: {}, secret, salt, maxAge: -16 });
    await expect(decode({ token: expired, secret, salt })).rejects.toThrow();
    const justExpired = await encode({ token: {}, secret, salt, maxAge: -10 });
    await expect(decode({ token: justExpired, secret, salt })).resolves.toBeTruthy();
  });

  it("rejects a token written with another secret or salt", async () => {
    const token = await encode({ token: {}, secret: "another-secret-entirely-of-enough-length", salt });
    await expect(decode({ token, secret, salt })).rejects.toThrow();
    const otherSalt = await encode({ token: {}, secret, salt: "__Secure-authjs.session-token" });
    await expect(decode({ token: otherSalt, secret, salt })).rejects.toThrow();
  });

  it("encrypts with the first secret and decrypts with whichever secret's kid matches", async () => {
    const oldSecret = "the-old-secret-that-is-being-rotated-out";
    const old = await encode({ token: { name: "old" }, secret: oldSecret, salt });
    expect(await decode({ token: old, secret: [secret, oldSecret], salt })).toMatchObject({ name: "old" });
    const fresh = await encode({ token: { name: "new" }, secret: [secret, oldSecret], salt });
    expect(await decode({ token: fresh, secret, salt })).toMatchObject({ name: "new" });
    await expect(decode({ token: fresh, secret: oldSecret, salt })).rejects.toThrow();
  });

  it("derives each key once: a hundred encodes and decodes run HKDF a single time", async () => {
    // Node derives on node:crypto (encryption-key.ts); WebCrypto's derivation is the edge runtimes'.
    if (!nodeCrypto) throw new Error("these tests run on Node, which has node:crypto");
    const hkdf = vi.spyOn(nodeCrypto, "hkdfSync");
    const uniqueSalt = `cache-test-${crypto.randomUUID()}`;
    for (let round = 0; round < 50; round++) {
      const token = await encode({ token: { round }, secret, salt: uniqueSalt });
      await decode({ token, secret, salt: uniqueSalt });
    }
    expect(hkdf).toHaveBeenCalledTimes(1);
  });
});

describe("repeated reads of one token (decrypted once per process)", () => {
  afterEach(() => vi.useRealTimers());

  it("still expires: a token read while valid is refused once its exp has passed", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const token = await encode({ token: { sub: "1" }, secret, salt, maxAge: 60 });
    expect(await decode({ token, secret, salt })).toMatchObject({ sub: "1" });
    vi.setSystemTime(Date.now() + 120_000);
    await expect(decode({ token, secret, salt })).rejects.toThrow(/exp/);
  });

  it("is not read with another secret after a read with the right one", async () => {
    const token = await encode({ token: { sub: "1" }, secret, salt });
    expect(await decode({ token, secret, salt })).toMatchObject({ sub: "1" });
    await expect(decode({ token, secret: "another-secret-with-more-than-32-characters", salt })).rejects.toThrow();
  });

  it("is not read under another cookie name (salt) after a read under its own", async () => {
    const token = await encode({ token: { sub: "1" }, secret, salt });
    expect(await decode({ token, secret, salt })).toMatchObject({ sub: "1" });
    await expect(decode({ token, secret, salt: "__Secure-authjs.session-token" })).rejects.toThrow();
  });

  it("hands every reader its own payload object, so a callback's edits do not leak into the next read", async () => {
    const token = await encode({ token: { name: "Ada" }, secret, salt });
    const first = await decode({ token, secret, salt });
    first!.name = "Mallory";
    expect(await decode({ token, secret, salt })).toMatchObject({ name: "Ada" });
  });
});

describe("the node:crypto cipher agrees with jose", () => {
  it("is active on Node", () => {
    expect(nodeCrypto).toBeDefined();
  });

  it("writes tokens jose decrypts with the spec's key, claims intact", async () => {
    const token = await encode({ token: { name: "Ada", nested: { a: [1, "ü"] } }, secret, salt, maxAge: 120 });
    const { payload, protectedHeader } = await jwtDecrypt(token, referenceKey(secret, salt, 64));
    expect(payload).toMatchObject({ name: "Ada", nested: { a: [1, "ü"] } });
    expect(payload.exp! - payload.iat!).toBe(120);
    expect(protectedHeader.enc).toBe("A256CBC-HS512");
  });

  it("reads tokens jose wrote with a kid, and ones with extra non-critical header fields", async () => {
    const key = referenceKey(secret, salt, 64);
    const kid = await calculateJwkThumbprint({ kty: "oct", k: base64url.encode(key) }, "sha512");
    const withKid = await new EncryptJWT({ name: "k" })
      .setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512", kid })
      .setIssuedAt()
      .setExpirationTime("1h")
      .encrypt(key);
    expect(await decode({ token: withKid, secret, salt })).toMatchObject({ name: "k" });
    const withTyp = await new EncryptJWT({ name: "t" })
      .setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512", typ: "JWT" })
      .encrypt(key);
    expect(await decode({ token: withTyp, secret, salt })).toMatchObject({ name: "t" });
  });

  it("rejects what jose rejects: a future nbf, a non-numeric iat, a non-object payload", async () => {
    const key = referenceKey(secret, salt, 64);
    const seal = (payload: string) =>
      import("jose").then(({ CompactEncrypt }) =>
        new CompactEncrypt(new TextEncoder().encode(payload))
          .setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512" })
          .encrypt(key),
      );
    const future = Math.floor(Date.now() / 1000) + 3600;
    for (const payload of [
      JSON.stringify({ nbf: future }),
      JSON.stringify({ iat: "yesterday" }),
      "[1,2]",
      "not json",
    ]) {
      const token = await seal(payload);
      await expect(decode({ token, secret, salt })).rejects.toThrow();
      await expect(jwtDecrypt(token, key)).rejects.toThrow();
    }
  });
});

describe("getToken", () => {
  async function request(headers: Record<string, string>, url = "http://localhost:3000/") {
    return new Request(url, { headers });
  }

  it("reads and decodes the session cookie", async () => {
    const token = await encode({ token: { email: "ada@example.test" }, secret, salt });
    const req = await request({ cookie: `authjs.session-token=${token}` });
    expect(await getToken({ req, secret })).toMatchObject({ email: "ada@example.test" });
  });

  it("reads the __Host- cookie on https", async () => {
    const secureSalt = "__Host-authjs.session-token";
    const token = await encode({ token: { email: "ada@example.test" }, secret, salt: secureSalt });
    const req = await request({ cookie: `${secureSalt}=${token}` }, "https://example.test/");
    expect(await getToken({ req, secret })).toMatchObject({ email: "ada@example.test" });
  });

  it("joins a chunked cookie in index order", async () => {
    const token = await encode({ token: { blob: "x".repeat(6000) }, secret, salt });
    const first = token.slice(0, 3936);
    const second = token.slice(3936);
    const req = await request({ cookie: `authjs.session-token.1=${second}; authjs.session-token.0=${first}` });
    expect(await getToken({ req, secret })).toMatchObject({ blob: "x".repeat(6000) });
  });

  it("falls back to an Authorization: Bearer token", async () => {
    const token = await encode({ token: { sub: "42" }, secret, salt });
    const req = await request({ authorization: `Bearer ${token}` });
    expect(await getToken({ req, secret })).toMatchObject({ sub: "42" });
  });

  it("returns the encrypted string with raw", async () => {
    const token = await encode({ token: {}, secret, salt });
    const req = await request({ cookie: `authjs.session-token=${token}` });
    expect(await getToken({ req, secret, raw: true })).toBe(token);
  });

  it("reads malformed, tampered and foreign tokens as null without throwing", async () => {
    const foreign = await encode({ token: {}, secret: "someone-elses-secret-of-sufficient-length", salt });
    for (const value of ["garbage", "a.b.c.d.e", `${foreign}x`, foreign, "%E0%A4%A"]) {
      const req = await request({ cookie: `authjs.session-token=${value}` });
      expect(await getToken({ req, secret })).toBeNull();
    }
    expect(await getToken({ req: await request({ authorization: "Bearer %E0%A4%A" }), secret })).toBeNull();
  });

  it("returns null when there is no token at all", async () => {
    expect(await getToken({ req: await request({}), secret })).toBeNull();
  });
});
