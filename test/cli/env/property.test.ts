/**
 * Properties of the env edits over generated dotenv files (fast-check): files built from the grammar people
 * write (comments, blank lines, `export`, `KEY: value`, spaces around `=`, unquoted values with `=`, `#`,
 * backslashes and unicode, single-, double- and backtick-quoted values, escaped quotes, quoted values across
 * lines, duplicate keys, LF or CRLF, a BOM, a missing final newline) and any keys to add, fill or replace.
 * For every one: env/lines.ts finds the keys dotenv finds; merging keeps the user's bytes in order and
 * dotenv reads every user value as before; removing what was added gives the file back; masking hides every
 * line of a secret's value and nothing else.
 */
import { parse } from "dotenv";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { detectEol } from "../../../src/cli/edit/eol.js";
import { assignedKeys, splitLines } from "../../../src/cli/env/lines.js";
import { maskEnvValues } from "../../../src/cli/env/mask.js";
import { type EnvEntry, mergeEnv } from "../../../src/cli/env/merge.js";
import { removeEnvKeys } from "../../../src/cli/env/remove.js";

/** FC_RUNS to explore further (with FC_SEED=random): the grammar's corners show at tens of thousands of runs. */
const RUNS = { numRuns: Number(process.env["FC_RUNS"] ?? 300) };

/** Keys users have, some of them the ones commands add, so collisions happen. */
const key = fc.constantFrom(
  "NOTES_PAGE_SIZE",
  "STRIPE_KEY",
  "db.url",
  "feature-flag",
  "_PRIVATE",
  "AUTH_SECRET",
  "AUTH_GITHUB_ID",
  "AUTH_GITHUB_SECRET",
  "DATABASE_URL",
);
/** Characters of a value: letters, punctuation dotenv cares about, a backslash, unicode. */
const valueChar = fc.constantFrom(..."ab Z9=:/.-_$\\'`\"#é✓日😀");
const text = (chars: fc.Arbitrary<string>, max = 12) =>
  fc.array(chars, { maxLength: max }).map((list) => list.join(""));
/** An unquoted value: no line break; dotenv ends it at `#`, and a leading quote is allowed (an unclosed one). */
const unquoted = text(valueChar);
/** Inside quotes: any value character but that quote, line breaks (written with the file's), escaped quotes. */
const quoted = (quote: string) =>
  fc
    .array(
      fc.oneof(
        valueChar.filter((c) => c !== quote),
        fc.constant("\n"),
        fc.constant(`\\${quote}`),
      ),
      {
        maxLength: 16,
      },
    )
    // A backslash right before the closing quote would escape it: a value people do not write.
    .map((parts) => `${quote}${parts.join("").replace(/\\+$/, "")}${quote}`);
const value = fc.oneof(unquoted, quoted('"'), quoted("'"), quoted("`"));
/** Separators as written, and dotenv's odd ones: a line break before `=`, after `:`, or before the value. */
const separator = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom("=", " = ", "= ", ": ") },
  { weight: 1, arbitrary: fc.constantFrom("\n= ", " \n=", ":\n", "=\n", "= \n  ") },
);
const comment = text(valueChar).map((body) => `#${body}`);

const line = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.tuple(fc.constantFrom("", "  ", "export ", "export\n"), key, separator, value, fc.option(comment)),
  },
  { weight: 2, arbitrary: comment },
  { weight: 1, arbitrary: fc.constantFrom("", "   ") },
);

interface EnvText {
  text: string;
  eol: string;
}

/** A whole env file: lines joined with LF or CRLF (inside quoted values too), maybe a BOM, maybe no final newline. */
const envFile: fc.Arbitrary<EnvText> = fc
  .record({
    lines: fc.array(line, { maxLength: 10 }),
    eol: fc.constantFrom("\n", "\r\n"),
    bom: fc.boolean(),
    finalNewline: fc.boolean(),
  })
  .map(({ lines, eol, bom, finalNewline }) => {
    const rendered = lines.map((entry) => {
      if (typeof entry === "string") return entry;
      const [prefix, name, sep, val, trailing] = entry;
      // `KEY: value` is dotenv's colon form: it needs the space, which the separator has.
      return `${prefix}${name}${sep}${val}${trailing === null ? "" : ` ${trailing}`}`;
    });
    const body = rendered.join("\n") + (finalNewline && rendered.length > 0 ? "\n" : "");
    return { text: (bom ? "\uFEFF" : "") + body.replaceAll("\n", eol), eol };
  });

const secretValue = fc.stringMatching(/^[A-Za-z0-9_-]{0,20}$/);
const entries = fc.uniqueArray(
  fc.record({
    key: fc.constantFrom("AUTH_SECRET", "AUTH_GITHUB_ID", "AUTH_GITHUB_SECRET", "AUTH_GOOGLE_ID", "DATABASE_URL"),
    value: secretValue,
    mode: fc.constantFrom<EnvEntry["mode"]>("add", "fill", "replace"),
  }),
  { selector: (entry) => entry.key, maxLength: 4 },
);

