/**
 * Start of an OAuth/OIDC sign-in: the authorization request URL (RFC 6749 §4.1.1) to send the browser to,
 * and the sealed check cookies (PKCE verifier, state, nonce) the callback will verify.
 */
import * as oauth from "oauth4webapi";
import { AuthError, InvalidEndpoints, OAuthSignInError } from "../../errors.js";
import type { Cookie } from "../../types.js";
import type { InternalOAuthProvider, InternalOptions } from "../internal.js";
import { getAuthorizationServer } from "./authorization-server.js";
import { createCheckCookie, effectiveChecks } from "./checks.js";
import { encodeState } from "./state.js";

/**
 * Build the authorization URL for `provider`. Parameters, later ones winning: the query of the configured
 * authorization URL, the provider's `authorization.params`, the sign-in request's `params`, and last the
 * protocol parameters we own (client_id, response_type, redirect_uri, state, code_challenge, nonce), so a
 * sign-in request can never redirect the code elsewhere or weaken a check.
 */
export async function getAuthorizationUrl(
  options: InternalOptions,
  provider: InternalOAuthProvider,
  params: Record<string, string>,
): Promise<{ redirect: string; cookies: Cookie[] }> {
  let as: oauth.AuthorizationServer;
  try {
    as = await getAuthorizationServer(provider);
  } catch (cause) {
    if (cause instanceof AuthError) throw cause;
    throw new OAuthSignInError(`Discovery for provider "${provider.id}" at ${provider.issuer} failed.`, {
      cause,
    });
  }
  if (!as.authorization_endpoint) {
    throw new InvalidEndpoints(`Provider "${provider.id}" has no authorization endpoint (configured or discovered).`);
  }

  const url = new URL(as.authorization_endpoint);
  for (const [key, value] of Object.entries({ ...provider.authorization?.params, ...params })) {
    url.searchParams.set(key, value);
  }
  // Under the name the server reads it from: `client_id` (RFC 6749 §4.1.1) unless the provider says otherwise.
  url.searchParams.set(provider.authorization?.clientIdParameter ?? "client_id", provider.clientId);
  // Only the authorization code flow is supported (RFC 9700 §2.1.2: no implicit grant).
  url.searchParams.set("response_type", "code");
  url.searchParams.set("redirect_uri", provider.callbackUrl);

  const formPost = url.searchParams.get("response_mode") === "form_post";
  const checks = effectiveChecks(provider);
  const cookies: Cookie[] = [];

  if (checks.has("pkce")) {
    // RFC 7636 §4.1–4.2; RFC 9700 §2.1.1: S256 only, never `plain`.
    const verifier = oauth.generateRandomCodeVerifier();
    url.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(verifier));
    url.searchParams.set("code_challenge_method", "S256");
    cookies.push(await createCheckCookie(options, provider, "pkce", verifier, formPost));
  } else {
    url.searchParams.delete("code_challenge");
    url.searchParams.delete("code_challenge_method");
  }

  if (checks.has("state")) {
    // RFC 6749 §10.12: state binds the response to this browser; it also carries our own callback URL
    // so a redirect proxy can send the response back here.
    const state = await encodeState(options, `${options.url.href.replace(/\/$/, "")}/callback/${provider.id}`);
    url.searchParams.set("state", state);
    cookies.push(await createCheckCookie(options, provider, "state", state, formPost));
  } else {
    url.searchParams.delete("state");
  }

  if (checks.has("nonce")) {
    // OpenID Connect Core §3.1.2.1 and §15.5.2: the ID token must echo this nonce (replay protection).
    const nonce = oauth.generateRandomNonce();
    url.searchParams.set("nonce", nonce);
    cookies.push(await createCheckCookie(options, provider, "nonce", nonce, formPost));
  } else {
    url.searchParams.delete("nonce");
  }

  options.logger.debug("oauth.authorization-url", { provider: provider.id, url: url.origin + url.pathname });
  return { redirect: url.href, cookies };
}
