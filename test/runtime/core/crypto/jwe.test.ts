/**
 * The session JWE codec on both of its ciphers (core/crypto/jwe.ts): node:crypto, and WebCrypto as edge
 * runtimes get it, run here by handing the codec no node:crypto. jose is the independent reference: each
 * cipher reads what jose writes and jose reads what each writes; the header rules are checked on tokens whose
 * tag is genuine (sealed by this file's own node:crypto sealer), so a refusal there is the rule's and not the
 * tag's; and an attacker's edits of a real token, generated broadly, are all refused with JWTSessionError.
 */
import { createCipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { base64url, CompactEncrypt, calculateJwkThumbprint, EncryptJWT, jwtDecrypt } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createJweCodec } from "../../../../src/runtime/core/crypto/jwe.js";
import { isCanonicalBase64url } from "../../../../src/runtime/core/crypto/jwe-compact.js";
import { nodeCrypto } from "../../../../src/runtime/core/crypto/node-crypto.js";
import { JWTSessionError } from "../../../../src/runtime/errors.js";

const secret = "jwe-codec-test-secret-with-more-than-32-characters";
const oldSecret = "the-secret-being-rotated-out-of-this-jwe-test";
const salt = "authjs.session-token";
const ciphers = [
  ["node:crypto", () => createJweCodec(nodeCrypto)],
  ["WebCrypto", () => createJweCodec(undefined)],
] as const;
type Codec = ReturnType<typeof createJweCodec>;

afterEach(() => {
  vi.restoreAllMocks();
});

/** The key as the spec defines it (HKDF-SHA-256, the reference's info string), computed with node:crypto. */
function referenceKey(keySecret: string, length: 32 | 64, keySalt = salt): Uint8Array {
  return new Uint8Array(
    hkdfSync("sha256", keySecret, keySalt, `Auth.js Generated Encryption Key (${keySalt})`, length),
  );
}

async function kidOf(key: Uint8Array): Promise<string> {
  return calculateJwkThumbprint({ kty: "oct", k: base64url.encode(key) }, key.length === 64 ? "sha512" : "sha256");
}

const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url");
const inOneHour = () => Math.floor(Date.now() / 1000) + 3600;

/**
 * An A256CBC-HS512 JWE with any header text at all and a genuine tag, written straight from RFC 7518
 * §5.2.2.1 with node:crypto (not the code under test), so the header rules can be tried one by one.
 */
function sealCbc(
  headerText: string | Uint8Array,
  payload: string | Uint8Array,
  key = referenceKey(secret, 64),
): string {
  const encodedHeader = b64(headerText);
  const aad = Buffer.from(encodedHeader, "ascii");
  const iv = randomBytes(16);
  const cipher = createCipheriv("aes-256-cbc", key.subarray(32), iv);
  const ciphertext = Buffer.concat([cipher.update(Buffer.from(payload)), cipher.final()]);
  const al = Buffer.alloc(8);
  al.writeBigUInt64BE(BigInt(aad.length * 8));
  const tag = createHmac("sha512", key.subarray(0, 32)).update(aad).update(iv).update(ciphertext).update(al).digest();
  return `${encodedHeader}..${b64(iv)}.${b64(ciphertext)}.${b64(tag.subarray(0, 32))}`;
}

/** `json` with its one "?" as the byte 0xFF, never valid UTF-8 (a lenient decoder reads U+FFFD instead). */
function withInvalidUtf8(json: string): Uint8Array {
  const bytes = Buffer.from(json);
  bytes[bytes.indexOf("?")] = 0xff;
  return bytes;
}

/** Resolves to the payload, or to the error it was refused with. */
async function outcome(codec: Codec, token: string, secrets: string | string[] = secret) {
  return codec.decode({ token, secret: secrets, salt }).then(
    (payload) => ({ payload }),
    (error: unknown) => ({ error }),
  );
}

async function expectRefused(codec: Codec, token: string, label = token): Promise<void> {
  const result = await outcome(codec, token);
  expect("error" in result ? result.error : result.payload, label).toBeInstanceOf(JWTSessionError);
}

