/**
 * Values too large for one cookie, written as `<name>.0`, `<name>.1`, … and read back whole (the reference's
 * chunking, so a session it chunked reads here). A write expires whatever a previous write left over.
 */
import type { Cookie, CookieOption } from "../../types.js";
import { expiredCookie } from "./names.js";

/** Browsers cap a cookie near 4096 bytes; 160 are left for the name and attributes. */
export const CHUNK_SIZE = 4096 - 160;

const CHUNK_NAME = /^(.*)\.(\d+)$/;

/** Names of every cookie that holds `name`, whole or as a chunk `<name>.<n>`. */
function chunkNames(cookies: Record<string, string>, name: string): string[] {
  return Object.keys(cookies).filter((candidate) => {
    if (candidate === name) return true;
    const match = CHUNK_NAME.exec(candidate);
    return match !== null && match[1] === name;
  });
}

/**
 * Reads a possibly chunked cookie: chunks `<name>.0`, `<name>.1`, … are joined in index order; a whole
 * cookie is used only when there are no chunks (a write always expires the other form).
 */
export function readChunked(cookies: Record<string, string>, name: string): string | undefined {
  const chunks = chunkNames(cookies, name)
    .filter((candidate) => candidate !== name)
    .map((candidate) => ({ index: Number(CHUNK_NAME.exec(candidate)![2]), value: cookies[candidate] ?? "" }))
    .sort((a, b) => a.index - b.index);
  if (chunks.length > 0) return chunks.map((chunk) => chunk.value).join("") || undefined;
  return cookies[name] || undefined;
}

/**
 * Writes `value` as one cookie, or as `<name>.0`, `<name>.1`, … when longer than CHUNK_SIZE, and expires
 * every cookie from a previous write that the new one does not overwrite (a shorter token leaves stale chunks).
 */
export function writeChunked(
  cookies: Record<string, string>,
  name: string,
  value: string,
  options: CookieOption["options"],
): Cookie[] {
  const written: Cookie[] = [];
  if (value.length <= CHUNK_SIZE) {
    written.push({ name, value, options });
  } else {
    for (let index = 0; index * CHUNK_SIZE < value.length; index++) {
      written.push({
        name: `${name}.${index}`,
        value: value.slice(index * CHUNK_SIZE, (index + 1) * CHUNK_SIZE),
        options,
      });
    }
  }
  const names = new Set(written.map((cookie) => cookie.name));
  const stale = chunkNames(cookies, name)
    .filter((candidate) => !names.has(candidate))
    .map((candidate) => expiredCookie(candidate, options));
  return [...stale, ...written];
}

/** Expires every cookie holding `name` (whole and chunks); the whole name is always included. */
export function clearChunked(
  cookies: Record<string, string>,
  name: string,
  options: CookieOption["options"],
): Cookie[] {
  const names = new Set([name, ...chunkNames(cookies, name)]);
  return [...names].map((candidate) => expiredCookie(candidate, options));
}
