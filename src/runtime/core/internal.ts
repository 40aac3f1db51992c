/**
 * The shapes the core passes between its stages: the parsed request, the options resolved once per
 * config, and the providers after defaults and env inference. Not part of the public surface.
 */
import type {
  Adapter,
  AuthAction,
  CallbacksOptions,
  CookieOption,
  CookiesOptions,
  CredentialsConfig,
  EmailConfig,
  EventsOptions,
  JWTOptions,
  LoggerInstance,
  OAuthConfig,
  PagesOptions,
  PasswordConfig,
  Theme,
  TokenEndpointConfig,
  UserinfoEndpointConfig,
  WebAuthnConfig,
} from "../types.js";
import type { RateLimits } from "./limits/settings.js";

/** The request after parsing: everything an action needs, nothing framework-specific. */
export interface RequestInternal {
  url: URL;
  method: "GET" | "POST";
  action: AuthAction;
  providerId?: string;
  headers: Headers;
  /** Cookies by name (chunked cookies are still separate here). */
  cookies: Record<string, string>;
  /** JSON or form body, flattened to strings. */
  body?: Record<string, string>;
  /** The body as parsed, JSON values kept (the session update's `data` is an object). */
  rawBody?: Record<string, unknown>;
  query: Record<string, string>;
  /**
   * Names given more than once in the query or the form body (the records above keep one value each). Set
   * only when there are any: an authorization response must not repeat a parameter (RFC 6749 §3.1).
   */
  repeated?: string[];
  error?: string;
  /** The original web Request, handed to `authorize` and `authorized`. */
  request: Request;
  /**
   * The socket peer's address the integration recorded for the request (core/limits/client-address.ts), read
   * when it was parsed: the rate limits key on it without making `request`, which for a POST is rebuilt from
   * the body's bytes (a Request, its stream and its AbortSignal: a tenth of a credentials sign-in).
   */
  clientAddress?: string;
}

/** An OAuth/OIDC provider with endpoints, client and checks resolved. */
export interface InternalOAuthProvider
  extends Omit<OAuthConfig, "authorization" | "token" | "userinfo" | "checks" | "profile"> {
  /** `url` is absent when discovery from `issuer` supplies it; `params` are extra authorization parameters. */
  authorization?: { url?: URL; params?: Record<string, string>; clientIdParameter?: string };
  token?: {
    url?: URL;
    params?: Record<string, string>;
    encoding?: TokenEndpointConfig["encoding"];
    request?: TokenEndpointConfig["request"];
    fromCallback?: TokenEndpointConfig["fromCallback"];
  };
  userinfo?: { url?: URL; params?: Record<string, string>; request?: UserinfoEndpointConfig["request"] };
  checks: Array<"pkce" | "state" | "nonce" | "none">;
  profile: NonNullable<OAuthConfig["profile"]>;
  clientId: string;
  clientSecret?: string;
  /** `<origin><basePath>/callback/<id>`, or the redirect proxy URL. */
  callbackUrl: string;
  signinUrl: string;
}

/** An email provider as the actions read it: its link lifetime resolved (core/providers.ts) and its URLs. */
export type InternalEmailProvider = EmailConfig & { callbackUrl: string; signinUrl: string };

export type InternalWebAuthnProvider = WebAuthnConfig & { callbackUrl: string; signinUrl: string };

export type InternalPasswordProvider = PasswordConfig & { callbackUrl: string; signinUrl: string };

export type InternalProvider =
  | InternalOAuthProvider
  | (CredentialsConfig & { callbackUrl: string; signinUrl: string })
  | InternalEmailProvider
  | InternalWebAuthnProvider
  | InternalPasswordProvider;

/** Options resolved once per (config, request origin): what every action reads. */
export interface InternalOptions {
  url: URL; // origin + basePath
  basePath: string;
  action: AuthAction;
  provider?: InternalProvider;
  providers: InternalProvider[];
  secret: string[];
  /** Whether secure cookies (`__Secure-`/`__Host-` prefixes) are used. */
  useSecureCookies: boolean;
  cookies: CookiesOptions;
  session: {
    strategy: "jwt" | "database";
    maxAge: number;
    updateAge: number;
    revalidateAge: number;
    generateSessionToken: () => string;
  };
  /** `maxAuthAge` in seconds, resolved (core/account/link-intent.ts). */
  linking: { maxAuthAge: number };
  jwt: JWTOptions;
  callbacks: Required<Omit<CallbacksOptions, "authorized">>;
  events: EventsOptions;
  adapter?: Adapter;
  pages: Partial<PagesOptions>;
  theme: Theme;
  logger: LoggerInstance;
  debug: boolean;
  redirectProxyUrl?: string;
  isOnRedirectProxy: boolean;
  /** The sanitized callback URL for this request (query/body/cookie, passed through `callbacks.redirect`). */
  callbackUrl: string;
  csrfToken?: string;
  csrfTokenVerified: boolean;
  experimental: { enableWebAuthn?: boolean };
  /** The `rateLimit` option, resolved once per app (core/limits/settings.ts); absent: nothing is limited. */
  rateLimits?: RateLimits;
}

export type { CookieOption };
