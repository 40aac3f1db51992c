/** OAuth/OIDC: the protocol module validates the provider's response and returns who signed in. */
import { InvalidProvider } from "../../../errors.js";
import type { ResponseInternal } from "../../../types.js";
import { handleOAuth } from "../../oauth/callback.js";
import { redirectProxyTarget } from "../../oauth/redirect-proxy.js";
import type { ActionContext } from "../context.js";
import { completeSignIn } from "./complete.js";

export async function oauthCallback(context: ActionContext): Promise<ResponseInternal> {
  const { request, options } = context;
  const provider = options.provider;
  if (provider?.type !== "oauth" && provider?.type !== "oidc") throw new InvalidProvider("Not an OAuth provider.");
  // On the redirect proxy, a response to a flow another deployment started goes back to it untouched:
  // its check cookies live there, so the checks run there.
  const forwardTo = await redirectProxyTarget(request, options);
  if (forwardTo) return { redirect: forwardTo, cookies: [] };
  const { user, account, profile, cookies } = await handleOAuth(request, options, provider);
  return completeSignIn(context, { user, account, profile }, cookies);
}
