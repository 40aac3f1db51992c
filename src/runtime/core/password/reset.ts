/**
 * `POST /reset-password/<id>` (CSRF-checked): a new password from the reset link's token. The new password
 * passes the policy and is hashed before the token is used, so a refused password or a full hasher leaves the
 * link working. Then the token is used up (single use, for this address, unexpired, else `Verification`), the
 * hash replaced, the address counted as proved (the link came through its mailbox), every session of the
 * user ended, and this browser signed in with a new one.
 */
import { Verification } from "../../errors.js";
import type { AdapterUser, ResponseInternal } from "../../types.js";
import { adapterMethod } from "../account/adapter-method.js";
import type { ActionContext } from "../actions/context.js";
import type { InternalPasswordProvider } from "../internal.js";
import { backTo, busy } from "./answers.js";
import { accountEmail, stringField } from "./input.js";
import { endEverySession, startSession } from "./sessions.js";
import { hasherOf } from "./settings.js";
import { policyRefusal } from "./sign-up.js";
import { passwordStorage } from "./storage.js";
import { consumeToken } from "./tokens.js";

export async function passwordReset(
  context: ActionContext,
  provider: InternalPasswordProvider,
): Promise<ResponseInternal> {
  const { request, options, skipCSRFCheck } = context;
  // The account identifier (rate limits key on it): the link's address, normalised as when it was issued.
  const email = accountEmail(request);
  const token = stringField(request, "token");
  if (email === null || token === undefined) throw new Verification("The reset form had no address or no token.");
  // Back to the form the link opened, token and address kept, so the person can try again.
  const link = { token, email };
  if (!options.csrfTokenVerified && !skipCSRFCheck) return backTo(context, "reset-password", "MissingCSRF", link);
  const password = stringField(request, "password");
  const refused = await policyRefusal(provider, password, { email });
  if (refused || password === undefined)
    return backTo(context, "reset-password", "WeakPassword", { ...link, ...refused });
  const hashed = await hasherOf(provider).hash(password);
  if (!hashed.ok && hashed.reason === "busy") return busy(context);
  if (!hashed.ok) return backTo(context, "reset-password", "WeakPassword", { ...link, reasons: "invalid" });

  if (!(await consumeToken(options, "reset", email, token))) {
    throw new Verification("The reset link is unknown, already used, expired or for another address.");
  }
  let user: AdapterUser | null = await adapterMethod(options.adapter, "getUserByEmail")(email);
  if (!user) throw new Verification("The reset link's address has no user any more.");
  await passwordStorage(options).setPasswordHash(user.id, hashed.hash);
  if (!user.emailVerified) {
    user = await adapterMethod(options.adapter, "updateUser")({ id: user.id, emailVerified: new Date() });
    await options.events.updateUser?.({ user });
  }
  await endEverySession(context, user.id);
  return startSession(context, provider, user, hashed.hash);
}
