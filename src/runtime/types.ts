/**
 * Public types of the runtime: the records, the configuration object, providers, the adapter contract,
 * callbacks and events, in the spec's own words. Read this file as a user would; it is the product. The
 * records and the adapter contract (types-records.ts), what every provider is (types-provider.ts), the
 * internal result (types-result.ts) and the email, passkey and password providers (types-email.ts,
 * types-webauthn.ts, types-password.ts)
 * have files of their own, below this one, and every name of theirs is exported here. Three values live
 * here too, symbols the config and the providers carry (`raw`, `skipCSRFCheck`, and `customFetch`, declared in
 * types-provider.ts): a module of types that the request path loads anyway, so the markers cost no module of their own.
 */
import type { RateLimitOptions } from "./rate-limit/options.js";
import type { EmailConfig } from "./types-email.js";
import type { InputLimits } from "./types-limits.js";
import type { PasswordConfig } from "./types-password.js";
import { type CommonProviderOptions, customFetch, type ProviderStyleOption } from "./types-provider.js";
import type {
  Account,
  Adapter,
  AdapterSession,
  AdapterUser,
  AuthorizationDetails,
  Awaitable,
  DefaultSession,
  JWT,
  Profile,
  Session,
  User,
} from "./types-records.js";
import type { CookieOption, Theme } from "./types-result.js";
import type { WebAuthnConfig } from "./types-webauthn.js";

export type * from "./types-limits.js";
export type * from "./types-provider.js";
export type * from "./types-records.js";
export type * from "./types-result.js";

/** Every action served under the base path. */
export type AuthAction =
  | "callback"
  | "csrf"
  | "error"
  | "providers"
  | "session"
  | "signin"
  | "signout"
  | "verify-request"
  | "webauthn-options"
  // The password provider's (docs/passwords.md, "HTTP surface").
  | "signup"
  | "forgot-password"
  | "reset-password"
  | "change-password"
  | "verify-email";

// ─── Providers ────────────────────────────────────────────────────────────────────────────────────

export type CredentialInput = { label?: string; type?: string; placeholder?: string; value?: string } & Record<
  string,
  unknown
>;

export type OAuthCheck = "pkce" | "state" | "nonce" | "none";

// `customFetch` is declared beside what every provider is (types-provider.ts): OAuth and HTTP email providers carry it.
export { customFetch } from "./types-provider.js";

export interface EndpointConfig {
  url?: string;
  params?: Record<string, string>;
}

/**
 * The authorization endpoint. `clientIdParameter` names the query parameter the client id goes in when the
 * server reads it from another than RFC 6749's `client_id` (TikTok's `client_key`, WeChat's `appid`).
 */
export interface AuthorizationEndpointConfig extends EndpointConfig {
  clientIdParameter?: string;
}

/**
 * The token endpoint. `encoding` says how its request parameters are sent: `form`
 * (`application/x-www-form-urlencoded`, RFC 6749 §4.1.3; the default) or `json` (`application/json`, for the
 * servers that document a JSON body, such as Atlassian and Notion). Client authentication is unchanged.
 */
export interface TokenEndpointConfig extends EndpointConfig {
  encoding?: "form" | "json";
  /**
   * Parameters of the authorization response the code exchange carries on, beside RFC 6749's `code`: VK ID
   * answers with a `device_id` (and wants `state` back) that its token endpoint requires. Absent ones are
   * left out; values come only from a response whose state already checked out.
   */
  fromCallback?: string[];
  /**
   * For a token endpoint that is not RFC 6749's (other parameter names, a GET, an answer without
   * `token_type` or with errors under HTTP 200): sends the token request itself, the code exchange and the
   * refresh alike, and returns the answer shaped as RFC 6749 §5.1 (success) or §5.2 (error) says, which is
   * then checked as any token response. `parameters` are the standard request's, the client credentials
   * included when they travel in the body; `headers` carry them when they go in Basic authentication.
   */
  request?(context: {
    url: URL;
    parameters: URLSearchParams;
    headers: Headers;
    fetch: typeof fetch;
  }): Promise<Response>;
}

/**
 * The userinfo endpoint, optionally with a provider-specific `request` that builds the profile itself (for
 * APIs that are not OIDC userinfo, e.g. GitHub's `/user` plus `/user/emails`). `url` is the resolved userinfo
 * URL; `fetch` is the provider's own (`customFetch`), so tests and proxies see every call. `provider` carries
 * the client's id and secret for the APIs that want them beside the access token (HubSpot's introspection).
 */
