/** Credentials: POST only, CSRF-checked; `authorize` alone decides who this is. */
import { CredentialsSignin, InvalidProvider, UnknownAction } from "../../../errors.js";
import type { Account, ResponseInternal, User } from "../../../types.js";
import { assertCsrf } from "../../csrf.js";
import type { ActionContext } from "../context.js";
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
  const user = await provider.authorize(credentials, request.request);
  if (!user) throw new CredentialsSignin("The credentials provider's authorize returned null.");
  // The account must name the user; authorize may omit an id, so one is made up (it is only in the JWT).
  const id = user.id !== undefined && user.id !== null ? String(user.id) : crypto.randomUUID();
  const signedInUser: User = { ...user, id };
  const account: Account = { providerAccountId: id, type: "credentials", provider: provider.id };
  return completeSignIn(context, { user: signedInUser, account, credentials }, []);
}
