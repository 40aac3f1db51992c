/**
 * `POST /signin/<email-provider>`: the first half of a magic-link sign-in. The address is normalised and
 * validated, the `signIn` callback may refuse it (`email.verificationRequest: true`), a single-use token is
 * stored hashed, the link is mailed, and the browser goes to the "check your email" page. With `link=true`
 * a signed-in user adds the address to their own user when they follow the link in this browser
 * (core/account/link-intent.ts). One of the email provider's actions (core/email/actions.ts).
 */

import { EmailSignInError } from "../../errors.js";
import type { Account, AdapterUser, ResponseInternal, User } from "../../types.js";
import type { EmailConfig } from "../../types-email.js";
import { adapterMethod } from "../account/adapter-method.js";
import { startLink } from "../account/link-intent.js";
import { asksForLink } from "../account/link-target.js";
import { randomUUID } from "../crypto/random.js";
import { normalizeEmailAddress } from "../email/normalize.js";
import { hashVerificationToken, randomVerificationToken } from "../email/token.js";
import { pageUrl, toError, withQuery } from "../errors.js";
import type { InternalEmailProvider } from "../internal.js";
import { DEFAULT_EMAIL_MAX_AGE } from "../providers.js";
import { authorizeSignIn } from "./callback/complete.js";
import type { ActionContext } from "./context.js";
import { actionHref } from "./paths.js";

/**
 * The provider's normaliser (its own `normalizeIdentifier` replaces the default) applied to a request's
 * `email` field. Any rejection is an `EmailSignInError`, which sends the user back to the sign-in page.
 */
function identifierFromInput(provider: EmailConfig, input: unknown): string {
  if (typeof input !== "string") throw new EmailSignInError("The sign-in request has no email address.");
  const normalize = provider.normalizeIdentifier ?? normalizeEmailAddress;
  let identifier: unknown;
  try {
    identifier = normalize(input);
  } catch (error) {
    throw new EmailSignInError("The email address was rejected.", {
      cause: error instanceof Error ? error : new Error(String(error)),
    });
  }
  if (typeof identifier !== "string" || identifier === "") {
    throw new EmailSignInError(`normalizeIdentifier of provider "${provider.id}" returned no address.`);
  }
  return identifier;
}

export async function signInWithEmail(
  context: ActionContext,
  provider: InternalEmailProvider,
): Promise<ResponseInternal> {
  const { request, options, cookies } = context;
  const { adapter } = options;
  const identifier = identifierFromInput(provider, request.body?.email);
  // A signed-in user adding this address: the link follows the mail to this browser (or refuses now).
  const linkCookies = asksForLink(context) ? await startLink(context, provider, identifier) : [];

  // The callback sees who would sign in: the stored user for this address, else a user not yet created.
  const existing = await adapterMethod(adapter, "getUserByEmail")(identifier);
  const user: User | AdapterUser = existing ?? { id: randomUUID(), email: identifier, emailVerified: null };
  const account: Account = { type: "email", provider: provider.id, providerAccountId: identifier, userId: user.id };
  const redirect = await authorizeSignIn({ user, account, email: { verificationRequest: true } }, options);
  if (redirect) return { redirect, cookies };

  const token = (await provider.generateVerificationToken?.()) ?? randomVerificationToken();
  const secret = provider.secret ?? options.secret[0]!;
  const hashed = await hashVerificationToken(token, secret);
  const expires = new Date(Date.now() + (provider.maxAge ?? DEFAULT_EMAIL_MAX_AGE) * 1000);
  // Stored before sending: a link that arrives always has its token waiting.
  await adapterMethod(adapter, "createVerificationToken")({ identifier, token: hashed, expires });

  const params = new URLSearchParams({ callbackUrl: options.callbackUrl, token, email: identifier });
  const url = `${provider.callbackUrl}?${params}`;
  try {
    await provider.sendVerificationRequest({
      identifier,
      url,
      expires,
      provider,
      token,
      theme: options.theme,
      request: request.request,
    });
  } catch (error) {
    // The link never left: consume its token so a copy of it (say, in a bounced mail) cannot be used.
    try {
      await adapterMethod(adapter, "useVerificationToken")({ identifier, token: hashed });
    } catch {
      // Best effort: the sending failure is the error worth reporting.
    }
    throw new EmailSignInError(`Sending the sign-in link with provider "${provider.id}" failed.`, {
      cause: toError(error),
    });
  }

  const query = new URLSearchParams({ provider: provider.id, type: provider.type });
  const page = options.pages.verifyRequest
    ? pageUrl(request.url.origin, options.pages.verifyRequest)
    : actionHref(options.url, "verify-request");
  return { redirect: withQuery(page, query), cookies: [...cookies, ...linkCookies] };
}
