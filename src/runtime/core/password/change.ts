/**
 * `POST /change-password/<id>` (CSRF-checked): a signed-in user replaces their password, proving the current
 * one first (a session alone is not enough: it may be a borrowed browser, or a stolen cookie). The new one
 * passes the policy; then the hash is replaced, every session of the user ended, and this browser given a
 * new session (OWASP Session Management: renew the session after a credential change).
 */
import type { ResponseInternal } from "../../types.js";
import { adapterMethod } from "../account/adapter-method.js";
import type { ActionContext } from "../actions/context.js";
import type { InternalPasswordProvider } from "../internal.js";
import { backTo, busy, pageHref, signInHref } from "./answers.js";
import { stringField } from "./input.js";
import { endEverySession, startSession } from "./sessions.js";
import { hasherOf } from "./settings.js";
import { policyRefusal } from "./sign-up.js";
import { passwordStorage } from "./storage.js";

export async function passwordChange(
  context: ActionContext,
  provider: InternalPasswordProvider,
): Promise<ResponseInternal> {
  const { request, options, skipCSRFCheck, sessionStore } = context;
  if (!options.csrfTokenVerified && !skipCSRFCheck) return backTo(context, "change-password", "MissingCSRF");
  const presented = await sessionStore.presented();
  const user = presented ? await adapterMethod(options.adapter, "getUser")(presented.userId) : null;
  if (!user) {
    const callbackUrl = pageHref(context, "change-password", new URLSearchParams());
    return { redirect: signInHref(context, new URLSearchParams({ error: "SessionRequired", callbackUrl })) };
  }

  const hasher = hasherOf(provider);
  const storage = passwordStorage(options);
  const currentPassword = stringField(request, "currentPassword");
  const stored = await storage.getPasswordHash(user.id);
  // A user without a password (OAuth, email) sets one through forgot-password: nothing here can match.
  const outcome =
    stored === null || currentPassword === undefined
      ? await hasher.verifyUnknownUser(currentPassword ?? "")
      : await hasher.verify(currentPassword, stored);
  if (!outcome.match && outcome.reason === "busy") return busy(context);
  if (!outcome.match) return backTo(context, "change-password", "CredentialsSignin");

  const newPassword = stringField(request, "newPassword");
  const refused = await policyRefusal(provider, newPassword, {
    email: user.email ?? undefined,
    name: user.name ?? undefined,
  });
  if (refused || newPassword === undefined) return backTo(context, "change-password", "WeakPassword", refused);
  const hashed = await hasher.hash(newPassword);
  if (!hashed.ok && hashed.reason === "busy") return busy(context);
  if (!hashed.ok) return backTo(context, "change-password", "WeakPassword", { reasons: "invalid" });

  await storage.setPasswordHash(user.id, hashed.hash);
  await endEverySession(context, user.id);
  return startSession(context, provider, user, hashed.hash);
}
