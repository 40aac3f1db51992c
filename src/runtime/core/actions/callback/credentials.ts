/**
 * Credentials: POST only, CSRF-checked; `authorize` alone decides who this is. With JWT sessions its user is
 * the session's; with database sessions its id names the stored user (core/account/credentials-user.ts).
 */
import { CredentialsSignin, InvalidProvider, UnknownAction } from "../../../errors.js";
import type { Account, ResponseInternal, User } from "../../../types.js";
import { credentialsUserId } from "../../account/credentials-user.js";
import { copyWith } from "../../copy-with.js";
import { randomUUID } from "../../crypto/random.js";
import { assertCsrf } from "../../csrf.js";
import type { ActionContext } from "../context.js";
import { authorizeReadsRequest } from "./authorize-request.js";
import { completeSignIn } from "./complete.js";

export async function credentialsCallback(context: ActionContext): Promise<ResponseInternal> {
  const { request, options, skipCSRFCheck } = context;
  const provider = options.provider;
  if (provider?.type !== "credentials") throw new InvalidProvider("Not a credentials provider.");
  if (request.method !== "POST") {
    throw new UnknownAction(`The credentials callback accepts POST only, not ${request.method}.`);
  }
  assertCsrf("callback", options.csrfTokenVerified, skipCSRFCheck);
  const credentials: Record<string, unknown> = { ...request.body };
  // The Request is rebuilt from the body only for an `authorize` that can read it (authorize-request.ts).
  const user = await provider.authorize(
    credentials,
    authorizeReadsRequest(provider.authorize) ? request.request : (undefined as unknown as Request),
  );
  if (!user) throw new CredentialsSignin("The credentials provider's authorize returned null.");
  // The account must name the user. A JWT session may make one up when authorize gives none (it lives only
  // in the cookie); a database session's id names a stored user, so it must be authorize's own.
  const id =
    options.session.strategy === "database"
      ? credentialsUserId(user, provider.id)
      : user.id !== undefined && user.id !== null
        ? String(user.id)
        : randomUUID();
  const signedInUser: User = copyWith(user, { id });
  const account: Account = { providerAccountId: id, type: "credentials", provider: provider.id };
  return completeSignIn(context, { user: signedInUser, account, credentials }, []);
}