describe.each(ciphers)("the %s cipher and jose", (_name, make) => {
  it("reads what jose encrypts with A256CBC-HS512 and with A256GCM, kid or none", async () => {
    const codec = make();
    for (const [enc, length] of [
      ["A256CBC-HS512", 64],
      ["A256GCM", 32],
    ] as const) {
      const key = referenceKey(secret, length);
      for (const kid of [undefined, await kidOf(key)]) {
        const token = await new EncryptJWT({ name: `${enc} ${kid ? "kid" : "no kid"}`, nested: { a: [1, "ü"] } })
          .setProtectedHeader(kid ? { alg: "dir", enc, kid } : { alg: "dir", enc })
          .setIssuedAt()
          .setExpirationTime("1h")
          .encrypt(key);
        expect(await codec.decode({ token, secret, salt })).toMatchObject({
          name: `${enc} ${kid ? "kid" : "no kid"}`,
          nested: { a: [1, "ü"] },
        });
      }
    }
  });

  it("writes what jose decrypts with the spec's key: the reference's header, the claims intact", async () => {
    const token = await make().encode({ token: { name: "Ada", nested: { a: [1, "ü"] } }, secret, salt, maxAge: 120 });
    const key = referenceKey(secret, 64);
    const { payload, protectedHeader } = await jwtDecrypt(token, key, {
      keyManagementAlgorithms: ["dir"],
      contentEncryptionAlgorithms: ["A256CBC-HS512"],
    });
    expect(protectedHeader).toEqual({ alg: "dir", enc: "A256CBC-HS512", kid: await kidOf(key) });
    expect(payload).toMatchObject({ name: "Ada", nested: { a: [1, "ü"] }, jti: expect.any(String) });
    expect(payload.exp! - payload.iat!).toBe(120);
  });

  it("writes every member of the token as its own, in order, a __proto__ member and an iat to replace included", async () => {
    // JSON.parse makes `__proto__` an own member, as a token read back from a cookie holds it.
    const token = JSON.parse('{"name":"Ada","__proto__":{"admin":true},"iat":1,"sub":"user-1"}');
    const written = await make().encode({ token, secret, salt, maxAge: 120 });
    const { payload } = await jwtDecrypt(written, referenceKey(secret, 64), {
      keyManagementAlgorithms: ["dir"],
      contentEncryptionAlgorithms: ["A256CBC-HS512"],
    });
    expect(Object.keys(payload)).toEqual(["name", "__proto__", "iat", "sub", "exp", "jti"]);
    expect(Object.getOwnPropertyDescriptor(payload, "__proto__")?.value).toEqual({ admin: true });
    expect(payload.iat).not.toBe(1);
    expect(payload.exp! - payload.iat!).toBe(120);
  });

  it("ignores typ, cty and other non-critical header members, as jose does", async () => {
    const key = referenceKey(secret, 64);
    const token = await new EncryptJWT({ name: "typed" })
      .setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512", typ: "JWT", cty: "JWT", "x-app": { n: 1 } })
      .encrypt(key);
    expect(await make().decode({ token, secret, salt })).toMatchObject({ name: "typed" });
  });

  it("refuses a zip header though jose would inflate it: sessions are never compressed", async () => {
    const key = referenceKey(secret, 64);
    const token = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify({ name: "zipped" })))
      .setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512", zip: "DEF" })
      .encrypt(key);
    expect((await jwtDecrypt(token, key)).payload).toMatchObject({ name: "zipped" });
    await expectRefused(make(), token);
  });

  it("refuses a crit header, even one jose was told to understand", async () => {
    const key = referenceKey(secret, 64);
    const token = await new EncryptJWT({ name: "critical" })
      .setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512", crit: ["urn:example:flag"], "urn:example:flag": 1 })
      .encrypt(key, { crit: { "urn:example:flag": true } });
    await expectRefused(make(), token);
  });

  it("decrypts with whichever secret's kid matches, writes with the first, and refuses a kid no secret has", async () => {
    const codec = make();
    const old = await codec.encode({ token: { name: "old" }, secret: oldSecret, salt });
    expect(await codec.decode({ token: old, secret: [secret, oldSecret], salt })).toMatchObject({ name: "old" });
    const fresh = await codec.encode({ token: { name: "new" }, secret: [secret, oldSecret], salt });
    expect(await codec.decode({ token: fresh, secret, salt })).toMatchObject({ name: "new" });
    await expectRefused(codec, old);
    const unknownKid = sealCbc(JSON.stringify({ alg: "dir", enc: "A256CBC-HS512", kid: "no-such-kid" }), "{}");
    await expectRefused(codec, unknownKid);
    const noKid = sealCbc(JSON.stringify({ alg: "dir", enc: "A256CBC-HS512" }), '{"n":1}');
    expect(await codec.decode({ token: noKid, secret: [secret, oldSecret], salt })).toMatchObject({ n: 1 });
  });

  it("refuses a token expired beyond the 15 s clock tolerance and reads one within it", async () => {
    const codec = make();
    expect(
      await codec.decode({ token: await codec.encode({ token: {}, secret, salt, maxAge: -10 }), secret, salt }),
    ).toBeTruthy();
    const expired = await outcome(codec, await codec.encode({ token: {}, secret, salt, maxAge: -16 }));
    expect("error" in expired && (expired.error as Error).message).toMatch(/"exp"/);
    const early = sealCbc(
      JSON.stringify({ alg: "dir", enc: "A256CBC-HS512" }),
      JSON.stringify({ nbf: Math.floor(Date.now() / 1000) + 60 }),
    );
    await expectRefused(codec, early);
  });

  it("refuses a token read again after its exp has passed, though it was read while valid", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const codec = make();
      const token = await codec.encode({ token: { sub: "1" }, secret, salt, maxAge: 60 });
      expect(await codec.decode({ token, secret, salt })).toMatchObject({ sub: "1" });
      vi.setSystemTime(Date.now() + 120_000);
      await expectRefused(codec, token);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe.each(ciphers)("repeated reads on the %s cipher", (_name, make) => {
  it("hand every read claims of its own, equal to the token's, whatever a caller did to an earlier read's", async () => {
    // A memoised read copies flat claims instead of parsing them again: the copy must be the parse, member for
    // member and in order (an own __proto__ included), and no read may see what a `jwt` callback changed in place.
    const value = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.double({ noNaN: true }));
    const member = fc.oneof(
      value,
      fc.array(value, { maxLength: 3 }),
      fc.dictionary(fc.string(), value, { maxKeys: 3 }),
    );
    const key = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom("__proto__", "constructor", "sub", "name"));
    const codec = make();
    await fc.assert(
      fc.asyncProperty(fc.dictionary(key, member, { maxKeys: 6 }), async (members) => {
        const token = await codec.encode({ token: members, secret, salt });
        const expected = await jwtDecrypt(token, referenceKey(secret, 64), { clockTolerance: 15 });
        for (let read = 0; read < 3; read++) {
          const claims = (await codec.decode({ token, secret, salt })) as Record<string, unknown>;
          expect(Object.entries(claims)).toEqual(Object.entries(expected.payload));
          expect(Object.getPrototypeOf(claims)).toBe(Object.prototype);
          // What a mutating callback does to its copy.
          for (const name of Object.keys(claims)) {
            const inner = claims[name];
            if (inner && typeof inner === "object") (inner as Record<string, unknown>).changed = true;
            claims[name] = "changed";
          }
          claims.added = true;
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe.each(ciphers)("the header rules on the %s cipher (genuine tags)", (_name, make) => {
  const plain = { alg: "dir", enc: "A256CBC-HS512" };
  const claims = JSON.stringify({ name: "Ada", exp: inOneHour() });

  it("reads the control token the rules are tried against", async () => {
    expect(await make().decode({ token: sealCbc(JSON.stringify(plain), claims), secret, salt })).toMatchObject({
      name: "Ada",
    });
  });

  it.each([
    ["crit", { ...plain, crit: ["exp"] }],
    ["an empty crit", { ...plain, crit: [] }],
    ["zip", { ...plain, zip: "DEF" }],
    ["another alg", { ...plain, alg: "A256KW" }],
    ["no alg", { enc: "A256CBC-HS512" }],
    ["an enc this key is not for", { ...plain, enc: "A128CBC-HS256" }],
    ["no enc", { alg: "dir" }],
    ["a kid that is not a string", { ...plain, kid: 7 }],
    ["an iss the claims do not repeat", { ...plain, iss: "https://elsewhere.example" }],
    ["an aud unlike the claims'", { ...plain, aud: ["a"] }],
  ])("refuses %s", async (_label, header) => {
    await expectRefused(make(), sealCbc(JSON.stringify(header), claims));
  });

  it("reads iss, sub and aud the header repeats when they equal the claims", async () => {
    const token = sealCbc(
      JSON.stringify({ ...plain, iss: "https://app.example", sub: "u1", aud: ["a", "b"] }),
      JSON.stringify({ iss: "https://app.example", sub: "u1", aud: ["a", "b"] }),
    );
    expect(await make().decode({ token, secret, salt })).toMatchObject({ sub: "u1" });
  });

  it.each([
    ["an array", "[1]"],
    ["null", "null"],
    ["not JSON", "{alg:dir}"],
    ["JSON in invalid UTF-8", withInvalidUtf8('{"alg":"dir","enc":"A256CBC-HS512","x":"?"}')],
  ])("refuses a header that is %s", async (_label, text) => {
    await expectRefused(make(), sealCbc(text, claims));
  });

  it.each([
    ["an array", "[1,2]"],
    ["not JSON", "not json"],
    ["a string iat", JSON.stringify({ iat: "yesterday" })],
    ["a string exp", JSON.stringify({ exp: "tomorrow" })],
    ["JSON in invalid UTF-8", withInvalidUtf8('{"name":"?"}')],
  ])("refuses claims that are %s", async (_label, payload) => {
    await expectRefused(make(), sealCbc(JSON.stringify(plain), payload));
  });
});

describe("base64url, canonical only", () => {
  it("accepts each spelling an encoder writes and refuses stray characters, padding and impossible lengths", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (bytes) => isCanonicalBase64url(b64(bytes))),
      { numRuns: 300 },
    );
    for (const value of ["ab=", "a+b", "a/b", "a.b", "a b", "abcde", "AB", "ABC"]) {
      expect(isCanonicalBase64url(value), value).toBe(false);
    }
    // "AB" and "ABC" carry bits past the last byte; "AA", "ABA" are their canonical spellings.
    expect(isCanonicalBase64url("AA") && isCanonicalBase64url("ABA")).toBe(true);
  });
});

/** The mutations an attacker can make to a token without the key, as fast-check arbitraries. */
function attacks(token: string): fc.Arbitrary<string> {
  const segments = token.split(".");
  const segment = fc.constantFrom(0, 1, 2, 3, 4);
  const replace = (index: number, value: string) => segments.map((part, at) => (at === index ? value : part)).join(".");
  const bytesOf = (index: number) => Buffer.from(segments[index]!, "base64url");
  const header = fc.record(
    {
      alg: fc.constantFrom("dir", "A256KW", "none", "RSA-OAEP"),
      enc: fc.constantFrom("A256CBC-HS512", "A256GCM", "A128GCM", "A128CBC-HS256"),
      kid: fc.oneof(fc.string(), fc.integer()),
      typ: fc.string(),
      crit: fc.array(fc.string()),
      zip: fc.constant("DEF"),
    },
    { requiredKeys: [] },
  );
  return fc.oneof(
    // One bit of one decoded byte of one segment flipped.
    fc
      .tuple(segment, fc.nat(), fc.integer({ min: 0, max: 7 }))
      .filter(([index]) => bytesOf(index).length > 0)
      .map(([index, at, bit]) => {
        const bytes = bytesOf(index);
        bytes[at % bytes.length]! ^= 1 << bit;
        return replace(index, b64(bytes));
      }),
    // One character of the encoded token replaced by any other.
    fc.tuple(fc.nat(), fc.string({ minLength: 1, maxLength: 1 })).map(([at, character]) => {
      const index = at % token.length;
      return `${token.slice(0, index)}${character}${token.slice(index + 1)}`;
    }),
    // Any character inserted anywhere (decoders that skip strays would read the same bytes).
    fc.tuple(fc.nat(), fc.string({ minLength: 1, maxLength: 1 })).map(([at, character]) => {
      const index = at % (token.length + 1);
      return `${token.slice(0, index)}${character}${token.slice(index)}`;
    }),
    // A segment truncated, extended, emptied or replaced by arbitrary bytes.
    fc
      .tuple(segment, fc.nat())
      .map(([index, keep]) => replace(index, segments[index]!.slice(0, keep % (segments[index]!.length + 1)))),
    fc
      .tuple(segment, fc.uint8Array({ minLength: 1, maxLength: 48 }))
      .map(([index, extra]) => replace(index, b64(Buffer.concat([bytesOf(index), extra])))),
    segment.map((index) => replace(index, "")),
    fc.tuple(segment, fc.uint8Array({ maxLength: 96 })).map(([index, bytes]) => replace(index, b64(bytes))),
    // The header swapped for another (enc swapped included), the rest of the token kept.
    header.map((members) => replace(0, b64(JSON.stringify(members)))),
    fc.constant(replace(0, b64(JSON.stringify({ alg: "dir", enc: "A256GCM" })))),
    // Parts added, dropped, or reordered; the whole token truncated.
    fc.string({ maxLength: 20 }).map((extra) => `${token}.${extra}`),
    segment.map((index) => segments.filter((_, at) => at !== index).join(".")),
    fc.tuple(segment, segment).map(([a, b]) => {
      const swapped = [...segments];
      [swapped[a], swapped[b]] = [swapped[b]!, swapped[a]!];
      return swapped.join(".");
    }),
    fc.nat().map((keep) => token.slice(0, keep % token.length)),
  );
}

describe.each(ciphers)("an attacker's edits of a real token on the %s cipher", (_name, make) => {
  it("are all refused with JWTSessionError, never accepted and never another error", async () => {
    const codec = make();
    const token = await codec.encode({ token: { name: "Ada", role: "user" }, secret, salt });
    expect(await codec.decode({ token, secret, salt })).toMatchObject({ name: "Ada" });
    await fc.assert(
      fc.asyncProperty(
        attacks(token).filter((changed) => changed !== token && changed !== ""),
        async (changed) => {
          const result = await outcome(codec, changed);
          expect("error" in result ? result.error : result.payload, changed).toBeInstanceOf(JWTSessionError);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("refuses any string at all that is not a token with JWTSessionError", async () => {
    const codec = make();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ minLength: 1 }),
          fc.array(fc.base64String(), { minLength: 5, maxLength: 5 }).map((parts) => parts.join(".")),
        ),
        async (value) => {
          const result = await outcome(codec, value);
          expect("error" in result ? result.error : result.payload, value).toBeInstanceOf(JWTSessionError);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("the runtime without jose", () => {
  it("has no module that imports jose, so an app need not install it (RUNTIME_PEERS leaves it out)", () => {
    const runtime = path.resolve(import.meta.dirname, "../../../../src/runtime");
    const importers = readdirSync(runtime, { recursive: true, encoding: "utf8" })
      .filter((file) => /\.(ts|svelte)$/.test(file))
      .filter((file) =>
        /(from\s*|import\s*\(\s*|import\s+)["']jose(\/[^"']*)?["']/.test(
          readFileSync(path.join(runtime, file), "utf8"),
        ),
      );
    expect(importers).toEqual([]);
  });
});
