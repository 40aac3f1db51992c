/**
 * Shapes NIST SP 800-63B-4 §3.1.1.2 names beside breached passwords, which a list cannot enumerate at length
 * 15: repetition ("aaaaaaaaaaaaaaa", "abcabcabcabcabc") and sequences ("abcdefghijklmno", "123456789012345").
 * Deliberately narrow, so no reasonable passphrase is refused by it. Web-compatible.
 */

/** Few distinct characters, or one short unit repeated three times or more. */
export function isRepetitive(codePoints: readonly string[]): boolean {
  if (new Set(codePoints).size <= 3) return true;
  const text = codePoints.join("");
  for (let unit = 1; unit <= Math.floor(codePoints.length / 3); unit++) {
    const head = codePoints.slice(0, unit).join("");
    if (head.repeat(Math.ceil(codePoints.length / unit)).startsWith(text)) return true;
  }
  return false;
}

const CYCLES = ["0123456789", "abcdefghijklmnopqrstuvwxyz"];

/** Every step goes one forward (or every step one back) along the digits or the alphabet, wrapping round. */
export function isSequential(codePoints: readonly string[]): boolean {
  const lower = codePoints.map((char) => char.toLowerCase());
  for (const cycle of CYCLES) {
    const positions = lower.map((char) => cycle.indexOf(char));
    if (positions.some((position) => position < 0)) continue;
    for (const step of [1, cycle.length - 1]) {
      if (
        positions.every((position, i) => i === 0 || position === ((positions[i - 1] as number) + step) % cycle.length)
      ) {
        return true;
      }
    }
  }
  return false;
}
