/**
 * A link: the signed-in user asks to attach another sign-in method (an OAuth/OIDC account, an address by
 * email link, a passkey) to their own user. Without one, a sign-in while some session is present is a plain
 * sign-in that replaces that session (core/account/resolve-user.ts): a session cookie planted in a victim's
 * browser (cookie tossing from a sibling subdomain, RFC 6265bis §8.6; session fixation) must never receive
 * the account the victim signs in with next (Sudhodanan & Paverd, USENIX Security 2022, §4).
 *
 * So a link needs proof of intent, made when the user asks (`POST /signin/<provider>` with `link=true`, which
 * the CSRF check already guards) and checked when the sign-in completes:
 * - a session is presented, and its user signed in within `linking.maxAuthAge` (a walk-up attacker at an
 *   open session cannot attach their own account for later; OWASP's reauthentication before a sensitive
 *   change);
 * - the intent is a sealed cookie (salt = its name) naming that user, that session (`binding`, hashed), this
 *   browser's CSRF token (hashed: the csrf cookie is `__Host-` over https, so no sibling can plant it) and the
 *   provider, alive for 15 minutes;
 * - at the callback the same session, CSRF cookie and provider must still be there, and the intent is spent
 *   once on the server (core/spent-ledger.ts), so a copy of the cookie links nothing more.
 * Any mismatch refuses the link (`AccountLinkRefused`, `code=restart`) rather than falling back to a sign-in
 * the user did not ask for.
 */

import { AccountLinkRefused } from "../../errors.js";
import { decode, encode } from "../../jwt.js";
import type { Cookie } from "../../types.js";
import type { ActionContext } from "../actions/context.js";
import { expiredCookie } from "../cookies/names.js";
import { randomUUID } from "../crypto/random.js";
import { sha256Hex } from "../crypto/sha256.js";
import { createCsrfState } from "../csrf.js";
import type { InternalProvider } from "../internal.js";
import type { PresentedSession } from "../session/index.js";
import { spentLedger } from "../spent-ledger.js";

/** A link must complete within this many seconds of being asked for (an OAuth round trip, an email link). */
const LINK_INTENT_MAX_AGE = 15 * 60;

interface SealedIntent {
  /** The user the method is linked to. */
  sub: string;
  provider: string;
  /** SHA-256 of the session's binding and of the CSRF token: neither appears in the cookie. */
  session: string;
  csrf: string;
  /** For an email link: the address the link was mailed to. */
  email?: string;
  jti: string;
}

/**
 * This browser's CSRF token, and the cookie that sets it when the browser has none yet. A server-side
 * `signIn` (a server action, a form action) runs with the framework's own CSRF protection (`skipCSRFCheck`),
 * so the action did not read the csrf cookie: it is read here, since the callback that completes the link is
 * an ordinary browser request whose token must match.
 */
async function browserCsrf(context: ActionContext, mint: boolean): Promise<{ token: string; cookies: Cookie[] }> {
  const { options, request } = context;
  if (options.csrfToken !== undefined) return { token: options.csrfToken, cookies: [] };
  const { name, options: attributes } = options.cookies.csrfToken;
  const cookieValue = request.cookies[name];
  const state = await createCsrfState({ cookieValue, bodyValue: undefined, isPost: false, secrets: options.secret });
  if (!state.cookie) return { token: state.token, cookies: [] };
  // No valid csrf cookie: a new one only where a link starts; at the callback, nothing can match.
  return mint
    ? { token: state.token, cookies: [{ name, value: state.cookie, options: attributes }] }
    : { token: "", cookies: [] };
}

/** Whether the session's user signed in no longer ago than `maxAuthAge` seconds. */
function signedInRecently(session: PresentedSession, maxAuthAge: number): boolean {
  if (session.authTime === null) return false;
  return Math.floor(Date.now() / 1000) - session.authTime <= maxAuthAge;
}

/**
 * The cookie that records a link the signed-in user asks for now, through `provider` (and, for email, to
 * `email`). Refuses when nobody is signed in or the sign-in is not recent: the user signs in (again) first.
 */