export interface UserinfoEndpointConfig<P extends object = Profile> extends EndpointConfig {
  /** Returns the provider's profile, the object its `profile` mapping is then called with. */
  request?(context: {
    tokens: TokenSet;
    url: URL | undefined;
    provider: Pick<OAuthConfig, "id" | "name" | "type" | "clientId" | "clientSecret">;
    fetch: typeof fetch;
  }): Awaitable<P>;
}

export interface TokenSet {
  access_token?: string;
  token_type?: string;
  id_token?: string;
  refresh_token?: string;
  expires_in?: number;
  expires_at?: number;
  scope?: string;
  authorization_details?: AuthorizationDetails[];
  [key: string]: unknown;
}

/**
 * An OAuth 2.0 or OpenID Connect provider whose profile (the ID token's claims, the userinfo answer or what
 * `userinfo.request` returns) has the shape `P`: the provider's own type for a catalog provider (`GitHub()`
 * is an `OAuthConfig<GitHubProfile>`, so a custom `profile` is typed with GitHub's fields), `Profile` for
 * `OAuth()` and `OIDC()`. A bare `OAuthConfig` is an OAuth provider of any profile type.
 */
export interface OAuthConfig<P extends object = object> extends CommonProviderOptions {
  type: "oauth" | "oidc";
  /** OIDC issuer: endpoints are discovered from `<issuer>/.well-known/openid-configuration`. */
  issuer?: string;
  wellKnown?: string;
  authorization?: string | AuthorizationEndpointConfig;
  token?: string | TokenEndpointConfig;
  userinfo?: string | UserinfoEndpointConfig<P>;
  clientId?: string;
  clientSecret?: string;
  /**
   * How the client authenticates at the token endpoint (default `client_secret_basic`), and the algorithm
   * its ID tokens are signed with when the server's metadata does not say it (RFC 7591 client metadata):
   * LINE signs a web login's ID token HS256 with the channel secret while its discovery lists only ES256.
   */
  client?: {
    token_endpoint_auth_method?: "client_secret_basic" | "client_secret_post" | "none";
    id_token_signed_response_alg?: string;
  };
  /** Checks performed on the callback. Default `["pkce"]` for oauth, `["pkce", "nonce"]` for oidc. */
  checks?: OAuthCheck[];
  /**
   * Maps the identity provider's profile to the user record. A method, so its parameter is compared
   * bivariantly: every `OAuthConfig<GitHubProfile>` is an `OAuthConfig`. That is sound in use because the
   * core calls it only with what this provider's own endpoint answered, the shape `P` describes.
   */
  profile?(profile: P, tokens: TokenSet): Awaitable<User>;
  redirectProxyUrl?: string;
  /** Skip the ID token's claims and read the profile from userinfo instead (oidc only). */
  idToken?: boolean;
  /**
   * This provider verifies the addresses it asserts; its `email_verified: true` proves the address. Only then
   * is a user it creates marked verified (`emailVerified`), and only then may
   * `allowDangerousEmailAccountLinking` join an existing user by address. Default `false` (Google and Apple
   * set it). See docs/database-sessions.md.
   */
  trustEmailVerified?: boolean;
  allowDangerousEmailAccountLinking?: boolean;
  /**
   * Dangerous: link a new account of this provider to whoever is signed in, without a link the user started
   * (the reference's behaviour). A session cookie planted in the victim's browser (a sibling subdomain can
   * set one over http, or with a `domain` cookie) then receives the victim's account. Default `false`; see
   * docs/linking.md before turning it on.
   */
  allowDangerousSessionLinking?: boolean;
  /** Its button on the built-in sign-in page: mark and colours (ProviderStyle). */
  style?: ProviderStyleOption;
  [customFetch]?: typeof fetch;
}

export interface CredentialsConfig<C extends Record<string, CredentialInput> = Record<string, CredentialInput>>
  extends CommonProviderOptions {
  type: "credentials";
  credentials: C;
  /** Returns the user, or null to reject. Throw `CredentialsSignin` with a safe `code` to say why. */
  authorize: (credentials: Partial<Record<keyof C, unknown>>, request: Request) => Awaitable<User | null>;
}

export type {
  PasswordActions,
  PasswordConfig,
  PasswordMail,
  PasswordMailKind,
  PasswordUserConfig,
} from "./types-password.js";
// Email and WebAuthn provider shapes live in their own files (one job each); re-exported here.
export type { EmailConfig, WebAuthnConfig };

/**
 * How `providers` accepts an OAuth provider of any profile type `P` while a provider written inline still
 * gets its `profile` parameter typed as `Profile`: TypeScript types an inline function from a union only
 * when a single member offers a signature, so here `profile` and the userinfo `request` are typed only as
 * present. Every `OAuthConfig<P>` is one of these; the core calls them as the provider declared them.
 */
