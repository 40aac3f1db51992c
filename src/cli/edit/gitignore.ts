/**
 * Pure transform: appends one ignore pattern to a .gitignore, keeping every existing byte and the
 * file's line endings. "unchanged" when the exact pattern is already a line of the file.
 */
import { detectEol } from "./eol.js";

export function addIgnorePattern(source: string | null, pattern: string, comment: string): string | "unchanged" {
  const original = source ?? "";
  if (original.split(/\r\n|\n|\r/).some((line) => line.trim() === pattern)) return "unchanged";
  const eol = detectEol(original);
  let out = original;
  if (out !== "" && !out.endsWith("\n") && !out.endsWith("\r")) out += eol;
  if (out !== "") out += eol;
  return `${out}# ${comment}${eol}${pattern}${eol}`;
}
