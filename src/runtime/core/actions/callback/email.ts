/**
 * `GET /callback/<email-provider>?token=…&email=…`: the second half of a magic-link sign-in. The token is
 * consumed through the adapter (single use: it is deleted whether or not it is still valid), then the
 * address counts as proven and the sign-in completes like any other. A link that is incomplete, unknown,
 * already used, expired or for another address is a `Verification` error. One of the email provider's
 * actions (core/email/actions.ts).
 */

import { Verification } from "../../../errors.js";
import type { ResponseInternal, VerificationToken } from "../../../types.js";
import { adapterMethod } from "../../account/adapter-method.js";
import { hasProvedAddress } from "../../account/email-proof.js";
import { randomUUID } from "../../crypto/random.js";
import { hashVerificationToken } from "../../email/token.js";
import type { InternalEmailProvider } from "../../internal.js";
import type { ActionContext } from "../context.js";
import { completeSignIn } from "./complete.js";

export async function emailCallback(
  context: ActionContext,
  provider: InternalEmailProvider,
): Promise<ResponseInternal> {
  const { request, options } = context;
  const { token, email: identifier } = request.query;
  if (!token || !identifier) throw new Verification("The sign-in link has no token or no email address.");

  // The link carries the identifier exactly as stored; it is not normalised again (a custom normaliser
  // need not be idempotent). Every configured secret is tried, so links survive a secret rotation.
  const consumeToken = adapterMethod(options.adapter, "useVerificationToken");
  const secrets = provider.secret ? [provider.secret] : options.secret;
  let stored: VerificationToken | null = null;
  for (const secret of secrets) {
    stored = await consumeToken({ identifier, token: await hashVerificationToken(token, secret) });
    if (stored) break;
  }
  if (!stored) throw new Verification("The sign-in link is unknown or was already used.");
  if (new Date(stored.expires).valueOf() < Date.now()) throw new Verification("The sign-in link has expired.");
  if (stored.identifier !== identifier) throw new Verification("The sign-in link is for another address.");

  // The signIn callback sees the user this link signs in: the stored owner of the address when they proved
  // it before, else the user about to be created (a user created without proof is not the prover's; see
  // core/account/resolve-user.ts).
  const owner = await adapterMethod(options.adapter, "getUserByEmail")(identifier);
  const user = owner && hasProvedAddress(owner) ? owner : { id: randomUUID(), email: identifier, emailVerified: null };
  const account = { type: "email", provider: provider.id, providerAccountId: identifier } as const;
  return completeSignIn(context, { user, account }, []);
}
