/**
 * End of an OAuth/OIDC sign-in: verify the authorization response against the check cookies, exchange the
 * code, validate the ID token, read the profile, and map it to the user and account records. Every check is
 * its own step with its own error, in the order an attacker's input meets it.
 */
import * as oauth from "oauth4webapi";
import { AuthError, InvalidCheck, InvalidEndpoints, OAuthCallbackError, OAuthProfileParseError } from "../../errors.js";
import type { Account, Cookie, Profile, TokenSet, User } from "../../types.js";
import { emailAddressOrNull } from "../email/normalize.js";
import type { InternalOAuthProvider, InternalOptions, RequestInternal } from "../internal.js";
import { APPLE_ISSUER, appleUser } from "./apple-user.js";
import {
  clientAuthOf,
  clientOf,
  getAuthorizationServer,
  hasIssuer,
  httpOptions,
  providerFetch,
} from "./authorization-server.js";
import { consumeCheckCookie, effectiveChecks } from "./checks.js";
import { parseJsonExact } from "./exact-json.js";
import { tokenSetFrom } from "./token-set.js";

export interface OAuthCallbackResult {
  user: User;
  account: Account;
  profile: Profile;
  /** Clear the check cookies this flow used. */
  cookies: Cookie[];
}

export async function handleOAuth(
  request: RequestInternal,
  options: InternalOptions,
  provider: InternalOAuthProvider,
): Promise<OAuthCallbackResult> {
  const parameters = authorizationResponseParameters(request);
  const checks = effectiveChecks(provider);
  const cookies: Cookie[] = [];

  // Step 1 — state (RFC 6749 §10.12, RFC 9700 §4.7): the response belongs to a flow this browser started.
  let expectedState: string | typeof oauth.skipStateCheck = oauth.skipStateCheck;
  if (checks.has("state")) {
    const state = await consumeCheckCookie(request, options, provider, "state");
    cookies.push(state.clear);
    const received = parameters.get("state");
    if (received === null) throw new InvalidCheck("state was missing from the authorization response.");
    if (received !== state.value) throw new InvalidCheck("state value did not match the state cookie.");
    expectedState = state.value;
  }

  // Step 2 — the PKCE code verifier (RFC 7636 §4.5) and nonce (OIDC Core §3.1.3.7) of this flow.
  let codeVerifier: string | typeof oauth.nopkce = oauth.nopkce;
  if (checks.has("pkce")) {
    const pkce = await consumeCheckCookie(request, options, provider, "pkce");
    cookies.push(pkce.clear);
    codeVerifier = pkce.value;
  }
  let expectedNonce: string | typeof oauth.expectNoNonce = oauth.expectNoNonce;
  if (checks.has("nonce")) {
    const nonce = await consumeCheckCookie(request, options, provider, "nonce");
    cookies.push(nonce.clear);
    expectedNonce = nonce.value;
  }

  const as = await authorizationServer(provider);
  const client = clientOf(provider);

  // Step 3 — the authorization response itself: `iss` (RFC 9207 §2.4, mix-up defence), then any `error`
  // (RFC 6749 §4.1.2.1). Without a configured issuer there is nothing to compare `iss` with, so it is dropped.
  if (!hasIssuer(provider)) parameters.delete("iss");
  let callbackParameters: URLSearchParams;
  try {
    callbackParameters = oauth.validateAuthResponse(as, client, parameters, expectedState);
  } catch (cause) {
    if (cause instanceof oauth.AuthorizationResponseError) {
      const description = cause.error_description ? ` (${cause.error_description})` : "";
      throw new OAuthCallbackError(`Provider "${provider.id}" answered with error "${cause.error}"${description}.`, {
        cause,
      });
    }
    if (cause instanceof oauth.OperationProcessingError && /"iss"/.test(cause.message)) {
      throw new InvalidCheck(`iss check failed: ${cause.message} (RFC 9207).`, { cause });
    }
    throw new OAuthCallbackError(`Invalid authorization response from provider "${provider.id}".`, {
      cause,
    });
  }

  // Step 4 — the code exchange (RFC 6749 §4.1.3), proving possession of the PKCE verifier; the ID token is
  // validated in the same step (OIDC Core §3.1.3.7: iss, aud, azp, exp, iat, nonce).
  let tokens: oauth.TokenEndpointResponse;
  try {
    if (!as.token_endpoint) throw new InvalidEndpoints(`Provider "${provider.id}" has no token endpoint.`);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      clientAuthOf(provider),
      callbackParameters,
      provider.callbackUrl,
      codeVerifier,
      {
        ...httpOptions(provider, as.token_endpoint),
        additionalParameters: tokenParameters(provider, callbackParameters),
      },
    );
    tokens = await oauth.processAuthorizationCodeResponse(as, client, response, {
      expectedNonce,
      requireIdToken: provider.type === "oidc",
    });
  } catch (cause) {
    throw tokenError(provider, cause);
  }
  const tokenSet = tokenSetFrom(tokens);

  // Step 5 — the profile: the ID token's claims for OIDC, else userinfo (or the provider's own request).
  const profile = await readProfile(provider, as, client, tokens, tokenSet);
  // Apple names the user only once, beside the ID token in the response (see apple-user.ts).
  if (provider.issuer === APPLE_ISSUER) {
    const user = appleUser(parameters);
    if (user) profile.user = user;
  }

  // Step 6 — map the profile to our user; the provider's id for the user is the account's identity.
  let user: User;
  try {
    user = await provider.profile(profile, tokenSet);
  } catch (cause) {
    throw new OAuthProfileParseError(`The profile callback of provider "${provider.id}" threw.`, {
      cause,
    });
  }
  if (user === null || typeof user !== "object" || (typeof user.id !== "string" && typeof user.id !== "number")) {
    throw new OAuthProfileParseError(`The profile callback of provider "${provider.id}" returned no user id.`);
  }
  const providerAccountId = String(user.id);
  if (providerAccountId === "") {
    throw new OAuthProfileParseError(`The profile callback of provider "${provider.id}" returned an empty user id.`);
  }
  // The one address rule of every sign-in method (core/email/normalize.ts); an address it refuses is none.
  const normalizedUser: User = {
    ...user,
    id: providerAccountId,
    email: user.email == null ? user.email : emailAddressOrNull(user.email),
  };

  const account: Account = {
    ...(tokenSet as Account),
    provider: provider.id,
    type: provider.type,
    providerAccountId,
  };
  return { user: normalizedUser, account, profile, cookies };
}