export async function startLink(context: ActionContext, provider: InternalProvider, email?: string): Promise<Cookie[]> {
  const { options, sessionStore } = context;
  const session = await sessionStore.presented();
  if (!session) throw new AccountLinkRefused("Linking a sign-in method needs a signed-in user.", "signin");
  if (!signedInRecently(session, options.linking.maxAuthAge)) {
    throw new AccountLinkRefused(
      `Linking a sign-in method needs a sign-in within the last ${options.linking.maxAuthAge} seconds: sign in again, then link.`,
      "reauthenticate",
    );
  }
  const { name, options: attributes } = options.cookies.linkIntent;
  const csrf = await browserCsrf(context, true);
  const intent: SealedIntent = {
    sub: session.userId,
    provider: provider.id,
    session: await sha256Hex(session.binding),
    csrf: await sha256Hex(csrf.token),
    ...(email !== undefined ? { email } : {}),
    jti: randomUUID(),
  };
  // The runtime's own sealing, as for the OAuth check cookies: an app's custom `jwt.encode` is for sessions.
  const value = await encode({
    token: { ...intent },
    secret: options.secret,
    salt: name,
    maxAge: LINK_INTENT_MAX_AGE,
  });
  const expires = new Date(Date.now() + LINK_INTENT_MAX_AGE * 1000);
  return [...csrf.cookies, { name, value, options: { ...attributes, maxAge: LINK_INTENT_MAX_AGE, expires } }];
}

/** Whether this request carries a link intent at all (cheap: nothing is opened). */
export function carriesLinkIntent(context: ActionContext): boolean {
  return Boolean(context.request.cookies[context.options.cookies.linkIntent.name]);
}

function restart(why: string): AccountLinkRefused {
  return new AccountLinkRefused(`The link cannot complete: ${why}. Start it again.`, "restart");
}

async function openIntent(context: ActionContext): Promise<{ intent: SealedIntent; expires: Date }> {
  const { options, request } = context;
  const { name } = options.cookies.linkIntent;
  let opened: Record<string, unknown> | null = null;
  try {
    opened = await decode({ token: request.cookies[name], secret: options.secret, salt: name });
  } catch {
    opened = null;
  }
  if (!opened || typeof opened.sub !== "string" || typeof opened.jti !== "string") {
    throw restart("its cookie is expired or was not made here");
  }
  const intent = opened as unknown as SealedIntent;
  const expires = new Date(typeof opened.exp === "number" ? opened.exp * 1000 : Date.now());
  return { intent, expires };
}

/**
 * The intent this request carries for `provider`, checked against the session, the CSRF cookie and (for an
 * email link) the address, but not spent. Throws `AccountLinkRefused` (`restart`) when it does not hold.
 */
async function heldIntent(
  context: ActionContext,
  provider: InternalProvider,
  identityEmail: string | null | undefined,
): Promise<{ intent: SealedIntent; expires: Date }> {
  const { sessionStore } = context;
  const opened = await openIntent(context);
  const { intent } = opened;
  if (intent.provider !== provider.id) throw restart(`it was started for "${intent.provider}"`);
  const session = await sessionStore.presented();
  if (!session || session.userId !== intent.sub || (await sha256Hex(session.binding)) !== intent.session) {
    throw restart("the session that started it is no longer the one signed in");
  }
  const { token } = await browserCsrf(context, false);
  if (!token || (await sha256Hex(token)) !== intent.csrf) throw restart("it was started in another browser");
  if (intent.email !== undefined && intent.email !== identityEmail) {
    throw restart("the email link is for another address");
  }
  return opened;
}

/**
 * The user a ceremony that is still under way links to (a passkey's options, before the callback): the
 * intent's user when one holds, else null. Nothing is spent or cleared.
 */
export async function pendingLink(context: ActionContext, provider: InternalProvider): Promise<string | null> {
  if (!carriesLinkIntent(context)) return null;
  try {
    return (await heldIntent(context, provider, undefined)).intent.sub;
  } catch {
    return null;
  }
}

/**
 * The user id a sign-in completing now through `provider` links to, or null when no link was asked for.
 * The cookie is cleared whatever happens (pushed into the context's cookies) and the intent spent; a link
 * asked for that no longer holds refuses the sign-in. `identityEmail` is the address an email sign-in proves.
 */
export async function takeLinkIntent(
  context: ActionContext,
  provider: InternalProvider,
  identityEmail?: string | null,
): Promise<string | null> {
  if (!carriesLinkIntent(context)) return null;
  const { options } = context;
  const { name, options: attributes } = options.cookies.linkIntent;
  context.cookies.push(expiredCookie(name, attributes));
  const { intent, expires } = await heldIntent(context, provider, identityEmail);
  const ledger = spentLedger(options.adapter, `link-spent:${provider.id}`, options.secret[0] ?? "");
  if (!(await ledger.spend(intent.jti, expires))) throw restart("it was used already");
  return intent.sub;
}
