/**
 * The props of the `SignIn` and `SignOut` components, as TypeScript types: the components ship as Svelte
 * source, and these give editors and `tsc` their exact shapes (see `SignIn.svelte.d.ts`).
 */
import type { Snippet } from "svelte";

export interface SignInProps {
  /** The provider id; without one the action sends the user to the built-in sign-in page. */
  provider?: string;
  /** The route whose default action is `signIn`. Default `signin`. */
  signInPage?: string;
  /**
   * `redirectTo` and any other field posted with the form. `link: true` links the provider's account to the
   * signed-in user instead of signing in (docs/linking.md).
   */
  options?: Record<string, string | number | boolean>;
  /** Query parameters added to the provider's authorization request. */
  authorizationParams?: string | Record<string, string> | Array<[string, string]>;
  class?: string;
  /** Extra form fields, e.g. the inputs a credentials provider reads. */
  children?: Snippet;
  /** Replaces the default submit button. */
  submitButton?: Snippet;
}

export interface SignOutProps {
  /** The route whose default action is `signOut`. Default `signout`. */
  signOutPage?: string;
  /** `redirectTo`: where to land after signing out (default: the current page). */
  options?: { redirectTo?: string };
  class?: string;
  /** Replaces the default submit button. */
  submitButton?: Snippet;
}
