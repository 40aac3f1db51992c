/**
 * The `password` provider's configuration (email and password accounts: sign-up, sign-in, verification,
 * reset, change): who sends its mail, how long its links live, the hashing and policy settings it hands to
 * `password/` (types only: nothing here loads them), and the loader of its actions. The flows themselves are core/password/ (docs/passwords.md).
 */
import type { PasswordHasherOptions } from "./password/hasher.js";
import type { PasswordPolicyOptions } from "./password/policy.js";
import type { EmailServer } from "./types-email.js";
import type { CommonProviderOptions, ProviderAction } from "./types-provider.js";
import type { Awaitable } from "./types-records.js";
import type { Theme } from "./types-result.js";

/** Which mail the provider sends: the address proof, the reset link, or the notice to an owner. */
export type PasswordMailKind = "verify-email" | "reset-password" | "account-exists";

/** One mail, rendered: what `sendMail` receives. Its only variable content is `url` (and `links`). */
export interface PasswordMail {
  kind: PasswordMailKind;
  /** The normalised address it goes to. */
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The link the mail is about: the verification page (`verify-email`), the reset page (`reset-password`),
   * or the sign-in page (`account-exists`, which also links the forgot-password page).
   */
  url: string;
  /** When `url`'s token stops working (absent for `account-exists`, which carries no token). */
  expires?: Date;
  theme: Theme;
}

/**
 * The provider's actions as the core calls them. The core reaches them only through `PasswordConfig.actions`
 * (core/provider-loader.ts), which names what they are handed, so these public types import nothing of it.
 */
export interface PasswordActions<Context = unknown, Provider = unknown> {
  /** `POST /callback/<id>`: email and password (and a verification token from the mail). */
  signIn: ProviderAction<Context, Provider>;
  /** `POST /signup/<id>`. */
  signUp: ProviderAction<Context, Provider>;
  /** `POST /forgot-password/<id>`. */
  forgotPassword: ProviderAction<Context, Provider>;
  /** `POST /reset-password/<id>`. */
  resetPassword: ProviderAction<Context, Provider>;
  /** `POST /change-password/<id>`. */
  changePassword: ProviderAction<Context, Provider>;
  /** `GET /signup`, `/forgot-password`, `/reset-password`, `/verify-email`, `/change-password`: the pages. */
  page: ProviderAction<Context, Provider>;
}

export interface PasswordConfig extends CommonProviderOptions {
  type: "password";
  /** The sender of every mail, e.g. `"Example <no-reply@example.com>"` (with `server`). */
  from?: string;
  /** Where nodemailer delivers (an SMTP URL or transport options), unless `sendMail` replaces it. */
  server?: EmailServer;
  /** Delivers one mail yourself (an HTTP email API, a queue). Default: nodemailer over `server`. */
  sendMail?: (mail: PasswordMail) => Awaitable<void>;
  /**
   * Mail is sent after the answer is decided, never awaited by it (the answer would otherwise take longer
   * when an account exists). On platforms that stop work when the response is sent (serverless functions),
   * hand the platform's `waitUntil` here (Vercel's `waitUntil`, a Cloudflare `ctx.waitUntil`).
   */
  waitUntil?: (work: Promise<unknown>) => void;
  /** Lifetime of a verification link in seconds. Default 86400 (24 hours). */
  verificationMaxAge?: number;
  /** Lifetime of a reset link in seconds. Default 3600 (1 hour). */
  resetMaxAge?: number;
  /** Hashing parameters and concurrency (docs/passwords.md, "Hashing"). Default: Argon2id at m = 64 MiB, t = 3. */
  hash?: PasswordHasherOptions;
  /** The password policy (docs/passwords.md, "Policy"). Default: NIST SP 800-63B-4's, offline list, no online check. */
  policy?: PasswordPolicyOptions;
  /** The options the provider was created with. */
  options?: PasswordUserConfig;
  /** Loads the provider's actions (core/password/), on the first request that needs them. */
  actions: () => Promise<PasswordActions>;
}

/** What the `password` factory accepts. */
export type PasswordUserConfig = Partial<Omit<PasswordConfig, "type" | "options" | "actions">>;
