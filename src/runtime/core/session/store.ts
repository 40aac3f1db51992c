/**
 * How actions keep a session, whatever the strategy: read it (running the jwt/session callbacks and
 * renewing the cookie), create it after a sign-in, and end it on sign-out. `jwt.ts` keeps it in an
 * encrypted cookie; `database.ts` keeps only a session token there and the session behind the adapter.
 */
import type { Account, AdapterSession, Cookie, JWT, Profile, Session, User } from "../../types.js";

export interface SessionRead {
  /** The client-visible session, or null when there is none (or it was invalid). */
  session: Session | null;
  cookies: Cookie[];
}

export interface SessionCreate {
  user: User;
  /** Every sign-in has one: the provider's account, or for credentials `{ type: "credentials", … }`. */
  account: Account;
  profile?: Profile;
  isNewUser?: boolean;
  /**
   * A password sign-in's fingerprint of the stored hash (core/password/fingerprint.ts): a JWT session records
   * it and is refused once the hash changes (a reset or change ends it). Database sessions are ended instead.
   */
  credential?: string;
}

/** The `signOut` event message: what was ended. */
export type SessionEnded = { token: JWT | null } | { session: AdapterSession | null | undefined };

/** Who a presented session is, and which session it is. */
export interface PresentedSession {
  userId: string;
  /**
   * When the session's user signed in (seconds since the epoch), carried from the sign-in through every
   * re-issue; null for a session that does not record it (one made by @auth/core, or by an app's own
   * `jwt` callback that dropped the claim), which therefore never counts as a recent sign-in.
   */
  authTime: number | null;
  /** Names this session and no other of the same user (a link intent is bound to it). Never sent to a client. */
  binding: string;
}

export interface SessionStore {
  /**
   * The caller's session. With `update`, the client's data reaches the callbacks (`trigger: "update"`).
   * Invalid or expired sessions read as null and their cookies are cleared; this never throws for them.
   */
  read(update?: { data: unknown }): Promise<SessionRead>;
  /**
   * The session this request presents, without running callbacks or touching cookies (so a link flow can
   * check who started it, and when they signed in); null when there is none, or it is invalid.
   */
  presented(): Promise<PresentedSession | null>;
  /** Starts a session for a user who just signed in; returns the cookies that carry it. */
  create(params: SessionCreate): Promise<{ cookies: Cookie[] }>;
  /**
   * Ends the caller's session; returns what ended (for `events.signOut`; absent when no session cookie
   * was presented, so nothing ended) and the cookies that clear it.
   */
  destroy(): Promise<{ ended?: SessionEnded; cookies: Cookie[] }>;
}
