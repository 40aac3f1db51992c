/**
 * The three-way merge `auth update` uses (src/cli/merge/three-way.ts): a table of the cases diff3 is known
 * by, then fast-check properties over generated line files: an unchanged side gives the other side, equal
 * sides give that side, and edits in separate regions both survive with nothing lost.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { matches } from "../../../src/cli/merge/align.js";
import { mergeThreeWay, mergeTwoWay, splitLines } from "../../../src/cli/merge/three-way.js";

const LABELS = { yours: "yours", base: "base", theirs: "create-auth 9.9.9" };
const lines = (...items: string[]) => items.map((line) => `${line}\n`).join("");
const merge = (base: string, yours: string, theirs: string) => mergeThreeWay(base, yours, theirs, LABELS);

describe("three-way merge: cases", () => {
  const base = lines("a", "b", "c", "d", "e");
  const table: { name: string; yours: string; theirs: string; text: string; conflicts: number }[] = [
    { name: "nobody changed anything", yours: base, theirs: base, text: base, conflicts: 0 },
    {
      name: "only theirs changed",
      yours: base,
      theirs: lines("a", "B", "c", "d", "e"),
      text: lines("a", "B", "c", "d", "e"),
      conflicts: 0,
    },
    {
      name: "only yours changed",
      yours: lines("a", "b", "c", "D", "e"),
      theirs: base,
      text: lines("a", "b", "c", "D", "e"),
      conflicts: 0,
    },
    {
      name: "both changed different lines",
      yours: lines("a", "b", "c", "D", "e"),
      theirs: lines("A", "b", "c", "d", "e"),
      text: lines("A", "b", "c", "D", "e"),
      conflicts: 0,
    },
    {
      name: "both made the same change",
      yours: lines("a", "B", "c", "d", "e"),
      theirs: lines("a", "B", "c", "d", "e"),
      text: lines("a", "B", "c", "d", "e"),
      conflicts: 0,
    },
    {
      name: "yours inserted, theirs deleted elsewhere",
      yours: lines("a", "b", "mine", "c", "d", "e"),
      theirs: lines("a", "b", "c", "e"),
      text: lines("a", "b", "mine", "c", "e"),
      conflicts: 0,
    },
    {
      name: "both changed the same line differently",
      yours: lines("a", "b", "YOURS", "d", "e"),
      theirs: lines("a", "b", "THEIRS", "d", "e"),
      text: lines(
        "a",
        "b",
        "<<<<<<< yours",
        "YOURS",
        "||||||| base",
        "c",
        "=======",
        "THEIRS",
        ">>>>>>> create-auth 9.9.9",
        "d",
        "e",
      ),
      conflicts: 1,
    },
    {
      name: "both inserted at the same place",
      yours: lines("a", "b", "c", "d", "e", "mine"),
      theirs: lines("a", "b", "c", "d", "e", "ours"),
      text: lines(
        "a",
        "b",
        "c",
        "d",
        "e",
        "<<<<<<< yours",
        "mine",
        "||||||| base",
        "=======",
        "ours",
        ">>>>>>> create-auth 9.9.9",
      ),
      conflicts: 1,
    },
    {
      name: "yours deleted a line theirs changed",
      yours: lines("a", "c", "d", "e"),
      theirs: lines("a", "B", "c", "d", "e"),
      text: lines(
        "a",
        "<<<<<<< yours",
        "||||||| base",
        "b",
        "=======",
        "B",
        ">>>>>>> create-auth 9.9.9",
        "c",
        "d",
        "e",
      ),
      conflicts: 1,
    },
  ];
  for (const row of table) {
    it(row.name, () => {
      expect(merge(base, row.yours, row.theirs)).toEqual({ text: row.text, conflicts: row.conflicts });
    });
  }

  it("keeps CRLF endings and writes its markers in them", () => {
    const crlf = (...items: string[]) => items.map((line) => `${line}\r\n`).join("");
    const result = merge(crlf("a", "b", "c"), crlf("a", "X", "c"), crlf("a", "Y", "c"));
    expect(result.text).toBe(
      crlf("a", "<<<<<<< yours", "X", "||||||| base", "b", "=======", "Y", ">>>>>>> create-auth 9.9.9", "c"),
    );
  });

  it("keeps a missing final newline, and puts a marker on its own line after one", () => {
    expect(merge("a\nb", "a\nb", "a\nB").text).toBe("a\nB");
    expect(merge("a\nb", "a\nX", "a\nY").text).toBe(
      "a\n<<<<<<< yours\nX\n||||||| base\nb\n=======\nY\n>>>>>>> create-auth 9.9.9\n",
    );
  });

  it("without a base, keeps what both share and makes every difference a conflict with no base section", () => {
    const result = mergeTwoWay(lines("a", "mine", "c"), lines("a", "ours", "c", "d"), LABELS);
    expect(result.conflicts).toBe(2);
    expect(result.text).toBe(
      lines(
        "a",
        "<<<<<<< yours",
        "mine",
        "=======",
        "ours",
        ">>>>>>> create-auth 9.9.9",
        "c",
        "<<<<<<< yours",
        "=======",
        "d",
        ">>>>>>> create-auth 9.9.9",
      ),
    );
  });
});

describe("three-way merge: properties", () => {
  // Few distinct lines, so the alignment has real choices to make (repeated lines, moved blocks).
  const line = fc.constantFrom("a", "b", "c", "d", "{", "}", "", "  x();").map((text) => `${text}\n`);
  const file = fc.array(line, { maxLength: 30 }).map((items) => items.join(""));
  /** A file edited: some lines replaced, removed or added. */
  const edited = (base: string) =>
    fc.array(fc.tuple(fc.nat(40), fc.constantFrom("drop", "add", "change"), line), { maxLength: 6 }).map((edits) => {
      const out = splitLines(base);
      for (const [at, kind, text] of edits) {
        const i = out.length === 0 ? 0 : at % (out.length + 1);
        if (kind === "add") out.splice(i, 0, text);
        else if (i < out.length) out.splice(i, 1, ...(kind === "change" ? [text] : []));
      }
      return out.join("");
    });

  it("an unchanged side gives the other side, and equal sides give that side", () => {
    fc.assert(
      fc.property(
        file.chain((base) => fc.tuple(fc.constant(base), edited(base))),
        ([base, other]) => {
          expect(merge(base, base, other)).toEqual({ text: other, conflicts: 0 });
          expect(merge(base, other, base)).toEqual({ text: other, conflicts: 0 });
          expect(merge(base, other, other)).toEqual({ text: other, conflicts: 0 });
        },
      ),
      { numRuns: 300 },
    );
  });

  it("edits on either side of a line both keep merge cleanly, every line of each kept", () => {
    // The separator is a line no generated file holds, kept by both sides: their edits cannot overlap.
    const separator = "// ---- separator ----\n";
    fc.assert(
      fc.property(
        fc
          .tuple(file, file)
          .chain(([top, bottom]) => fc.tuple(fc.constant(top), fc.constant(bottom), edited(top), edited(bottom))),
        ([top, bottom, yourTop, theirBottom]) => {
          const base = top + separator + bottom;
          const result = merge(base, yourTop + separator + bottom, top + separator + theirBottom);
          expect(result).toEqual({ text: yourTop + separator + theirBottom, conflicts: 0 });
        },
      ),
      { numRuns: 300 },
    );
  });

  it("every line either side added is in the result, conflicts or not", () => {
    /** Lines of `side` that are not the base's lines kept (by the same alignment the merge uses). */
    const added = (base: string, side: string) => {
      const kept = new Set(matches(splitLines(base), splitLines(side)));
      return splitLines(side).filter((_, index) => !kept.has(index));
    };
    fc.assert(
      fc.property(
        file.chain((base) => fc.tuple(fc.constant(base), edited(base), edited(base))),
        ([base, yours, theirs]) => {
          const result = splitLines(merge(base, yours, theirs).text).map((text) =>
            text.endsWith("\n") ? text : `${text}\n`,
          );
          for (const text of [...added(base, yours), ...added(base, theirs)]) {
            expect(result).toContain(text.endsWith("\n") ? text : `${text}\n`);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
