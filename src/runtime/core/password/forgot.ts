/**
 * `POST /forgot-password/<id>` (CSRF-checked): a reset link for an address. A well-formed address is always
 * answered "check your email", at once; the lookup, the token and the mail happen after the answer
 * (core/password/mail.ts), so neither the answer nor its time depends on whether the address has a user.
 * Any user of the address gets the link, with or without a password yet: an OAuth or email user adds a
 * password this way, the mail proving the address. An address without a user gets nothing.
 */
import type { ResponseInternal } from "../../types.js";
import { adapterMethod } from "../account/adapter-method.js";
import type { ActionContext } from "../actions/context.js";
import type { InternalPasswordProvider } from "../internal.js";
import { addressedForm, checkYourEmail, pageHref } from "./answers.js";
import { afterAnswer, deliverMail, renderPasswordMail } from "./mail.js";
import { DEFAULT_RESET_MAX_AGE } from "./settings.js";
import { issueToken } from "./tokens.js";

export async function passwordForgot(
  context: ActionContext,
  provider: InternalPasswordProvider,
): Promise<ResponseInternal> {
  const { options } = context;
  const email = addressedForm(context, "forgot-password");
  if (typeof email !== "string") return email;

  afterAnswer(provider, options, async () => {
    const user = await adapterMethod(options.adapter, "getUserByEmail")(email);
    if (!user) return;
    const maxAge = provider.resetMaxAge ?? DEFAULT_RESET_MAX_AGE;
    const { token, expires } = await issueToken(options, "reset", email, maxAge);
    const url = pageHref(context, "reset-password", new URLSearchParams({ token, email }));
    await deliverMail(
      provider,
      renderPasswordMail({ kind: "reset-password", to: email, url, expires, theme: options.theme }),
    );
  });
  return checkYourEmail(context, provider);
}
