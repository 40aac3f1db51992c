/**
 * `GET /webauthn-options/<provider>?action=register|authenticate&email=…`: the options a browser needs to
 * create or use a passkey, and the sealed challenge cookie that goes with them. Answers
 * `{ action, options }`, or 400 `{ error }` when the request asks for something it may not have (see
 * core/webauthn/decide.ts). One of the passkey provider's actions (core/webauthn/actions.ts).
 */
import { WebAuthnVerificationError } from "../../errors.js";
import type { AdapterUser, ResponseInternal } from "../../types.js";
import type { WebAuthnLookupOptions } from "../../types-webauthn.js";
import { adapterMethod } from "../account/adapter-method.js";
import { pendingLinkTarget } from "../account/link-target.js";
import { json, NO_CACHE_HEADERS } from "../response.js";
import { decideAction } from "../webauthn/decide.js";
import { authenticationOptions, registrationOptions } from "../webauthn/options.js";
import { requireMethod, type WebAuthnProvider } from "../webauthn/provider.js";
import type { ActionContext } from "./context.js";

export async function webAuthnOptions(context: ActionContext, provider: WebAuthnProvider): Promise<ResponseInternal> {
  const { request, options, cookies } = context;
  requireMethod(request, "GET");
  const lookup: WebAuthnLookupOptions = {
    url: options.url,
    provider,
    ...(options.adapter ? { adapter: options.adapter } : {}),
  };

  // Only a link this user started names who is registering; any other session is treated as signed out.
  const linkTo = await pendingLinkTarget(context, provider);
  const sessionUser: AdapterUser | null = linkTo ? await adapterMethod(options.adapter, "getUser")(linkTo) : null;
  const info = sessionUser ? { user: sessionUser, exists: true } : await provider.getUserInfo(lookup, request);
  const action = decideAction(request.query.action, sessionUser !== null, info);
  const headers = { "Content-Type": "application/json", ...NO_CACHE_HEADERS };
  if (!action) return { ...json({ error: "Invalid request" }, 400, { cookies }), headers };

  const rp = provider.getRelayingParty(lookup, request);
  if (action === "register") {
    if (!info) throw new WebAuthnVerificationError("A registration needs a user.");
    const generated = await registrationOptions(options, provider, rp, info.user, info.exists);
    return {
      ...json({ action, options: generated.options }, 200, { cookies: [...cookies, generated.cookie] }),
      headers,
    };
  }
  const generated = await authenticationOptions(options, provider, rp, info?.exists ? info.user : undefined);
  return { ...json({ action, options: generated.options }, 200, { cookies: [...cookies, generated.cookie] }), headers };
}
