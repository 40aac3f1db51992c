/**
 * The move from the reference's session cookie to ours. Over https @auth/core and next-auth v5 keep the session
 * in `__Secure-authjs.session-token`, which a sibling subdomain can set (cookie tossing, RFC 6265bis §8.6); this
 * runtime keeps it in `__Host-authjs.session-token`, which it cannot (names.ts). So that an app migrating
 * from the reference keeps its users signed in, a request that carries no session under the new name but one
 * under the old is read through the old one, once: the session moves to the new name and the old cookie is
 * expired (host-only: a copy a sibling set with a Domain is beyond our reach, and simply ignored while the
 * new cookie is there).
 *
 * Only a session the reference could have made is read. The old name is exactly where a sibling would plant a
 * copy of one of our own sessions, so any session this runtime made is refused there: a JWT carrying
 * `auth_time` (core/session/jwt.ts writes it into every token), a database token with a `.` (core/session/
 * database.ts makes `<sign-in time>.<random>`; the reference's are UUIDs). The reference's sessions expire
 * within their maxAge, so the window closes by itself: a JWT is re-sealed for the new name (its key is salted
 * with the cookie name, so it would not open there as it is) and keeps its expiry; a database session moves to
 * a new token and the old one is cut to an hour (else the old token would slide for as long as its holder kept
 * using it, and could be planted for as long). Whatever the reference mints for the old name keeps working there
 * until it expires, which is what docs/security.md tells apps that share a secret with a running @auth/core app.
 */
import type { Cookie, JWT, ResponseInternal } from "../../types.js";
import { adapterMethod } from "../account/adapter-method.js";
import { bytesToHex } from "../crypto/hex.js";
import type { InternalOptions, RequestInternal } from "../internal.js";
import { clearChunked, readChunked, writeChunked } from "./names.js";

/** The session cookie's default name over https. */
export const SESSION_COOKIE = "__Host-authjs.session-token";
/** The reference's name for it, read for migration only. */
export const LEGACY_SESSION_COOKIE = "__Secure-authjs.session-token";

/** A moved database session's sign-in time (core/session/database.ts's token prefix): not known. */
const UNKNOWN_SIGN_IN = "0";
const MOVED_TOKEN_CONTEXT = "create-auth moved session token\0";
/** How long (seconds) a moved database session's old token still leads to it. */
const MOVE_GRACE = 60 * 60;

/** What the response must do with the cookies once the action has run. */
export interface LegacySessionMove {
  /** The session cookie's name: when the action wrote or cleared it itself, that wins over `write`. */
  name: string;
  /** The session under the new name (empty when the old cookie was refused). */
  write: Cookie[];
  /** The old cookie, whole and chunks, expired. */
  expire: Cookie[];
}

/** Whether a JWT that opened under the old name was made by this runtime (so planted there, not migrated). */
export function madeByThisRuntime(token: JWT): boolean {
  return token.auth_time !== undefined;
}

/** Whether a database session token came from this runtime (core/session/database.ts: `<time>.<random>`). */
function isOurDatabaseToken(token: string): boolean {
  return token.includes(".");
}

/** Seconds since the epoch. */
function now(): number {
  return Math.floor(Date.now() / 1000);
}

/** The JWT re-sealed for the new name with its own expiry, or undefined when it is not one to move. */
async function moveJwt(value: string, options: InternalOptions): Promise<{ value: string; expires: Date } | undefined> {
  const { jwt, secret, logger } = options;
  let token: JWT | null;
  try {
    token = await jwt.decode({ token: value, secret, salt: LEGACY_SESSION_COOKIE });
  } catch {
    // Any visitor can send this; a log line per request would be theirs to flood (as for callback URLs).
    logger.debug("legacy-session-unreadable");
    return undefined;
  }
  if (!token) return undefined;
  if (madeByThisRuntime(token)) {
    logger.debug("legacy-session-refused", { reason: "a session this runtime made, under the old name" });
    return undefined;
  }
  const { iat: _iat, exp, jti: _jti, ...claims } = token;
  const expiresAt = typeof exp === "number" ? exp : now() + options.session.maxAge;
  const maxAge = expiresAt - now();
  if (maxAge <= 0) return undefined;
  const name = options.cookies.sessionToken.name;
  return {
    value: await jwt.encode({ token: claims, secret, salt: name, maxAge }),
    expires: new Date(expiresAt * 1000),
  };
}

