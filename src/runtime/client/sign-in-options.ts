/**
 * What the browser client's `signIn` options hold besides where it lands (client/actions.ts): linking,
 * and the provider's own fields. A type only: nothing reaches the bundle.
 */

export interface BrowserSignInOptions {
  /**
   * Link: add this provider's account (an OAuth/OIDC account, an email address, a new passkey) to the user
   * signed in now, instead of signing in as whoever it belongs to. Needs a recent sign-in (`linking.maxAuthAge`,
   * default 10 minutes); otherwise the answer is `error: "AccountLinkRefused"` with `code` `signin` (nobody
   * is signed in) or `reauthenticate` (sign in again first). For a passkey provider, the browser registers
   * the new passkey at once. See docs/linking.md.
   */
  link?: boolean;
  /** Any other key is posted to the provider, e.g. the `email` and `password` of a credentials provider. */
  [field: string]: unknown;
}
