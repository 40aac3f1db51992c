/** OAuth/OIDC: the protocol module validates the provider's response and returns who signed in. */
import { InvalidCheck, InvalidProvider } from "../../../errors.js";
import type { ResponseInternal } from "../../../types.js";
import { handleOAuth } from "../../oauth/callback.js";
import { redirectProxyTarget } from "../../oauth/redirect-proxy.js";
import type { ActionContext } from "../context.js";
import { completeSignIn } from "./complete.js";

export async function oauthCallback(context: ActionContext): Promise<ResponseInternal> {
  const { request, options } = context;
  const provider = options.provider;
  if (provider?.type !== "oauth" && provider?.type !== "oidc") throw new InvalidProvider("Not an OAuth provider.");
  // RFC 6749 §3.1: response parameters MUST NOT be included more than once. With `code`, `state` or `iss`
  // twice, which one a check reads and which one is used could differ; refused before anything is read,
  // on the redirect proxy too (it would forward one value of each).
  if (request.repeated) {
    throw new InvalidCheck(`The authorization response repeats ${request.repeated.join(", ")} (RFC 6749 §3.1).`);
  }
  // On the redirect proxy, a response to a flow another deployment started goes back to it untouched:
  // its check cookies live there, so the checks run there.
  const forwardTo = await redirectProxyTarget(request, options);
  if (forwardTo) return { redirect: forwardTo, cookies: [] };
  const { user, account, profile, cookies } = await handleOAuth(request, options, provider);
  return completeSignIn(context, { user, account, profile }, cookies);
}