/**
 * The new token of a moved database session: ours (it has a `.`, so a copy planted under the old name is
 * refused), with sign-in time 0 since nobody knows when its user signed in (never a recent sign-in), and the
 * same for every request that moves the same old token (HMAC-SHA-256 under the secret), so requests in flight
 * together, or a move whose Set-Cookie a server component could not send, land on one session, not one each.
 */
async function movedToken(legacyToken: string, secret: string): Promise<string> {
  const utf8 = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", utf8.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const mac = new Uint8Array(
    await crypto.subtle.sign("HMAC", key, utf8.encode(`${MOVED_TOKEN_CONTEXT}${legacyToken}`)),
  );
  return `${UNKNOWN_SIGN_IN}.${bytesToHex(mac)}`;
}

/**
 * The database session moved to a token of ours, or undefined when it is not one to move. The old row keeps
 * at most MOVE_GRACE: long enough for the other requests of the page that carried it, short enough that the
 * old token (a copy a sibling could plant, or one left in another browser) stops leading to the session; it
 * never slides, since the store never reads it.
 */
async function moveDatabaseSession(
  value: string,
  options: InternalOptions,
): Promise<{ value: string; expires: Date } | undefined> {
  const { adapter, logger } = options;
  if (isOurDatabaseToken(value)) {
    logger.debug("legacy-session-refused", { reason: "a session this runtime made, under the old name" });
    return undefined;
  }
  const legacy = await adapterMethod(adapter, "getSessionAndUser")(value);
  if (!legacy || new Date(legacy.session.expires).valueOf() <= Date.now()) return undefined;
  const graceEnd = new Date(Date.now() + MOVE_GRACE * 1000);
  if (new Date(legacy.session.expires) > graceEnd) {
    await adapterMethod(adapter, "updateSession")({ sessionToken: value, expires: graceEnd });
  }
  // The first secret encrypts (core/secret.ts); assertConfig refuses a configuration without one.
  const [secret] = options.secret;
  if (secret === undefined) return undefined;
  const token = await movedToken(value, secret);
  const existing = await adapterMethod(adapter, "getSessionAndUser")(token);
  if (existing) return { value: token, expires: new Date(existing.session.expires) };
  const expires = new Date(legacy.session.expires);
  try {
    await adapterMethod(adapter, "createSession")({ sessionToken: token, userId: legacy.session.userId, expires });
  } catch (error) {
    // A request in flight with this one made it first.
    if (!(await adapterMethod(adapter, "getSessionAndUser")(token))) throw error;
  }
  return { value: token, expires };
}

/**
 * Whether the request carries a session under the reference's name only, so adoptLegacySession has one to
 * move: checked synchronously first, since nearly every request carries none.
 */
export function presentsLegacySession(request: RequestInternal, options: InternalOptions): boolean {
  const { name } = options.cookies.sessionToken;
  if (name !== SESSION_COOKIE || readChunked(request.cookies, name) !== undefined) return false;
  return readChunked(request.cookies, LEGACY_SESSION_COOKIE) !== undefined;
}

/**
 * Reads the reference's session cookie when this request has none under the new name, and puts the moved
 * session into the request's cookies under the new name (so the session store reads it like any other). Null
 * when there is nothing to move: secure cookies off, a session name the app chose, a session under the new
 * name already, or no old cookie. Database work happens only when an old cookie is presented.
 */
export async function adoptLegacySession(
  request: RequestInternal,
  options: InternalOptions,
): Promise<LegacySessionMove | null> {
  if (!presentsLegacySession(request, options)) return null;
  const { name, options: attributes } = options.cookies.sessionToken;
  const legacy = readChunked(request.cookies, LEGACY_SESSION_COOKIE) as string;
  const expire = clearChunked(request.cookies, LEGACY_SESSION_COOKIE, attributes);
  const moved =
    options.session.strategy === "database"
      ? await moveDatabaseSession(legacy, options)
      : await moveJwt(legacy, options);
  if (!moved) return { name, write: [], expire };
  request.cookies[name] = moved.value;
  return {
    name,
    write: writeChunked(request.cookies, name, moved.value, { ...attributes, expires: moved.expires }),
    expire,
  };
}

const CHUNK = /^(.*)\.\d+$/;

/** The action's result with the move's cookies: the old ones expired, the new one unless the action set it. */
export function withMovedSession(result: ResponseInternal, move: LegacySessionMove): ResponseInternal {
  const own = result.cookies ?? [];
  const setsSession = own.some((cookie) => cookie.name === move.name || CHUNK.exec(cookie.name)?.[1] === move.name);
  return { ...result, cookies: [...own, ...move.expire, ...(setsSession ? [] : move.write)] };
}
