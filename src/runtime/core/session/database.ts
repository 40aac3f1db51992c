/**
 * The `database` session strategy: the cookie holds only an opaque session token; the session and its
 * user live behind the adapter. A store instance serves one request and looks the token up at most once
 * (`getSessionAndUser`), however many times the action asks. The row's expiry slides forward at most once
 * per `session.updateAge`; an expired row is deleted when it is presented; sign-out deletes the row, so a
 * copy of the old cookie is worthless afterwards (the revocation JWT sessions cannot offer).
 *
 * A token this store creates is `<sign-in time, base 36>.<session.generateSessionToken()>`: the row has no
 * column for when its user signed in, and a link flow must know (core/account/link-intent.ts). Nobody can
 * choose that time: a token is only worth something while the adapter holds it, and only we write it.
 */
import { SessionTokenError, SignOutError } from "../../errors.js";
import type { AdapterSession, AdapterUser, Session } from "../../types.js";
import { adapterMethod } from "../account/adapter-method.js";
import { passSessionThrough } from "../callbacks.js";
import { clearChunked, readChunked, writeChunked } from "../cookies/names.js";
import type { InternalOptions, RequestInternal } from "../internal.js";
import type { PresentedSession, SessionCreate, SessionStore } from "./store.js";

const SIGN_IN_TIME = /^([0-9a-z]{1,9})\./;

/** The token for a session whose user signed in at `authTime` (seconds). */
function tokenSignedInAt(authTime: number, generated: string): string {
  return `${authTime.toString(36)}.${generated}`;
}

/** When the session's user signed in, read from a token this store made; null for any other token. */
export function signInTimeOf(sessionToken: string): number | null {
  const match = SIGN_IN_TIME.exec(sessionToken);
  if (!match) return null;
  const authTime = Number.parseInt(match[1] as string, 36);
  // A clock or a token from the future is no proof of a recent sign-in.
  return authTime <= Math.ceil(Date.now() / 1000) ? authTime : null;
}

interface StoredSession {
  session: AdapterSession;
  user: AdapterUser;
}

export function createDatabaseSessionStore(request: RequestInternal, options: InternalOptions): SessionStore {
  const { name, options: cookieOptions } = options.cookies.sessionToken;
  const { adapter, callbacks, events, logger } = options;
  const { maxAge, updateAge } = options.session;
  const sessionToken = readChunked(request.cookies, name);

  let lookup: Promise<StoredSession | null> | undefined;

  function cookieFor(token: string, expires: Date) {
    return writeChunked(request.cookies, name, token, { ...cookieOptions, expires });
  }

  function clear() {
    return clearChunked(request.cookies, name, cookieOptions);
  }

  /** The live session behind the cookie; an expired one is deleted on the way (the spec's clean-up). */
  async function find(token: string): Promise<StoredSession | null> {
    const found = await adapterMethod(adapter, "getSessionAndUser")(token);
    if (!found) return null;
    const expires = new Date(found.session.expires);
    if (expires.valueOf() > Date.now()) return { session: { ...found.session, expires }, user: found.user };
    await adapterMethod(adapter, "deleteSession")(token);
    return null;
  }

  /** Memoised per request: one adapter round trip even when an action reads the session twice. */
  function current(): Promise<StoredSession | null> {
    if (!sessionToken) return Promise.resolve(null);
    lookup ??= find(sessionToken);
    return lookup;
  }

  /** Slides the expiry when `updateAge` has passed since it was last set (0 = every read). */
  async function extendIfDue(stored: StoredSession): Promise<{ expires: Date; extended: boolean }> {
    const lastSetAt = stored.session.expires.valueOf() - maxAge * 1000;
    if (lastSetAt + updateAge * 1000 > Date.now()) return { expires: stored.session.expires, extended: false };
    const expires = new Date(Date.now() + maxAge * 1000);
    await adapterMethod(adapter, "updateSession")({ sessionToken: stored.session.sessionToken, expires });
    return { expires, extended: true };
  }

  return {
    async read(update) {
      if (!sessionToken) return { session: null, cookies: [] };
      try {
        const stored = await current();
        if (!stored) return { session: null, cookies: clear() };
        const { expires, extended } = await extendIfDue(stored);
        const { user } = stored;
        const defaultSession: Session = {
          user: { name: user.name ?? null, email: user.email ?? null, image: user.image ?? null },
          expires: expires.toISOString(),
        };
        // The default callback is not called (it returns what it is given): every read runs it.
        const session =
          callbacks.session === passSessionThrough
            ? defaultSession
            : await callbacks.session(
                update
                  ? { session: defaultSession, user, trigger: "update", newSession: update.data }
                  : { session: defaultSession, user },
              );
        if (events.session) await events.session({ session });
        return { session, cookies: extended ? cookieFor(stored.session.sessionToken, expires) : [] };
      } catch (error) {
        // A database that is down must not sign everyone out: answer "no session" now, keep the cookie.
        logger.error(new SessionTokenError("Reading the database session failed.", { cause: error }));
        return { session: null, cookies: [] };
      }
    },

    async presented(): Promise<PresentedSession | null> {
      try {
        const stored = await current();
        if (!stored) return null;
        const token = stored.session.sessionToken;
        return { userId: stored.user.id, authTime: signInTimeOf(token), binding: `database:${token}` };
      } catch (error) {
        logger.error(new SessionTokenError("Reading the database session failed.", { cause: error }));
        return null;
      }
    },

    async create({ user }: SessionCreate) {
      if (user.id === undefined) throw new SessionTokenError("A database session needs the adapter user's id.");
      // A session presented with this sign-in is replaced, not left behind: a new token on every sign-in
      // means a token planted before it (session fixation) is worthless after it.
      if (await current().catch(() => null)) await adapterMethod(adapter, "deleteSession")(sessionToken as string);
      const expires = new Date(Date.now() + maxAge * 1000);
      const token = tokenSignedInAt(Math.floor(Date.now() / 1000), options.session.generateSessionToken());
      await adapterMethod(adapter, "createSession")({ sessionToken: token, userId: user.id, expires });
      return { cookies: cookieFor(token, expires) };
    },

    async destroy() {
      if (!sessionToken) return { cookies: [] };
      let session: AdapterSession | null = null;
      try {
        session = (await adapterMethod(adapter, "deleteSession")(sessionToken)) ?? null;
      } catch (error) {
        // The browser still forgets the cookie; the log says the row may outlive it.
        logger.error(new SignOutError("Deleting the database session failed.", { cause: error }));
      }
      return { ended: { session }, cookies: clear() };
    },
  };
}
