/**
 * A token endpoint response as we keep it, for the code exchange and for a refresh alike: `token_type`
 * lower-cased (RFC 6749 §5.1 makes it case-insensitive) and `expires_in` turned into an absolute
 * `expires_at` (seconds since the epoch), so a stored token says when it expires, not how long it had.
 */
import type * as oauth from "oauth4webapi";
import type { TokenSet } from "../../types.js";

export function tokenSetFrom(
  tokens: oauth.TokenEndpointResponse,
  nowSeconds = Math.floor(Date.now() / 1000),
): TokenSet {
  const tokenSet: TokenSet = { ...tokens };
  if (typeof tokens.token_type === "string") tokenSet.token_type = tokens.token_type.toLowerCase();
  if (typeof tokens.expires_in === "number") tokenSet.expires_at = nowSeconds + tokens.expires_in;
  return tokenSet;
}
