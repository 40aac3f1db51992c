/**
 * The redirect proxy: one stable deployment (e.g. production) is the only redirect_uri registered at the
 * identity provider, and forwards each authorization response to the deployment (e.g. a preview) that
 * started the flow. Which one started it is read from the encrypted state, never from the request, so the
 * proxy cannot be used as an open redirector (RFC 9700 §4.11.2): only deployments holding our secret can
 * mint a state that decrypts here.
 */
import type { InternalOptions, RequestInternal } from "../internal.js";
import { APP_CHOSEN, redirectTarget } from "../redirect.js";
import { decodeState } from "./state.js";

/**
 * On the proxy, the URL to forward this callback to (the starting deployment's callback URL with the
 * authorization response parameters), or null when the response is for this deployment or not ours.
 */
export async function redirectProxyTarget(request: RequestInternal, options: InternalOptions): Promise<string | null> {
  if (!options.isOnRedirectProxy) return null;
  const parameters = request.method === "POST" && request.body ? request.body : request.query;
  const state = parameters.state;
  if (!state) return null;
  const payload = await decodeState(options, state);
  if (!payload) return null;
  // Minted by a deployment holding our secret, so another origin is the app's choice; the rule still holds.
  const origin = redirectTarget(payload.origin, options.url.origin, APP_CHOSEN);
  if (origin === undefined) return null;
  const target = new URL(origin);
  if (target.origin === options.url.origin) return null;
  for (const [key, value] of Object.entries(parameters)) target.searchParams.set(key, value);
  return target.href;
}
