/**
 * WebAuthn callback: `POST /callback/<provider>` with `action` (`register` | `authenticate`) and `data`
 * (the credential's JSON). The response is checked against the challenge cookie and the relying party, and
 * the challenge is then spent (once: a replayed copy fails); an assertion must come from a stored
 * authenticator whose counter moves forward; a registration stores the new authenticator for the user it
 * signs in (new, or the signed-in user who started a link to add it). One of the passkey provider's actions
 * (core/webauthn/actions.ts).
 */
import { WebAuthnVerificationError } from "../../../errors.js";
import type { Account, ResponseInternal } from "../../../types.js";
import type { WebAuthnLookupOptions } from "../../../types-webauthn.js";
import { adapterMethod } from "../../account/adapter-method.js";
import { clearChallenge, openChallenge, spendChallenge, type WebAuthnAction } from "../../webauthn/challenge.js";
import { base64UrlToBase64 } from "../../webauthn/encoding.js";
import { requireMethod, type WebAuthnProvider } from "../../webauthn/provider.js";
import { parseCredential, verifyAuthentication, verifyRegistration } from "../../webauthn/verify.js";
import type { ActionContext } from "../context.js";
import { completeSignIn } from "./complete.js";

function requestedAction(value: unknown): WebAuthnAction {
  if (value === "register" || value === "authenticate") return value;
  throw new WebAuthnVerificationError('The WebAuthn callback needs `action` "register" or "authenticate".');
}

async function authenticate(context: ActionContext, provider: WebAuthnProvider, lookup: WebAuthnLookupOptions) {
  const { request, options } = context;
  const { adapter } = options;
  const response = parseCredential(request.rawBody?.data);
  const opened = await openChallenge(request, options, provider.id, "authenticate");
  const authenticator = await adapterMethod(adapter, "getAuthenticator")(base64UrlToBase64(response.id));
  if (!authenticator) throw new WebAuthnVerificationError("No stored authenticator has this credential id.");

  const rp = provider.getRelayingParty(lookup, request);
  const counter = await verifyAuthentication(provider, rp, response, opened.challenge, authenticator);
  // Spent once verified (so only a signed response records anything), before anything changes.
  await spendChallenge(options, provider.id, opened);
  await adapterMethod(adapter, "updateAuthenticatorCounter")(authenticator.credentialID, counter);

  const account = await adapterMethod(adapter, "getAccount")(authenticator.providerAccountId, provider.id);
  if (!account) throw new WebAuthnVerificationError("The authenticator's account is missing from the adapter.");
  const user = await adapterMethod(adapter, "getUser")(account.userId);
  if (!user) throw new WebAuthnVerificationError("The authenticator's user is missing from the adapter.");
  return completeSignIn(context, { user, account }, []);
}

async function register(context: ActionContext, provider: WebAuthnProvider, lookup: WebAuthnLookupOptions) {
  const { request, options } = context;
  const { adapter } = options;
  const response = parseCredential(request.rawBody?.data);
  const opened = await openChallenge(request, options, provider.id, "register");
  const { user } = opened;
  if (!user) throw new WebAuthnVerificationError("The registration challenge names no user.");

  const rp = provider.getRelayingParty(lookup, request);
  const authenticator = await verifyRegistration(provider, rp, response, opened.challenge);
  await spendChallenge(options, provider.id, opened);
  // A credential registers once. The id is the authenticator's claim (a software authenticator can pick
  // any), so an id someone already owns must never reach the account lookup that would sign in as them.
  const taken =
    (await adapterMethod(adapter, "getAuthenticator")(authenticator.credentialID)) ??
    (await adapterMethod(adapter, "getAccount")(authenticator.providerAccountId, provider.id));
  if (taken) throw new WebAuthnVerificationError("This credential is already registered.");

  const account: Account = {
    provider: provider.id,
    providerAccountId: authenticator.providerAccountId,
    type: "webauthn",
  };
  // Stored once the account is linked to its user and before the session starts, so a failing
  // createAuthenticator leaves nobody signed in with a passkey that cannot sign in again.
  const storeAuthenticator = async (owner: { id?: string | undefined }, isNewUser: boolean) => {
    try {
      await adapterMethod(adapter, "createAuthenticator")({ ...authenticator, userId: String(owner.id) });
    } catch (error) {
      // Undo what this registration stored (the user it created, or the account it linked), so the same
      // passkey and address can register again once the store works.
      if (isNewUser && adapter?.deleteUser) await adapter.deleteUser(String(owner.id));
      else await adapter?.unlinkAccount?.({ provider: account.provider, providerAccountId: account.providerAccountId });
      throw error;
    }
  };
  // The options were issued for a link to a signed-in user (their id) or for a new user; completeSignIn
  // checks that the link intent (or its absence) still says the same.
  const linkRequired = user.id ?? null;
  return completeSignIn(context, { user, account, beforeSession: storeAuthenticator, linkRequired }, []);
}

export async function webauthnCallback(context: ActionContext, provider: WebAuthnProvider): Promise<ResponseInternal> {
  const { request, options } = context;
  requireMethod(request, "POST");
  // Pushed into the shared list so the challenge is dropped whatever the outcome, errors included.
  context.cookies.push(clearChallenge(options));
  const lookup: WebAuthnLookupOptions = {
    url: options.url,
    provider,
    ...(options.adapter ? { adapter: options.adapter } : {}),
  };
  const action = requestedAction(request.rawBody?.action ?? request.body?.action);
  return action === "authenticate" ? authenticate(context, provider, lookup) : register(context, provider, lookup);
}