/** The text with a line ending after its last line (what merging gives a file before appending). */
const ended = ({ text }: EnvText) => (text === "" || /[\r\n]$/.test(text) ? text : text + detectEol(text));

describe("env edits over generated dotenv files", () => {
  it("lines.ts finds exactly the keys dotenv finds", () => {
    fc.assert(
      fc.property(envFile, (file) => {
        expect(new Set(assignedKeys(file.text))).toEqual(new Set(Object.keys(parse(file.text))));
      }),
      RUNS,
    );
  });

  it("adding keys appends only: the file is a prefix of the result, and dotenv reads every user value as before", () => {
    fc.assert(
      fc.property(envFile, entries, fc.boolean(), (file, wanted, headed) => {
        const adds = wanted.map((entry) => ({ ...entry, mode: "add" as const }));
        const result = mergeEnv(file.text, adds, headed ? ["Auth (added by create-auth)"] : []);
        if (result.added.length === 0) expect(result.content).toBe(file.text);
        else expect(result.content.startsWith(ended(file))).toBe(true);
        const before = parse(file.text);
        const after = parse(result.content);
        for (const name of Object.keys(before)) expect(after[name]).toBe(before[name]);
        for (const entry of adds) if (!(entry.key in before)) expect(after[entry.key]).toBe(entry.value);
      }),
      RUNS,
    );
  });

  it("filling and replacing rewrite only the values they name; every other line stays, in order", () => {
    fc.assert(
      fc.property(envFile, entries, (file, wanted) => {
        const result = mergeEnv(file.text, wanted);
        const before = parse(file.text);
        const after = parse(result.content);
        const rewritten = new Set(result.replaced);
        for (const name of Object.keys(before)) if (!rewritten.has(name)) expect(after[name]).toBe(before[name]);
        for (const name of rewritten) expect(after[name]).toBe(wanted.find((entry) => entry.key === name)!.value);
        // A fill only ever rewrites a blank value.
        for (const entry of wanted)
          if (entry.mode === "fill" && rewritten.has(entry.key)) expect(before[entry.key]).toBe("");
        if (result.added.length === 0 && rewritten.size === 0) {
          expect(result.content).toBe(file.text);
          return;
        }
        // Every line but the rewritten assignments (and the other lines of their old values) stays, in order.
        // (The last line gains a line ending only when something is appended after it.)
        const base = result.added.length > 0 ? ended(file) : file.text;
        const kept = splitLines(base)
          .filter((l) => !rewritten.has(l.key ?? l.continues ?? ""))
          .map((l) => l.text + l.eol);
        const lines = splitLines(result.content).map((l) => l.text + l.eol);
        expect(isSubsequence(kept, lines)).toBe(true);
      }),
      RUNS,
    );
  });

  it("removing the blank keys a headed merge added gives back the file (with its last line ended)", () => {
    fc.assert(
      fc.property(envFile, entries, (file, wanted) => {
        const header = ["Google sign-in (added by create-auth add-provider google)"];
        const blank = wanted.map((entry) => ({ key: entry.key, value: "" }));
        const merged = mergeEnv(file.text, blank, header);
        fc.pre(merged.added.length > 0);
        const removed = removeEnvKeys(merged.content, merged.added, header);
        expect(removed.removed).toEqual(merged.added);
        expect(removed.content).toBe(ended(file));
      }),
      RUNS,
    );
  });

  it("masking hides every line of each secret's value and leaves the rest byte for byte", () => {
    fc.assert(
      fc.property(envFile, fc.subarray(["AUTH_SECRET", "STRIPE_KEY", "DATABASE_URL", "db.url"]), (file, secrets) => {
        const masked = maskEnvValues(file.text, secrets, "<hidden>");
        // Same number of lines: a diff of masked texts lines up as the real one.
        expect(masked.split(/\r\n|\n|\r/).length).toBe(file.text.split(/\r\n|\n|\r/).length);
        const values = parse(file.text);
        const shown = parse(masked);
        for (const name of Object.keys(values)) {
          if (!secrets.includes(name)) expect(shown[name]).toBe(values[name]);
          else {
            // Nothing of its last assignment's value shows (a quoted one on every line of it): what is left
            // besides the marker is only what the grammar reads (quotes, backslashes, #, spaces).
            expect(shown[name]?.replaceAll("<hidden>", "") ?? "").toMatch(/^["'`\\#\s]*$/);
          }
        }
      }),
      RUNS,
    );
  });
});

function isSubsequence(needles: string[], haystack: string[]): boolean {
  let at = 0;
  for (const needle of needles) {
    while (at < haystack.length && haystack[at] !== needle) at++;
    if (at === haystack.length) return false;
    at++;
  }
  return true;
}
