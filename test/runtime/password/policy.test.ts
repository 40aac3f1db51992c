/**
 * The NIST SP 800-63B-4 policy against the real offline list (@zxcvbn-ts/language-common): lengths in code
 * points after NFKC, no composition rules, common / repetitive / sequential passwords, context words, and
 * the floors a deployment cannot lower.
 */
import { describe, expect, it } from "vitest";
import {
  checkPasswordPolicy,
  createPasswordPolicy,
  PasswordPolicyConfigError,
} from "../../../src/runtime/password/index.js";

const codes = async (password: unknown, context?: Parameters<typeof checkPasswordPolicy>[1]) =>
  (await checkPasswordPolicy(password, context)).reasons.map((reason) => reason.code);

describe("length", () => {
  it("accepts a 15-character passphrase with no digits, capitals or symbols (no composition rules)", async () => {
    expect(await checkPasswordPolicy("violet mountain")).toEqual({ ok: true, reasons: [], breachCheck: "off" });
  });

  it("refuses 14 characters, or 7 with a second factor, naming the minimum", async () => {
    expect((await checkPasswordPolicy("violet mountai")).reasons).toEqual([{ code: "too-short", minimum: 15 }]);
    expect(await checkPasswordPolicy("violet m", { hasSecondFactor: true })).toMatchObject({ ok: true });
    expect((await checkPasswordPolicy("violetm", { hasSecondFactor: true })).reasons).toEqual([
      { code: "too-short", minimum: 8 },
    ]);
  });

  it("counts code points after NFKC: emoji count once, ligatures as the letters they stand for", async () => {
    // 15 emoji are 30 UTF-16 units but 15 characters.
    expect(await checkPasswordPolicy("🐢🦊🐙🦉🐝🦋🐌🐞🦀🐠🦑🐊🦔🦇🐸")).toMatchObject({ ok: true });
    expect(await codes("🐢🦊🐙🦉🐝🦋🐌🐞🦀🐠🦑🐊🦔🦇")).toEqual(["too-short"]);
    // "ﬃ" (one code point) is "ffi" (three) once normalised: 13 typed characters make 15.
    expect(await checkPasswordPolicy("ﬃcult zebra go")).toMatchObject({ ok: true });
  });

  it("admits 128 characters and refuses 129, and any maximum below 64 is a configuration error", async () => {
    const long =
      "a quiet brown owl watched the river bend past seven willow trees while late boats drifted home under a pale and patient moon, softly";
    expect([...long.slice(0, 128)]).toHaveLength(128);
    expect(await checkPasswordPolicy(long.slice(0, 128))).toMatchObject({ ok: true });
    expect((await checkPasswordPolicy(`${long.slice(0, 128)}x`)).reasons).toEqual([{ code: "too-long", maximum: 128 }]);
    expect((await checkPasswordPolicy("x".repeat(1_000_000))).reasons).toEqual([{ code: "too-long", maximum: 128 }]);
    expect(() => createPasswordPolicy({ maxLength: 63 })).toThrow(PasswordPolicyConfigError);
    expect(() => createPasswordPolicy({ minLength: 12 })).toThrow(/minLength is 12.*at least 15/);
    expect(() => createPasswordPolicy({ minLengthWithSecondFactor: 6 })).toThrow(PasswordPolicyConfigError);
    expect(await createPasswordPolicy({ minLength: 20 }).check("violet mountain lake")).toMatchObject({ ok: true });
  });

  it("refuses what is not a well-formed string", async () => {
    for (const bad of [undefined, 42, { length: 20 }, "violet mountain\ud800"])
      expect(await codes(bad)).toEqual(["invalid"]);
  });
});

describe("common, repetitive and sequential passwords", () => {
  it("refuses entries of the offline list whatever their case, and with digits or symbols around them", async () => {
    expect(await codes("1qaz2wsx3edc4rfv")).toEqual(["common"]);
    expect(await codes("PasswordPassword")).toContain("common");
    expect(await codes("monkey123456789!")).toEqual(["common"]);
    expect(await codes("P@ssw0rd!2024-2025")).toEqual(["common"]);
    expect(await codes("2024 - 1l0v3y0u - 2025")).toEqual(["common"]);
    expect(await codes("dragon", { hasSecondFactor: true })).toEqual(["too-short", "common"]);
    expect(await codes("trustno1", { hasSecondFactor: true })).toEqual(["common"]);
  });

  it("refuses repetition and sequences, and accepts passphrases that merely repeat letters", async () => {
    expect(await codes("aaaaaaaaaaaaaaaa")).toEqual(["repetitive"]);
    expect(await codes("abcxyzabcxyzabcxyz")).toEqual(["repetitive"]);
    expect(await codes("abcdefghijklmnop")).toEqual(["sequential"]);
    expect(await codes("7890123456789012")).toEqual(["sequential"]);
    expect(await codes("zyxwvutsrqponmlk")).toEqual(["sequential"]);
    expect(await codes("bookkeeper committee")).toEqual([]);
  });
});

describe("context words", () => {
  it("refuses the email's local part and its pieces, the user's name and the app's name", async () => {
    const context = { email: "jane.doe-smith@example.com", name: "Jane Doe" };
    expect((await checkPasswordPolicy("my secret is janedoe!", context)).reasons).toEqual([
      { code: "contains-context", source: "email" },
    ]);
    expect(await codes("the SMITHS of the valley", context)).toEqual(["contains-context"]);
    expect(await codes("example companies unite", context)).toEqual([]);
    const shop = createPasswordPolicy({ appName: "Acme Shop" });
    expect((await shop.check("i love shopping at acme", context)).reasons).toEqual([
      { code: "contains-context", source: "app" },
    ]);
    expect((await checkPasswordPolicy("ｊａｎｅ's long walk home", context)).reasons).toEqual([
      { code: "contains-context", source: "email" },
    ]);
  });

  it("skips words under three characters, so short names do not refuse good passphrases", async () => {
    expect(await codes("joyful albatross dance", { name: "Jo Al", email: "jo@example.com" })).toEqual([]);
    expect(await codes("words like quokka here", { words: ["quokka"] })).toEqual(["contains-context"]);
  });
});