/**
 * The token request's parameters beyond RFC 6749 §4.1.3's: the provider's fixed ones, then those it names in
 * `token.fromCallback`, copied from the validated authorization response (VK ID's `device_id`).
 */
function tokenParameters(provider: InternalOAuthProvider, callbackParameters: URLSearchParams) {
  const parameters: Record<string, string> = { ...provider.token?.params };
  for (const name of provider.token?.fromCallback ?? []) {
    const value = callbackParameters.get(name);
    if (value !== null) parameters[name] = value;
  }
  return parameters;
}

/** The response parameters: the query, or the form body for `response_mode=form_post`. */
function authorizationResponseParameters(request: RequestInternal): URLSearchParams {
  const source = request.method === "POST" && request.body ? request.body : request.query;
  const parameters = new URLSearchParams();
  for (const [key, value] of Object.entries(source)) {
    if (typeof value === "string") parameters.set(key, value);
  }
  return parameters;
}

async function authorizationServer(provider: InternalOAuthProvider) {
  try {
    return await getAuthorizationServer(provider);
  } catch (cause) {
    throw new OAuthCallbackError(`Discovery for provider "${provider.id}" at ${provider.issuer} failed.`, {
      cause,
    });
  }
}

function tokenError(provider: InternalOAuthProvider, cause: unknown): AuthError {
  if (cause instanceof AuthError) return cause;
  if (cause instanceof oauth.ResponseBodyError) {
    const description = cause.error_description ? ` (${cause.error_description})` : "";
    // invalid_grant covers a wrong PKCE verifier (RFC 7636 §4.6), a reused or expired code, a redirect_uri
    // mismatch: the server does not say which.
    return new OAuthCallbackError(
      `The token endpoint of provider "${provider.id}" rejected the code: "${cause.error}"${description}.`,
      { cause },
    );
  }
  if (cause instanceof oauth.OperationProcessingError) {
    const claim = (cause.cause as { claim?: unknown } | undefined)?.claim;
    if (claim === "nonce") {
      return new InvalidCheck("nonce in the ID token did not match the nonce cookie.", { cause });
    }
    return new OAuthCallbackError(`Invalid token response from provider "${provider.id}": ${cause.message}`, {
      cause,
    });
  }
  return new OAuthCallbackError(`The code exchange with provider "${provider.id}" failed.`, { cause });
}

/** The token response as the records carry it: `token_type` lower-cased, `expires_at` from `expires_in`. */
async function readProfile(
  provider: InternalOAuthProvider,
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  tokens: oauth.TokenEndpointResponse,
  tokenSet: TokenSet,
): Promise<Profile> {
  const idTokenClaims = oauth.getValidatedIdTokenClaims(tokens);
  if (provider.type === "oidc" && provider.idToken !== false && idTokenClaims) {
    return { ...idTokenClaims } as Profile;
  }
  try {
    if (provider.userinfo?.request) {
      return await provider.userinfo.request({
        tokens: tokenSet,
        url: provider.userinfo.url,
        provider,
        fetch: providerFetch(provider),
      });
    }
    if (!as.userinfo_endpoint) {
      throw new InvalidEndpoints(`Provider "${provider.id}" has no userinfo endpoint to read the profile from.`);
    }
    const response = await oauth.userInfoRequest(
      as,
      client,
      tokens.access_token,
      httpOptions(provider, as.userinfo_endpoint),
    );
    if (provider.type === "oidc") {
      // OIDC Core §5.3.4: the userinfo `sub` must be the ID token's `sub`.
      const subject = idTokenClaims?.sub ?? oauth.skipSubjectCheck;
      return (await oauth.processUserInfoResponse(as, client, subject, response)) as Profile;
    }
    // Plain OAuth 2.0 "userinfo" is any JSON API of the provider: no `sub` required. An id past 2^53 stays exact.
    if (!response.ok) throw new Error(`userinfo answered HTTP ${response.status}`);
    return parseJsonExact(await response.text()) as Profile;
  } catch (cause) {
    if (cause instanceof AuthError) throw cause;
    throw new OAuthCallbackError(`Reading the profile from provider "${provider.id}" failed.`, {
      cause,
    });
  }
}
