/**
 * Hiding the values of secret keys in a dotenv text before anyone sees it (a diff on a terminal, in CI logs,
 * in --json), read with the same grammar the edits use (lines.ts): a value that spans lines (a PEM private
 * key in quotes) is hidden on every one of its lines, not only the first. A blank value stays blank, so
 * "still to fill in" shows. Every line stays a line, so a diff of two masked texts lines up as the real one.
 */
import { splitLines } from "./lines.js";

export function maskEnvValues(text: string, secretKeys: readonly string[], marker: string): string {
  const secret = new Set(secretKeys);
  return splitLines(text)
    .map((line) => {
      if (line.continues !== null && secret.has(line.continues)) return marker + line.eol;
      if (line.key === null || !secret.has(line.key)) return line.text + line.eol;
      const value = line.text.slice(line.valueStart);
      if (value.trim() === "") return line.text + line.eol;
      const spacing = /^[ \t]*/.exec(value)![0];
      return line.text.slice(0, line.valueStart) + spacing + marker + line.eol;
    })
    .join("");
}
