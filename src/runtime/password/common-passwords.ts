/**
 * The offline list of common passwords NIST SP 800-63B-4 §3.1.1.2 asks new passwords to be checked against:
 * `@zxcvbn-ts/language-common`'s `passwords-common` (~49,000 entries, lower case, from breach corpora),
 * shipped in an npm package so the check works with no network. Loaded with a dynamic import the first time a
 * policy check runs, never at start-up (decompressing it costs ~50 ms and a few MB). Web-compatible.
 */

/** Thrown when the list's package is missing: refusing every sign-up is better than silently skipping the check. */
export class CommonPasswordListUnavailable extends Error {
  override name = "CommonPasswordListUnavailable";
  readonly code = "common-password-list-unavailable";
}

let loading: Promise<ReadonlySet<string>> | undefined;

export function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  loading ??= import("@zxcvbn-ts/language-common").then(
    ({ dictionary }) => new Set(dictionary["passwords-common"].map((word) => word.normalize("NFKC").toLowerCase())),
    (error: unknown) => {
      loading = undefined; // a later check may find it installed
      throw new CommonPasswordListUnavailable(
        "The common-password list (@zxcvbn-ts/language-common) could not be loaded; install it in the app.",
        { cause: error },
      );
    },
  );
  return loading;
}

/** Leading and trailing non-letters: "Password123!" is "password" with decoration. */
const DECORATION = /^[^\p{L}]+|[^\p{L}]+$/gu;
/** The substitutions people make inside a word; "1" stands for "i" or "l", so both readings are tried. */
const LEET: Record<string, string> = { "@": "a", "4": "a", "3": "e", "0": "o", $: "s", "5": "s", "7": "t", "!": "i" };
const LEET_PATTERN = /[@430$57!1]/g;

/** Whether `password` (NFKC, any case) is a list entry, or one with decoration around it or leetspeak inside. */
export function isCommonPassword(password: string, list: ReadonlySet<string>): boolean {
  const lower = password.toLowerCase();
  if (list.has(lower)) return true;
  const core = lower.replace(DECORATION, "");
  const readings = ["i", "l"].map((one) =>
    core.replace(LEET_PATTERN, (char) => (char === "1" ? one : (LEET[char] ?? char))),
  );
  // Under 4 letters the core is too short to say anything ("a1b2…" would match "ab").
  return [core, ...readings].some((candidate) => candidate.length >= 4 && list.has(candidate));
}
