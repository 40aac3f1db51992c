/**
 * The `jwt` session strategy: the whole session lives in an encrypted JWE in the (chunked) session
 * cookie. A read re-issues it with a fresh expiry only when it is due (`session.updateAge` since it was
 * issued; 0 = every read), when the jwt callback changed the token, or on an update: most reads decrypt
 * and nothing more (no encryption, no Set-Cookie). Anything that does not decrypt reads as signed out and
 * the cookie is cleared (a rotated secret must not lock users into errors).
 *
 * Every token records when its user signed in (`auth_time`, the OIDC Core §2 claim, in seconds), set at the
 * sign-in and carried through every re-issue even by a `jwt` callback that builds a new token: a link flow
 * needs a recent sign-in (core/account/link-intent.ts), and `iat` moves with each re-issue. A session
 * started through the adapter also records that sign-in (`sign_in`), and a read refuses it once the stored
 * user no longer matches it (follow-user.ts).
 */
import { JWTSessionError } from "../../errors.js";
import type { JWT, Session } from "../../types.js";
import { passSessionThrough, passTokenThrough } from "../callbacks.js";
import { clearChunked, readChunked, writeChunked } from "../cookies/names.js";
import { copyWith } from "../copy-with.js";
import type { InternalOptions, RequestInternal } from "../internal.js";
import { followsUser, signInRecord } from "./follow-user.js";
import type { PresentedSession, SessionCreate, SessionStore } from "./store.js";

/**
 * The token with what the runtime records of the sign-in (`auth_time`, `sign_in`) put back where a `jwt`
 * callback that builds a new token dropped it.
 */
function withSignInClaims(token: JWT, from: JWT): JWT {
  const lostTime = token.auth_time === undefined && typeof from.auth_time === "number";
  const lostSignIn = token.sign_in === undefined && from.sign_in !== undefined;
  // Every read passes here: the token as the callback returned it unless a claim must be put back.
  if (!lostTime && !lostSignIn) return token;
  return {
    ...token,
    ...(lostTime ? { auth_time: from.auth_time } : {}),
    ...(lostSignIn ? { sign_in: from.sign_in } : {}),
  };
}

/**
 * A session cookie that does not open: sealed under another secret (one rotated out of AUTH_SECRET), expired,
 * tampered with or cut short. A visitor's stale cookie, not a fault: it reads as signed out, is cleared, and
 * is logged as the expected outcome it is (`cookie: "unreadable"`, core/logger.ts), the refusal as its cause.
 */
function unreadableCookie(refusal: JWTSessionError): JWTSessionError {
  return new JWTSessionError(
    `The session cookie could not be read, so the visitor is signed out and the cookie cleared: ${refusal.message}`,
    { cause: { err: refusal, cookie: "unreadable" } },
  );
}

/**
 * A fault while reading a session that opened (a throwing callback or event) or in a custom `jwt.decode`: the
 * thrown error becomes the cause (`cause.err`), so the log carries its stack.
 */
function readFailure(error: unknown): JWTSessionError {
  const err = error instanceof Error ? error : new Error(String(error));
  return new JWTSessionError(`Reading the session failed: ${err.message}`, { cause: err });
}

