/**
 * The stored user a credentials sign-in starts a database session for. `authorize` vouches for someone by the
 * id it returns, and with database sessions that id names a user behind the adapter (the app's `users`
 * table): found with `getUser`, or created on the first sign-in with `createUser`. Nothing is linked (no
 * `accounts` row): the password lives wherever `authorize` reads it, and the user's id is the whole key.
 *
 * A password proves nothing about an address (core/account/email-proof.ts), so nothing is ever joined through
 * one: the house rule is that no account is reachable through an address nobody proved.
 * - A user created here keeps `emailVerified: null`; a later proof of the address (an email link, a trusted
 *   provider) detaches it from the address like any unproved holder (core/account/resolve-user.ts).
 * - The id names a stored user with another address than `authorize` returned: `AccessDenied` (the ids of
 *   `authorize` and of the users table disagree about who this is, e.g. a password store with ids of its own).
 * - The id is unknown and another user holds the address: `AccountNotLinked` (that user signs in the way they
 *   did before; a password never joins them, which would hand their user to whoever knows it).
 * - `authorize` returned no usable id (none, empty, an object, longer than a key column holds):
 *   `CallbackRouteError`, a Configuration error whose log says what to return. Making one up, as JWT sessions
 *   may, would create a new user at every sign-in.
 */
import { AccessDenied, AccountNotLinked, CallbackRouteError } from "../../errors.js";
import type { AdapterUser, User } from "../../types.js";
import { emailAddressOrNull } from "../email/normalize.js";
import type { InternalOptions } from "../internal.js";
import { adapterMethod } from "./adapter-method.js";
import type { ResolvedUser } from "./resolve-user.js";

/** The users table's key column holds this many characters in every dialect the CLI writes (VARCHAR(255)). */
const MAX_ID_LENGTH = 255;

/** A C0/C1 control character: no database key or log line should carry one. */
const CONTROL = /\p{Cc}/u;

function unusableId(providerId: string, why: string): CallbackRouteError {
  return new CallbackRouteError(
    `The credentials provider "${providerId}" returned a user ${why}. With database sessions, authorize must return the id of the user in your users table (a string of at most ${MAX_ID_LENGTH} characters, or an integer): it finds that user, or creates it at the first sign-in.`,
  );
}

/**
 * The id `authorize`'s user names a stored user by: a non-empty string (as it is, never trimmed: ids are
 * exact) or a whole number, written as text as every built-in adapter keys users. Throws `CallbackRouteError`.
 */
export function credentialsUserId(user: User, providerId: string): string {
  const raw: unknown = (user as { id?: unknown }).id;
  let id: string;
  if (typeof raw === "string") id = raw;
  else if (typeof raw === "number" && Number.isSafeInteger(raw)) id = String(raw);
  else if (typeof raw === "bigint") id = raw.toString();
  else if (raw === undefined || raw === null) throw unusableId(providerId, "without an id");
  else throw unusableId(providerId, `whose id is not a string or an integer (${typeof raw})`);
  if (id === "") throw unusableId(providerId, "with an empty id");
  if (id.length > MAX_ID_LENGTH) throw unusableId(providerId, `with an id of ${id.length} characters`);
  if (CONTROL.test(id)) throw unusableId(providerId, "whose id contains control characters");
  return id;
}

/** `authorize`'s address by the one address rule (core/email/normalize.ts): anything it refuses is none. */
function addressOf(user: User): string | null {
  return emailAddressOrNull(user.email);
}

/** A stored address as the rule writes it, so `Ada@Example.test` stored by the app equals what authorize says. */
function storedAddress(user: AdapterUser): string | null {
  if (user.email === null || user.email === undefined) return null;
  return emailAddressOrNull(user.email) ?? user.email;
}

/**
 * The stored user `authorize`'s id names, or null when there is none yet. Reads only (the `signIn` callback
 * sees this user before anything is written). An address `authorize` returned must be the stored user's,
 * when that user has one: a stored user without an address (never given one, or detached from it by a later
 * proof) signs in as the user it is, and keeps no address.
 */
export async function storedCredentialsUser(
  user: User & { id: string },
  options: InternalOptions,
): Promise<AdapterUser | null> {
  const stored = await adapterMethod(options.adapter, "getUser")(user.id);
  if (!stored) return null;
  const claimed = addressOf(user);
  const held = storedAddress(stored);
  if (claimed !== null && held !== null && claimed !== held) {
    throw new AccessDenied(
      `The credentials provider returned the id "${stored.id}" with another email address than that user's: a credentials sign-in never signs in as a user whose address does not match. Return the id your users table has for this person.`,
    );
  }
  return stored;
}

/** The fields of `authorize`'s user a new row takes: its text fields, never anything else it carries. */
function newUserRow(user: User & { id: string }, email: string | null): AdapterUser {
  const text = (value: unknown) => (typeof value === "string" ? value : null);
  return { id: user.id, name: text(user.name), email, image: text(user.image), emailVerified: null };
}

/**
 * The user the session is for: `stored` (storedCredentialsUser's answer), or a user created now. Another
 * user holding the address refuses the sign-in; a concurrent first sign-in that created the same id first is
 * that user.
 */
export async function credentialsUser(
  user: User & { id: string },
  stored: AdapterUser | null,
  options: InternalOptions,
): Promise<ResolvedUser> {
  if (stored) return { user: stored, isNewUser: false };
  const { adapter, events } = options;
  const email = addressOf(user);
  if (email !== null && (await adapterMethod(adapter, "getUserByEmail")(email))) {
    throw new AccountNotLinked(
      "Another user already has this email address: a credentials sign-in never joins a user by address (a password proves nothing about one). That user signs in the way they did before.",
    );
  }
  let created: AdapterUser;
  try {
    created = await adapterMethod(adapter, "createUser")(newUserRow(user, email));
  } catch (error) {
    // Two first sign-ins at once: the one that lost finds the user the other created.
    const raced = await storedCredentialsUser(user, options).catch(() => null);
    if (raced) return { user: raced, isNewUser: false };
    throw error;
  }
  if (created.id !== user.id) {
    // An adapter that makes its own ids (an integer key) stored the user under one authorize does not know:
    // the next sign-in would not find it. Nothing half-made stays behind.
    await adapter?.deleteUser?.(created.id);
    throw new CallbackRouteError(
      `The adapter gives new users ids of its own ("${created.id}" instead of "${user.id}"), so a user created at a credentials sign-in could never be found again: create the user in your users table first (your sign-up), and return its id from authorize.`,
    );
  }
  await events.createUser?.({ user: created });
  return { user: created, isNewUser: true };
}
