/**
 * JWT sessions follow the stored user (issue 21, "sessions follow the account"). A JWT lives in the browser
 * until it expires (30 days by default), so without this a session keeps presenting what was true at its
 * sign-in: an address the runtime has since taken away from an unproved holder (the "unexpired session" of
 * Sudhodanan & Paverd, USENIX Security 2022), a user the app deleted, or an account the app unlinked.
 *
 * A session started through the adapter records what it was started with (`sign_in`: the provider, the
 * account's id at that provider, the address the user had; for a password sign-in, a fingerprint of the
 * stored hash, so a password reset or change ends every JWT session started with the old one). At a read it is checked against the adapter:
 * the user still exists, still has that address, and the account still belongs to that user. Anything else
 * and the session is refused (signed out, cookie cleared): the person signs in again and gets what is true now.
 *
 * Not a database read per request: a check that passed is remembered in this process for
 * `session.revalidateAge` seconds (default 5), per user and sign-in. A change this process makes itself
 * (detaching an address, linking) forgets that user's checks at once (`endSessionsOf`); other processes see
 * it within `revalidateAge`. A session without `sign_in` (credentials, no adapter, or one made by @auth/core)
 * has no stored user to follow and is not checked. Database sessions are not checked: every read joins the
 * live user row, deleting a user deletes its sessions, and `endSessionsOf` deletes them on the runtime's own
 * changes.
 */
import type { Account, JWT, User } from "../../types.js";
import { adapterMethod } from "../account/adapter-method.js";
import type { InternalOptions } from "../internal.js";
import { passwordFingerprint } from "../password/fingerprint.js";

/** What a JWT session records of the sign-in that started it, when that went through the adapter. */
export interface SignInRecord {
  type: Account["type"];
  provider: string;
  providerAccountId: string;
  /** The user's address at the sign-in (null: none). */
  email: string | null;
  /** A password sign-in's fingerprint of the stored hash: the session ends when the password changes. */
  credential?: string;
}

/** The `sign_in` claim for a session started with `account` as `user`. */
export function signInRecord(user: User, account: Account, credential?: string): SignInRecord {
  const { type, provider, providerAccountId } = account;
  const record: SignInRecord = { type, provider, providerAccountId, email: user.email ?? null };
  if (credential !== undefined) record.credential = credential;
  return record;
}

function recordOf(token: JWT): SignInRecord | null {
  const value = token.sign_in as Partial<SignInRecord> | undefined;
  if (!value || typeof value.provider !== "string" || typeof value.providerAccountId !== "string") return null;
  const { type = "oauth", provider, providerAccountId, email = null, credential } = value;
  const record: SignInRecord = { type, provider, providerAccountId, email };
  if (typeof credential === "string") record.credential = credential;
  return record;
}

/** Checks that passed, by user and sign-in, with when; and when each user's checks were last forgotten. */
const passed = new Map<string, number>();
const forgotten = new Map<string, number>();
const MAX_REMEMBERED = 10_000;

function remember(map: Map<string, number>, key: string, at: number): void {
  if (map.size >= MAX_REMEMBERED) map.delete(map.keys().next().value as string);
  map.set(key, at);
}

/**
 * This process changed `userId` (took its address, linked a method): its JWT sessions are checked again at
 * their next read, and its database sessions are deleted where the adapter can (`deleteSessionsByUserId`;
 * without it, each presents the user row as it is now). A sign-in that made the change starts its own
 * session afterwards.
 */
export async function endSessionsOf(userId: string, options: InternalOptions): Promise<void> {
  remember(forgotten, userId, Date.now());
  await options.adapter?.deleteSessionsByUserId?.(userId);
}

/** Whether the user and account behind `record` are still what the session says, asked of the adapter. */
async function holds(userId: string, record: SignInRecord, options: InternalOptions): Promise<boolean> {
  const user = await adapterMethod(options.adapter, "getUser")(userId);
  if (!user || (user.email ?? null) !== record.email) return false;
  // An email sign-in's account is the address itself, which the line above has checked.
  if (record.type === "email") return true;
  // A password sign-in's account is the stored hash: a reset or change replaced it, and ended this session.
  if (record.type === "password") {
    const stored = await adapterMethod(options.adapter, "getPasswordHash")(userId);
    return typeof stored === "string" && record.credential === (await passwordFingerprint(stored));
  }
  const { provider, providerAccountId } = record;
  const owner = await adapterMethod(options.adapter, "getUserByAccount")({ provider, providerAccountId });
  return owner?.id === userId;
}

/**
 * Whether `token` may still be presented: true for a session that follows no stored user, or whose user
 * and sign-in account are still as recorded (checked at most every `session.revalidateAge` seconds).
 */
export async function followsUser(token: JWT, options: InternalOptions): Promise<boolean> {
  const record = recordOf(token);
  if (!record || !options.adapter || typeof token.sub !== "string") return true;
  const userId = token.sub;
  // The credential too: a session with the old password must not pass on the new one's remembered check.
  const key = `${userId}\n${record.provider}\n${record.providerAccountId}\n${record.email ?? ""}\n${record.credential ?? ""}`;
  const now = Date.now();
  const checkedAt = passed.get(key);
  const fresh = checkedAt !== undefined && now - checkedAt < options.session.revalidateAge * 1000;
  if (fresh && checkedAt > (forgotten.get(userId) ?? 0)) return true;
  if (!(await holds(userId, record, options))) {
    passed.delete(key);
    return false;
  }
  remember(passed, key, now);
  return true;
}
