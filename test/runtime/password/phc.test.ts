/**
 * The PHC reader and writer: what is written reads back the same, byte for byte, and anything that is not a
 * canonical PHC string with salt and hash reads as nothing (never a throw), since stored strings are data.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeB64, encodeB64, formatPhc, type Phc, parsePhc } from "../../../src/runtime/password/phc.js";

const name = fc.stringMatching(/^[a-z0-9-]{1,32}$/);
const value = fc.stringMatching(/^[A-Za-z0-9/+.-]{1,64}$/);
const bytes = fc.uint8Array({ minLength: 1, maxLength: 64 });
const phc: fc.Arbitrary<Phc> = fc
  .record({
    id: name,
    version: fc.option(fc.integer({ min: 0, max: 99 }), { nil: undefined }),
    params: fc.uniqueArray(fc.tuple(name, value), { selector: ([key]) => key, maxLength: 4 }),
    salt: bytes,
    hash: bytes,
  })
  // A first parameter named `v` would read as a version segment: the spec reserves that name.
  .filter((p) => p.params[0]?.[0] !== "v")
  .map(({ version, ...rest }) => (version === undefined ? rest : { ...rest, version }));

describe("PHC strings", () => {
  it("reads the reference Argon2id string's parts", () => {
    const text = "$argon2id$v=19$m=65536,t=3,p=1$c29tZXNhbHRzb21lc2FsdA$qLml5cbqFAO6YxVHhrSBHP0UWdxrIxkNcM8aMX3blzU";
    const parsed = parsePhc(text);
    expect(parsed).toMatchObject({
      id: "argon2id",
      version: 19,
      params: [
        ["m", "65536"],
        ["t", "3"],
        ["p", "1"],
      ],
    });
    expect(new TextDecoder().decode(parsed?.salt)).toBe("somesaltsomesalt");
    expect(formatPhc(parsed as Phc)).toBe(text);
  });

  it("round-trips any PHC value through its string and back", () => {
    fc.assert(
      fc.property(phc, (value) => {
        const text = formatPhc(value);
        expect(parsePhc(text)).toEqual(value);
        expect(formatPhc(parsePhc(text) as Phc)).toBe(text);
      }),
    );
  });

  it("round-trips bytes through unpadded B64 and refuses non-canonical B64", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), (data) => {
        expect(decodeB64(encodeB64(data))).toEqual(data);
      }),
    );
    // "QQ" is "A"; "QR" carries non-zero unused bits, padding and the URL alphabet are not PHC's B64.
    expect(decodeB64("QQ")).toEqual(Uint8Array.of(65));
    for (const bad of ["QR", "QQ==", "Q", "a-_b", "ab cd"]) expect(decodeB64(bad)).toBeUndefined();
  });

  it("reads malformed strings as nothing, without throwing", () => {
    const samples = [
      "",
      "argon2id$v=19$m=1,t=1,p=1$c2FsdA$aGFzaA",
      "$argon2id",
      "$argon2id$v=19$m=1,t=1,p=1$c2FsdA",
      "$argon2id$v=019$m=1$c2FsdA$aGFzaA",
      "$argon2id$v=19$m=1,m=2$c2FsdA$aGFzaA",
      "$argon2id$v=19$m=1,,t=2$c2FsdA$aGFzaA",
      "$Argon2id$v=19$m=1$c2FsdA$aGFzaA",
      "$argon2id$v=19$m=1$c2FsdA$aGFzaA$extra",
      "$argon2id$v=19$m=1$$aGFzaA",
      `$argon2id$v=19$m=1$${"A".repeat(600)}$aGFzaA`,
    ];
    for (const sample of samples) expect(parsePhc(sample), sample).toBeUndefined();
    fc.assert(
      fc.property(fc.anything(), (anything) => {
        const parsed = parsePhc(anything);
        if (parsed) expect(typeof anything).toBe("string");
      }),
    );
  });
});
