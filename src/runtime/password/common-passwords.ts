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
