/**
 * The English of the CLI's messages, in one place: "1 file" and "2 files", "a text column" and "an integer
 * column". Messages are built from counts and names known only at run time; these keep them grammatical.
 */

/** `n` and `noun`, the noun plural unless `n` is 1 (regular nouns only: "file", "migration", "error"). */
export function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

/**
 * `word` with its indefinite article. By the first letter, which serves the words these messages carry
 * (column builders and kinds: "an integer", "an enum", "a uuid", "a varchar").
 */
export function withArticle(word: string): string {
  return `${/^[aeio]/i.test(word) ? "an" : "a"} ${word}`;
}
