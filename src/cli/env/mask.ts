/**
 * Hiding the values of secret keys in a dotenv text before anyone sees it (a diff on a terminal, in CI logs,
 * in --json), read with the same grammar the edits use (lines.ts): a value that spans lines (a PEM private
 * key in quotes) is hidden on every one of its lines, not only the first. A blank value stays blank, so
 * "still to fill in" shows. Every line stays a line, so a diff of two masked texts lines up as the real one.
 *
 * Each run of a value's characters becomes the marker, but the characters dotenv's grammar reads (quotes,
 * backslashes, `#`, the spaces around them) stay where they are: a quote elsewhere in the file that dotenv pairs with one in a
 * secret's value pairs with it still, so every other key reads the same from the masked text.
 */
import { isBlankValue, splitLines } from "./lines.js";

/** A run of what the grammar does not read, from one visible character to another (spaces inside it go too). */
const CONTENT_RUN = /[^"'`\\#\s](?:[^"'`\\#\r\n]*[^"'`\\#\s])?/g;

export function maskEnvValues(text: string, secretKeys: readonly string[], marker: string): string {
  const secret = new Set(secretKeys);
  const hide = (value: string) => value.replace(CONTENT_RUN, marker);
  return splitLines(text)
    .map((line) => {
      const owner = line.key ?? line.continues;
      // A blank value (quoted or not) stays as written: nothing to hide, and "still to fill in" shows.
      if (owner === null || !secret.has(owner) || (line.key !== null && isBlankValue(line)))
        return line.text + line.eol;
      return line.text.slice(0, line.valueStart) + hide(line.text.slice(line.valueStart)) + line.eol;
    })
    .join("");
}
