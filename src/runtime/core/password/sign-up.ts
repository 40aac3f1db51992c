/**
 * `POST /signup/<id>` (CSRF-checked): a new account from an address and a password. What the person is told
 * depends only on what they sent: a malformed address or a password the policy refuses is answered at once;
 * anything else is hashed (in every case, so every answer costs one hash) and answered "check your email".
 *
 * What happens next depends on the address, and happens after the answer (core/password/mail.ts): a new
 * address gets a user (its address unproved), the hash, and a verification mail; an address that already has
 * a user (a password account, proved or not, or an OAuth or email user) gets a notice mail instead, and
 * nothing of that user changes. So a sign-up never attaches a password to someone's existing user: the owner
 * adds one through forgot-password, whose mail proves the address.
 */

import type { AdapterUser, ResponseInternal } from "../../types.js";
import { adapterMethod } from "../account/adapter-method.js";
import type { ActionContext } from "../actions/context.js";
import { randomUUID } from "../crypto/random.js";
import type { InternalOptions, InternalPasswordProvider } from "../internal.js";
import { addressedForm, backTo, busy, checkYourEmail, pageHref, signInHref } from "./answers.js";
import { stringField } from "./input.js";
import { afterAnswer, deliverMail, renderPasswordMail } from "./mail.js";
import { DEFAULT_VERIFICATION_MAX_AGE, hasherOf, policyOf } from "./settings.js";
import { passwordStorage } from "./storage.js";
import { issueToken } from "./tokens.js";

/** `?error=WeakPassword&reasons=too-short,common`: the policy's reason codes, for the page to explain. */
export async function policyRefusal(
  provider: InternalPasswordProvider,
  password: string | undefined,
  context: { email?: string | undefined; name?: string | undefined },
): Promise<Record<string, string> | undefined> {
  if (password === undefined) return { reasons: "invalid" };
  const result = await policyOf(provider).check(password, context);
  if (result.ok) return undefined;
  return { reasons: [...new Set(result.reasons.map((reason) => reason.code))].join(",") };
}

/** Mails a verification link for `email` (sign-up's, after the answer). */
export async function sendVerificationLink(
  context: ActionContext,
  provider: InternalPasswordProvider,
  email: string,
): Promise<void> {
  const { options } = context;
  const maxAge = provider.verificationMaxAge ?? DEFAULT_VERIFICATION_MAX_AGE;
  const { token, expires } = await issueToken(options, "verify", email, maxAge);
  const url = pageHref(context, "verify-email", new URLSearchParams({ token, email }));
  await deliverMail(
    provider,
    renderPasswordMail({ kind: "verify-email", to: email, url, expires, theme: options.theme }),
  );
}

/**
 * A new user for `email` with the hash, its address unproved; null when the address already has a user (also
 * when another sign-up for it created one a moment ago, and this one's insert lost the race).
 */
async function createAccount(options: InternalOptions, email: string, hash: string): Promise<AdapterUser | null> {
  const getUserByEmail = adapterMethod(options.adapter, "getUserByEmail");
  if (await getUserByEmail(email)) return null;
  let user: AdapterUser;
  try {
    user = await adapterMethod(options.adapter, "createUser")({ id: randomUUID(), email, emailVerified: null });
  } catch (error) {
    if (await getUserByEmail(email)) return null;
    throw error;
  }
  await passwordStorage(options).setPasswordHash(user.id, hash);
  return user;
}

export async function passwordSignUp(
  context: ActionContext,
  provider: InternalPasswordProvider,
): Promise<ResponseInternal> {
  const { request, options } = context;
  const email = addressedForm(context, "signup");
  if (typeof email !== "string") return email;
  const password = stringField(request, "password");
  const refused = await policyRefusal(provider, password, { email });
  if (refused || password === undefined) return backTo(context, "signup", "WeakPassword", refused);

  const hashed = await hasherOf(provider).hash(password);
  if (!hashed.ok && hashed.reason === "busy") return busy(context);
  if (!hashed.ok) return backTo(context, "signup", "WeakPassword", { reasons: "invalid" });

  afterAnswer(provider, options, async () => {
    const created = await createAccount(options, email, hashed.hash);
    if (created) {
      await options.events.createUser?.({ user: created });
      await sendVerificationLink(context, provider, email);
      return;
    }
    const url = signInHref(context, new URLSearchParams());
    const forgotUrl = pageHref(context, "forgot-password", new URLSearchParams());
    const mail = renderPasswordMail({ kind: "account-exists", to: email, url, forgotUrl, theme: options.theme });
    await deliverMail(provider, mail);
  });
  return checkYourEmail(context, provider);
}
