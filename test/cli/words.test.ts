import { describe, expect, it } from "vitest";
import { counted, withArticle } from "../../src/cli/words.js";

describe("the CLI's English", () => {
  it.each([
    [0, "0 files"],
    [1, "1 file"],
    [2, "2 files"],
  ])("counts %i file(s) as %s", (n, text) => {
    expect(counted(n, "file")).toBe(text);
  });

  it.each([
    ["integer", "an integer"],
    ["int", "an int"],
    ["enum", "an enum"],
    ["text", "a text"],
    ["uuid", "a uuid"],
    ["varchar", "a varchar"],
    ["serial", "a serial"],
  ])("puts the article before %s: %s", (word, text) => {
    expect(withArticle(word)).toBe(text);
  });
});
