/**
 * The email provider's configuration (magic links): who sends the mail, how long a link lives, how an
 * address is normalised, and the function that delivers the link.
 */
import type { CommonProviderOptions, customFetch, ProviderAction } from "./types-provider.js";
import type { Awaitable } from "./types-records.js";
import type { Theme } from "./types-result.js";

/** What `sendVerificationRequest` receives: everything needed to deliver one sign-in link. */
export interface SendVerificationRequestParams {
  /** The normalised email address the link is for. */
  identifier: string;
  /** The sign-in link: `<origin><basePath>/callback/<id>?callbackUrl=…&token=…&email=…`. */
  url: string;
  /** When the link stops working. */
  expires: Date;
  provider: EmailConfig;
  /** The plain token inside the link (only its hash is stored). */
  token: string;
  theme: Theme;
  /** The sign-in request. Anything read from it is attacker-supplied: never echo it into the mail. */
  request: Request;
}

/**
 * Where nodemailer delivers: an SMTP URL (`smtp://user:pass@smtp.example.com:587`, `smtps://…`) or the
 * options object of a nodemailer transport (`{ host, port, secure, auth: { user, pass }, … }`).
 */
export type EmailServer =
  | string
  | {
      host?: string;
      port?: number;
      secure?: boolean;
      auth?: { user?: string; pass?: string; [option: string]: unknown };
      [option: string]: unknown;
    };

/**
 * The email provider's own actions, the two halves of a magic-link sign-in. The core reaches them only
 * through `EmailConfig.actions`, so they travel with the provider, not with the core. What they are handed
 * (the action's context, the provider as resolved) is the core's own: it names those types
 * (core/provider-loader.ts), so that these public types import nothing of the core.
 */
export interface EmailActions<Context = unknown, Provider = unknown> {
  /** `POST /signin/<id>`: stores a single-use token for the address and mails the link holding it. */
  signIn: ProviderAction<Context, Provider>;
  /** `GET /callback/<id>?token=…&email=…`: consumes the link's token and signs in. */
  callback: ProviderAction<Context, Provider>;
}

export interface EmailConfig extends CommonProviderOptions {
  type: "email";
  /** The sender, e.g. `"Example <no-reply@example.com>"`. */
  from?: string;
  /** Lifetime of a sign-in link in seconds. Default 86400 (24 hours). */
  maxAge?: number;
  /** The nodemailer provider's transport (ignored by a custom `sendVerificationRequest` unless it reads it). */
  server?: EmailServer;
  /** An API key for HTTP email services (resend, sendgrid, …); inferred from `AUTH_<ID>_KEY`. */
  apiKey?: string;
  /** Delivers the link. A throw (or rejection) ends the sign-in with `EmailSignInError`. */
  sendVerificationRequest: (params: SendVerificationRequestParams) => Awaitable<void>;
  /** The token inside the link. Default: 32 random bytes as 64 hex characters. */
  generateVerificationToken?: () => Awaitable<string>;
  /**
   * Turns what the user typed into the address links are sent to and users are found by; replaces the
   * default (NFKC, trim, lower-case, one plain address). Throw to reject the input.
   */
  normalizeIdentifier?: (identifier: string) => string;
  /** Hashes stored tokens instead of the configured `secret`. */
  secret?: string;
  /** The options the provider was created with. */
  options?: EmailUserConfig;
  /**
   * Loads the provider's actions. Set by the `email()`, `nodemailer()` and HTTP sender factories, which import them
   * on the first email sign-in: an app without an email provider never loads them, nor holds them in the runtime
   * package the CLI writes.
   */
  actions: () => Promise<EmailActions>;
  /** The `fetch` an HTTP email provider sends with (a proxy, a test's stand-in); default the global one. */
  [customFetch]?: typeof fetch;
}

/** What the `email` and `nodemailer` factories accept. */
export type EmailUserConfig = Partial<Omit<EmailConfig, "type" | "options" | "actions">>;