export interface AnyOAuthConfig extends Omit<OAuthConfig, "profile" | "userinfo"> {
  profile?: object;
  userinfo?: string | (EndpointConfig & { request?: object });
}

export type Provider =
  | OAuthConfig<Profile>
  | AnyOAuthConfig
  | CredentialsConfig
  | EmailConfig
  | WebAuthnConfig
  | PasswordConfig;

// ─── Callbacks and events ─────────────────────────────────────────────────────────────────────────

/** The `jwt` callback at sign-in: `signUp` when the adapter created the user just now, else `signIn`. */
export type JWTSignInParams = {
  trigger: "signIn" | "signUp";
  /** `name`, `email`, `picture` and `sub` (the user's id) of the user who signed in. */
  token: JWT;
  /** The adapter's user with an adapter (credentials sign-ins excepted); else what the provider described. */
  user: User | AdapterUser;
  account: Account;
  /** The provider's profile: OAuth and OIDC sign-ins only. */
  profile?: Profile;
  /** @deprecated use `trigger === "signUp"`. Set only where an adapter is involved. */
  isNewUser?: boolean;
  session?: undefined;
};

/** The `jwt` callback on a session update (`POST /session`, the client's `update(data)`). */
export type JWTUpdateParams = {
  trigger: "update";
  token: JWT;
  /** The data the client sent. Untrusted: validate it before you copy anything into the token. */
  session: unknown;
  user?: undefined;
  account?: undefined;
  profile?: undefined;
  isNewUser?: undefined;
};

/** The `jwt` callback on a session read: only the decoded token. */
export type JWTReadParams = {
  trigger?: undefined;
  token: JWT;
  user?: undefined;
  account?: undefined;
  profile?: undefined;
  isNewUser?: undefined;
  session?: undefined;
};

export type JWTCallbackParams = JWTSignInParams | JWTUpdateParams | JWTReadParams;

/** The `session` callback with the `jwt` strategy (an update reaches the `jwt` callback, not this one). */
export type SessionJWTParams = {
  session: Session;
  /** What the `jwt` callback returned. */
  token: JWT;
  user?: undefined;
  trigger?: undefined;
  newSession?: undefined;
};

/** The `session` callback with the `database` strategy, on a read. */
export type SessionDatabaseParams = {
  session: Session;
  user: AdapterUser;
  token?: undefined;
  trigger?: undefined;
  newSession?: undefined;
};

/** The `session` callback with the `database` strategy, on a session update. */
export type SessionDatabaseUpdateParams = {
  session: Session;
  user: AdapterUser;
  trigger: "update";
  /** The data the client sent. Untrusted: validate it. */
  newSession: unknown;
  token?: undefined;
};

export type SessionCallbackParams = SessionJWTParams | SessionDatabaseParams | SessionDatabaseUpdateParams;

export interface CallbacksOptions {
  signIn?: (params: {
    user: User | AdapterUser;
    account: Account | null;
    profile?: Profile;
    email?: { verificationRequest?: boolean };
    credentials?: Record<string, unknown>;
  }) => Awaitable<boolean | string>;
  redirect?: (params: { url: string; baseUrl: string }) => Awaitable<string>;
  /**
   * Runs when a JWT session is created (`trigger: "signIn"` or `"signUp"`, with the user, account and
   * profile) and on every read of it (no trigger, only the token; `trigger: "update"` with the client's
   * data on a session update). Check `trigger` to reach the fields of that case. Returning null ends the
   * session.
   */
  jwt?: (params: JWTCallbackParams) => Awaitable<JWT | null>;
  /**
   * Runs on every session read; what it returns is what the client sees. With the `jwt` strategy it gets
   * the token; with `database` the stored user (and, on a session update, `trigger: "update"` with the
   * client's data). Check `params.token` (or `params.user`) to reach the fields of that case.
   */
  session?: (params: SessionCallbackParams) => Awaitable<Session | DefaultSession>;
  /** Next.js middleware only: `true` authorizes, a falsy value redirects to sign-in, a Response overrides. */
  authorized?: (params: { auth: Session | null; request: Request }) => unknown;
}

export interface EventsOptions {
  signIn?: (message: {
    user: User;
    account: Account | null;
    profile?: Profile;
    isNewUser?: boolean;
  }) => Awaitable<void>;
  signOut?: (message: { session: AdapterSession | null | undefined } | { token: JWT | null }) => Awaitable<void>;
  createUser?: (message: { user: User }) => Awaitable<void>;
  updateUser?: (message: { user: User }) => Awaitable<void>;
  linkAccount?: (message: {
    user: User | AdapterUser;
    account: Account;
    profile: User | AdapterUser;
  }) => Awaitable<void>;
  /** `token` with JWT sessions; database sessions have none (their row is in `session`). */
  session?: (message: { session: Session; token?: JWT }) => Awaitable<void>;
}

