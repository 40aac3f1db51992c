/**
 * What every provider is, whatever its kind: an id, a name and a type. The provider shapes (types.ts's OAuth
 * and credentials, types-email.ts, types-webauthn.ts, types-password.ts) build on it. Public: types.ts
 * re-exports every name, the `customFetch` symbol included.
 */
import type { ResponseInternal } from "./types-result.js";

/**
 * Symbol key under which a provider may carry its own `fetch` for the HTTP calls it makes: an OAuth provider's
 * endpoints, an HTTP email provider's send API. Security-sensitive: whatever it is sees every request.
 */
export const customFetch: unique symbol = Symbol("create-auth.customFetch");

export type ProviderType = "oauth" | "oidc" | "email" | "credentials" | "webauthn" | "password";

/**
 * A provider's button on the built-in sign-in page. The catalog's come generated from the brands' marks
 * (scripts/provider-logos.mjs), in colours that meet WCAG AA on the light and the dark page. Your own provider
 * may give one; colours are CSS colours (anything else is ignored), path data is SVG path data.
 */
export interface ProviderStyle {
  /** The brand's mark, drawn inline (no network) in the button's text colour, unless a path says its `fill`. */
  mark?: { viewBox: string; paths: ReadonlyArray<{ d: string; fill?: string }> };
  /** One to three letters in a ring, for a brand without a mark here. */
  monogram?: string;
  /** An image URL for the mark instead (the reference's `style.logo`): the browser loads it. */
  logo?: string;
  /** Button background and text colour on the light page; on the dark page `bgDark`/`textDark` (else these). */
  bg?: string;
  text?: string;
  bgDark?: string;
  textDark?: string;
  /** The reference's field; the built-in pages do not read it. */
  brandColor?: string;
}

/**
 * `style` as a provider holds it: the style itself, or a loader of the module holding it (the catalog's: the
 * marks load with the sign-in page, never with the app). Your own `style` object replaces the catalog's.
 */
export type ProviderStyleOption = ProviderStyle | (() => Promise<{ default: ProviderStyle }>);

export interface CommonProviderOptions {
  id: string;
  name: string;
  type: ProviderType;
}

/**
 * One of a provider's own HTTP actions (email, passkeys, passwords), handed the core's action context and the
 * provider as resolved. The core names those two types (core/provider-loader.ts), so that these public types
 * import nothing of the core. Read off a method so that its parameters compare as a method's do
 * (bivariantly): the public configs say `unknown` for the core's types, and the core's concrete actions
 * must still be assignable to them.
 */
export type ProviderAction<Context, Provider> = {
  action(context: Context, provider: Provider): Promise<ResponseInternal>;
}["action"];
