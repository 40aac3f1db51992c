/**
 * JSON from a provider whose ids are integers past 2^53 (Meta's Threads user ids, 17 digits): `JSON.parse` turns
 * such a literal into the nearest double, so `17841400008460057` reads as `17841400008460056`, another user's id.
 * This reads the text with every integer literal a JS number cannot hold exactly as the string of its digits,
 * the one form that keeps it (RFC 8259 §6 leaves the precision to the parser; I-JSON, RFC 7493 §2.2, asks
 * senders to write such numbers as strings). Every other value reads as `JSON.parse` reads it. (Node 20 has no
 * `JSON.parse` source-text access, so the literals are found by scanning the text.)
 */

/** A number literal (RFC 8259 §6), matched where one starts outside a string. */
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** `JSON.parse(text)`, with each integer literal beyond Number.MAX_SAFE_INTEGER read as its decimal string. */
export function parseJsonExact(text: string): unknown {
  let out = "";
  let copied = 0;
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === '"') {
      // Skip the string: a backslash escapes the next character, so `\"` does not end it.
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
      i++;
      continue;
    }
    if (char === "-" || (char >= "0" && char <= "9")) {
      NUMBER.lastIndex = i;
      const literal = NUMBER.exec(text)?.[0] ?? char;
      if (/^-?\d+$/.test(literal) && !Number.isSafeInteger(Number(literal))) {
        out += `${text.slice(copied, i)}"${literal}"`;
        copied = i + literal.length;
      }
      i += literal.length;
      continue;
    }
    i++;
  }
  return JSON.parse(out + text.slice(copied));
}
