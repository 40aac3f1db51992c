/**
 * `POST /callback/<id>` (CSRF-checked): sign-in with the address and the password. Known and unknown
 * addresses cost the same (one lookup, one verify: `verifyUnknownUser` where there is no hash) and answer the
 * same (CredentialsSignin), so neither the answer nor its time says whether an account exists.
 *
 * A correct password is not enough while nobody has proved the address: sign-up stored it unproved, and
 * whoever typed it may not own it. With the token from the verification mail in the same request
 * (`token`, the verify-email page's form) the address is proved and the sign-in completes; without one the
 * answer is `?error=EmailNotVerified`. That answer is only reachable with the right password, so it tells
 * nothing to whoever does not know it. It mails nothing: whoever squatted an address with a password of their
 * choosing could otherwise mail its owner at will (a correct password clears the account's rate limit). A
 * lost link is replaced through forgot-password, whose mail is rate-limited per address and proves it. A stored hash weaker than the
 * configured parameters is replaced after the match (`needsRehash`).
 */
import { CredentialsSignin, UnknownAction, Verification } from "../../errors.js";
import type { AdapterUser, ResponseInternal } from "../../types.js";
import { adapterMethod } from "../account/adapter-method.js";
import type { ActionContext } from "../actions/context.js";
import { assertCsrf } from "../csrf.js";
import type { InternalPasswordProvider } from "../internal.js";
import { busy, signInHref } from "./answers.js";
import { accountEmail, stringField } from "./input.js";
import { startSession } from "./sessions.js";
import { hasherOf } from "./settings.js";
import { passwordStorage } from "./storage.js";
import { consumeToken } from "./tokens.js";

export async function passwordSignIn(
  context: ActionContext,
  provider: InternalPasswordProvider,
): Promise<ResponseInternal> {
  const { request, options, skipCSRFCheck } = context;
  if (request.method !== "POST") throw new UnknownAction(`Password sign-in accepts POST only, not ${request.method}.`);
  assertCsrf("callback", options.csrfTokenVerified, skipCSRFCheck);
  // The account identifier (rate limits key on it): the normalised address.
  const email = accountEmail(request);
  const password = stringField(request, "password");
  // Malformed input says nothing about any account: refused before the lookup.
  if (email === null || password === undefined)
    throw new CredentialsSignin("The sign-in form had no address or no password.");

  const hasher = hasherOf(provider);
  const storage = passwordStorage(options);
  let user: AdapterUser | null = await adapterMethod(options.adapter, "getUserByEmail")(email);
  const stored = user ? await storage.getPasswordHash(user.id) : null;
  const outcome = stored === null ? await hasher.verifyUnknownUser(password) : await hasher.verify(password, stored);
  if (!outcome.match && outcome.reason === "busy") return busy(context);
  if (!outcome.match && (outcome.reason === "unsupported-hash" || outcome.reason === "unavailable")) {
    // Nobody can sign in with this hash until the operator acts (a package to install, a hash to replace).
    options.logger.warn("password-hash-unreadable", { provider: provider.id, reason: outcome.reason });
  }
  if (!outcome.match || !user || stored === null) throw new CredentialsSignin("Wrong address or password.");

  let current = stored;
  if (outcome.needsRehash) {
    const rehashed = await hasher.hash(password);
    // A failed rehash (busy) keeps the old hash: the next sign-in tries again.
    if (rehashed.ok) {
      await storage.setPasswordHash(user.id, rehashed.hash);
      current = rehashed.hash;
    }
  }

  if (!user.emailVerified) {
    const token = stringField(request, "token");
    if (token === undefined) {
      return {
        redirect: signInHref(context, new URLSearchParams({ error: "EmailNotVerified" })),
        cookies: context.cookies,
      };
    }
    if (!(await consumeToken(options, "verify", email, token))) {
      throw new Verification("The confirmation link is unknown, already used, expired or for another address.");
    }
    user = await adapterMethod(options.adapter, "updateUser")({ id: user.id, emailVerified: new Date() });
    await options.events.updateUser?.({ user });
  }
  return startSession(context, provider, user, current);
}