export function createJwtSessionStore(request: RequestInternal, options: InternalOptions): SessionStore {
  const { name, options: cookieOptions } = options.cookies.sessionToken;
  const { jwt, callbacks, events, logger, secret } = options;

  function clear() {
    return clearChunked(request.cookies, name, cookieOptions);
  }

  async function seal(token: JWT) {
    const expires = new Date(Date.now() + options.session.maxAge * 1000);
    const value = await jwt.encode({ token, secret, salt: name, maxAge: options.session.maxAge });
    return { expires, cookies: writeChunked(request.cookies, name, value, copyWith(cookieOptions, { expires })) };
  }

  /**
   * Whether the token must be written again rather than left as the browser holds it. `before` is the token
   * as decoded, serialised, or undefined with the default `jwt` callback, which changes nothing.
   */
  function reissueDue(decoded: JWT, before: string | undefined, token: JWT, updating: boolean): boolean {
    if (updating || typeof decoded.iat !== "number" || typeof decoded.exp !== "number") return true;
    const age = Math.floor(Date.now() / 1000) - decoded.iat;
    if (age >= options.session.updateAge) return true;
    // A callback that refreshed something (an access token, a role) must reach the cookie now.
    return before !== undefined && JSON.stringify(token) !== before;
  }

  /** The token the cookie holds; `value` is the cookie's, when the caller has read it already. */
  async function current(value = readChunked(request.cookies, name)): Promise<JWT | null> {
    if (!value) return null;
    const token = await jwt.decode({ token: value, secret, salt: name });
    if (!token) throw new JWTSessionError("The session token decoded to nothing.");
    return token;
  }

  return {
    async read(update) {
      const value = readChunked(request.cookies, name);
      if (!value) return { session: null, cookies: [] };
      let decoded: JWT;
      try {
        decoded = (await current(value)) ?? {};
      } catch (error) {
        // The codec refuses a cookie with JWTSessionError; anything else came from a custom `jwt.decode`.
        logger.error(error instanceof JWTSessionError ? unreadableCookie(error) : readFailure(error));
        return { session: null, cookies: clear() };
      }
      let follows: boolean;
      try {
        follows = await followsUser(decoded, options);
      } catch (error) {
        // The adapter is down: nobody is signed in for now, but the cookie stays for when it is back.
        logger.error(new JWTSessionError("Checking the session's user with the adapter failed.", { cause: error }));
        return { session: null, cookies: [] };
      }
      if (!follows) {
        // The user was deleted, lost the address, or the account was unlinked since this session started.
        logger.debug("session-no-longer-follows-user", { sub: decoded.sub });
        return { session: null, cookies: clear() };
      }
      try {
        // The default callbacks are not called (they return what they are given): every read runs them.
        const ownJwt = callbacks.jwt !== passTokenThrough;
        // Taken before the callback runs: it may mutate the token in place.
        const before = ownJwt ? JSON.stringify(decoded) : undefined;
        const returned = ownJwt
          ? await callbacks.jwt(
              update ? { token: decoded, trigger: "update", session: update.data } : { token: decoded },
            )
          : decoded;
        if (returned === null) return { session: null, cookies: clear() };
        const token = withSignInClaims(returned, decoded);
        const { expires, cookies } = reissueDue(decoded, before, token, Boolean(update))
          ? await seal(token)
          : { expires: new Date((decoded.exp as number) * 1000), cookies: [] };
        const defaultSession: Session = {
          user: { name: token.name ?? null, email: token.email ?? null, image: token.picture ?? null },
          expires: expires.toISOString(),
        };
        const session =
          callbacks.session === passSessionThrough
            ? defaultSession
            : await callbacks.session({ session: defaultSession, token });
        if (events.session) await events.session({ session, token });
        return { session, cookies };
      } catch (error) {
        // A callback that throws (a fault of the app's, logged whole): signed out too.
        logger.error(error instanceof JWTSessionError ? error : readFailure(error));
        return { session: null, cookies: clear() };
      }
    },

    async presented(): Promise<PresentedSession | null> {
      try {
        const token = await current();
        if (typeof token?.sub !== "string" || !(await followsUser(token, options))) return null;
        const authTime = typeof token.auth_time === "number" ? token.auth_time : null;
        // One user's sessions from one sign-in are the same session to a link: the re-issues of one cookie.
        return { userId: token.sub, authTime, binding: `jwt:${token.sub}:${authTime ?? ""}` };
      } catch {
        return null;
      }
    },

    async create({ user, account, profile, isNewUser, credential }: SessionCreate) {
      const defaultToken: JWT = { name: user.name ?? null, email: user.email ?? null, picture: user.image ?? null };
      if (user.id !== undefined) defaultToken.sub = String(user.id);
      defaultToken.auth_time = Math.floor(Date.now() / 1000);
      // A user the adapter stores (isNewUser is set only then): the session follows it (follow-user.ts).
      if (isNewUser !== undefined && user.id !== undefined)
        defaultToken.sign_in = signInRecord(user, account, credential);
      const returned = await callbacks.jwt({
        token: defaultToken,
        user,
        account,
        ...(profile ? { profile } : {}),
        ...(isNewUser !== undefined ? { isNewUser } : {}),
        trigger: isNewUser ? "signUp" : "signIn",
      });
      if (returned === null) return { cookies: clear() };
      return { cookies: (await seal(withSignInClaims(returned, defaultToken))).cookies };
    },

    async destroy() {
      if (!readChunked(request.cookies, name)) return { cookies: clear() };
      let token: JWT | null = null;
      try {
        token = await current();
      } catch (error) {
        // Signing out with a broken cookie still signs out; the event just has no token to report.
        logger.debug("signout-invalid-session", error);
      }
      return { ended: { token }, cookies: clear() };
    },
  };
}