// ─── Cookies, pages, theme, logger, JWT options ──────────────────────────────────────────────────

export interface CookiesOptions {
  sessionToken: CookieOption;
  callbackUrl: CookieOption;
  csrfToken: CookieOption;
  pkceCodeVerifier: CookieOption;
  state: CookieOption;
  nonce: CookieOption;
  webauthnChallenge: CookieOption;
  /** The link a signed-in user started (core/account/link-intent.ts): sealed, single-use, 15 minutes. */
  linkIntent: CookieOption;
}

export interface PagesOptions {
  signIn: string;
  signOut: string;
  error: string;
  verifyRequest: string;
  newUser: string;
  /** The password provider's pages (docs/passwords.md): each replaces the built-in one at `<basePath>/<action>`. */
  signUp: string;
  forgotPassword: string;
  resetPassword: string;
  verifyEmail: string;
  changePassword: string;
}

export interface LoggerInstance {
  error: (error: Error) => void;
  warn: (code: string, ...message: unknown[]) => void;
  debug: (code: string, ...message: unknown[]) => void;
}

export interface JWTEncodeParams<Payload = JWT> {
  token?: Payload;
  salt: string;
  secret: string | string[];
  /** Seconds from now. Default 30 days. */
  maxAge?: number;
}

export interface JWTDecodeParams {
  token?: string;
  salt: string;
  secret: string | string[];
}

export interface JWTOptions {
  maxAge: number;
  encode: (params: JWTEncodeParams) => Awaitable<string>;
  decode: (params: JWTDecodeParams) => Awaitable<JWT | null>;
}

/** Pass as `config.raw` to get the internal response object instead of a Response. */
export const raw: unique symbol = Symbol("create-auth.raw");
/** Pass as `config.skipCSRFCheck` when the framework already protects these requests against CSRF. */
export const skipCSRFCheck: unique symbol = Symbol("create-auth.skipCSRFCheck");

/** Marker making `Auth` return the internal response object instead of a Response (the `raw` value). */
export type RawMarker = typeof raw;
/** Marker for framework authors that do their own CSRF protection (the `skipCSRFCheck` value). */
export type SkipCSRFCheckMarker = typeof skipCSRFCheck;

// ─── Configuration ───────────────────────────────────────────────────────────────────────────────

export interface AuthConfig {
  providers: Array<Provider | ((options?: never) => Provider)>;
  adapter?: Adapter;
  basePath?: string;
  secret?: string | string[];
  session?: {
    strategy?: "jwt" | "database";
    maxAge?: number;
    updateAge?: number;
    /**
     * JWT sessions with an adapter: how long (seconds) a check that the session's user and sign-in account
     * are unchanged is trusted in one process before the adapter is asked again. Default 5; 0 asks on every
     * read. See core/session/follow-user.ts.
     */
    revalidateAge?: number;
    generateSessionToken?: () => string;
  };
  /**
   * Linking a sign-in method to the signed-in user (`signIn(provider, { link: true })`; docs/linking.md).
   * `maxAuthAge`: how recent the session's sign-in must be to start a link, in seconds (default 600); an
   * older session is sent to sign in again (`error=AccountLinkRefused&code=reauthenticate`).
   */
  linking?: { maxAuthAge?: number };
  jwt?: Partial<JWTOptions>;
  callbacks?: CallbacksOptions;
  events?: EventsOptions;
  cookies?: Partial<{ [K in keyof CookiesOptions]: Partial<CookieOption> }>;
  pages?: Partial<PagesOptions>;
  logger?: Partial<LoggerInstance>;
  debug?: boolean;
  theme?: Theme;
  experimental?: { enableWebAuthn?: boolean };
  /** Bounds on what one request may send (docs/configuration.md, Limits). */
  limits?: InputLimits;
  /**
   * Rate limits on sign-in, sign-up, reset and every path that sends mail (docs/rate-limits.md): on by default
   * with an in-memory store; `{ store: createRedisStore(client) }` or `{ store: "database" }` (the adapter's
   * takeRateLimit/resetRateLimit) for several instances, `trustedIpHeader` behind proxies, `rules` to change
   * one. `false` turns them off (warned once).
   */
  rateLimit?: RateLimitOptions | false;
  redirectProxyUrl?: string;
  trustHost?: boolean;
  useSecureCookies?: boolean;
  skipCSRFCheck?: SkipCSRFCheckMarker;
  raw?: RawMarker;
}
