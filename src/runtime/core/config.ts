/**
 * Resolves the user's AuthConfig, once per config object (cached in a WeakMap), before a request is parsed:
 * what parsing reads of it (core/request.ts RequestRules), the logger and every option that depends on the
 * config alone. `Auth` hands that one resolution on: to the parser, to the per-origin options (the provider
 * list, once per origin), to the checks (core/assert.ts) and to the error answers (core/errors.ts). The
 * per-request parts (action, provider, callback URL, CSRF state) are filled in by `init`.
 */
import { EventError } from "../errors.js";
import { decode, encode } from "../jwt.js";
import type { AuthConfig, EventsOptions, JWTOptions, LoggerInstance } from "../types.js";
import { bodyLimits } from "./body.js";
import { resolveCallbacks } from "./callbacks.js";
import { resolveCookies } from "./cookies/names.js";
import { randomHex } from "./crypto/random.js";
import { type ConfigWithEnv, deploymentUrl } from "./env.js";
import type { InternalOptions, RequestInternal } from "./internal.js";
import { resolveRateLimits } from "./limits/settings.js";
import { createLogger } from "./logger.js";
import { resolveProviders } from "./providers.js";
import { normalizeBasePath, type RequestRules } from "./request.js";
import { secretList } from "./secret.js";

const DEFAULT_MAX_AGE = 30 * 24 * 60 * 60;
const DEFAULT_UPDATE_AGE = 24 * 60 * 60;
/**
 * A JWT session's user is asked of the adapter at most this often (seconds) per process: a deleted user, a lost
 * address or an unlinked account ends its sessions within this, at one read per user and sign-in per interval.
 */
const DEFAULT_REVALIDATE_AGE = 5;
/**
 * A link needs a sign-in this recent (seconds): long enough to sign in and then add a method, short enough
 * that a session left open on a shared machine cannot be used to attach someone else's account to it
 * (OWASP Authentication Cheat Sheet, "reauthentication" before a sensitive change).
 */
const DEFAULT_LINK_MAX_AUTH_AGE = 10 * 60;

type StaticOptions = Omit<
  InternalOptions,
  | "url"
  | "action"
  | "provider"
  | "providers"
  | "useSecureCookies"
  | "cookies"
  | "callbackUrl"
  | "csrfToken"
  | "csrfTokenVerified"
  | "isOnRedirectProxy"
>;

/**
 * Every option but the per-request ones, for one origin: the same for every request a deployment serves.
 * A request's options are a clone of it (one spread: V8's fast object clone; a second spread into the same
 * literal takes a slow generic path that cost more than decrypting the session).
 */
type OriginOptions = InternalOptions;

/** One config object, resolved: what every request it serves shares. Made by resolveConfig, once per object. */
export interface ResolvedConfig {
  /** What parsing a request reads of the config (core/request.ts). */
  readonly rules: RequestRules;
  /** Every option but the per-origin and per-request ones. Shared: never mutate. */
  readonly static: StaticOptions;
  /**
   * Where a warning given once is remembered as given (core/assert.ts): the app's own logger object, else the
   * console. Not this resolution: an integration that builds a fresh config per request (Qwik) would repeat it.
   */
  readonly warnedAt: object;
  /** The config object itself, for the per-origin options (its providers, cookies, secure-cookie choice). */
  readonly config: AuthConfig;
  /** Per origin, for the last few origins this config served (usually exactly one). Shared: never mutate. */
  readonly origins: Map<string, OriginOptions>;
  /**
   * What the configuration checks (core/assert.ts) found for each origin in `origins`, null for nothing: they
   * read only the options of the origin, so every request after the first takes the answer from here.
   */
  readonly checks: Map<string, Error | null>;
}

const resolvedConfigs = new WeakMap<AuthConfig, ResolvedConfig>();
const MAX_ORIGINS = 8;

/**
 * The default database session token: 256 random bits as hex. A UUID carries only 122, below the 128
 * bits a bearer token that unlocks an account should have (OWASP session management guidance).
 */
function randomSessionToken(): string {
  return randomHex(32);
}

/** Events are for audit logging: a throwing handler is logged as EventError, never breaks the sign-in. */
function guardEvents(events: EventsOptions | undefined, logger: LoggerInstance): EventsOptions {
  const guarded: Record<string, (message: never) => Promise<void>> = {};
  for (const [name, handler] of Object.entries(events ?? {})) {
    if (typeof handler !== "function") continue;
    guarded[name] = async (message: never) => {
      try {
        await (handler as (message: never) => unknown)(message);
      } catch (error) {
        logger.error(new EventError(`The ${name} event handler threw.`, { cause: error }));
      }
    };
  }
  return guarded as EventsOptions;
}

/** What parsing reads: the base path in its one form, the body limits, and whom to believe about the origin. */
function requestRules(config: AuthConfig): RequestRules {
  return {
    basePath: normalizeBasePath(config.basePath),
    limits: bodyLimits(config.limits),
    trustHost: config.trustHost,
    deploymentUrl: (config as ConfigWithEnv)[deploymentUrl],
  };
}

function resolveStatic(config: AuthConfig, rules: RequestRules): StaticOptions {
  const logger = createLogger(config);
  const maxAge = config.session?.maxAge ?? DEFAULT_MAX_AGE;
  const jwt: JWTOptions = {
    maxAge: config.jwt?.maxAge ?? maxAge,
    encode: config.jwt?.encode ?? encode,
    decode: config.jwt?.decode ?? decode,
  };
  const options: StaticOptions = {
    basePath: rules.basePath,
    secret: secretList(config.secret),
    session: {
      strategy: config.session?.strategy ?? (config.adapter ? "database" : "jwt"),
      maxAge,
      updateAge: config.session?.updateAge ?? DEFAULT_UPDATE_AGE,
      revalidateAge: config.session?.revalidateAge ?? DEFAULT_REVALIDATE_AGE,
      generateSessionToken: config.session?.generateSessionToken ?? randomSessionToken,
    },
    linking: { maxAuthAge: config.linking?.maxAuthAge ?? DEFAULT_LINK_MAX_AUTH_AGE },
    jwt,
    callbacks: resolveCallbacks(config.callbacks),
    events: guardEvents(config.events, logger),
    pages: config.pages ?? {},
    theme: { colorScheme: "auto", ...config.theme },
    logger,
    debug: config.debug === true,
    experimental: config.experimental ?? {},
    rateLimits: resolveRateLimits(config, logger),
  };
  if (config.adapter) options.adapter = config.adapter;
  if (config.redirectProxyUrl) options.redirectProxyUrl = config.redirectProxyUrl;
  return options;
}

/**
 * `config` resolved, once per config object: the first request it serves resolves it, every later one (and
 * the server layer's reads of it) finds it here. Throws only what a bug would: nothing here reads the request.
 */
export function resolveConfig(config: AuthConfig): ResolvedConfig {
  let resolved = resolvedConfigs.get(config);
  if (!resolved) {
    const rules = requestRules(config);
    resolved = {
      rules,
      static: resolveStatic(config, rules),
      warnedAt: config.logger ?? console,
      config,
      origins: new Map(),
      checks: new Map(),
    };
    resolvedConfigs.set(config, resolved);
  }
  return resolved;
}

function resolveOrigin(resolved: ResolvedConfig, origin: string): OriginOptions {
  const { config } = resolved;
  const url = new URL(`${origin}${resolved.static.basePath}`);
  const useSecureCookies = config.useSecureCookies ?? url.protocol === "https:";
  return {
    ...resolved.static,
    url,
    action: "session",
    providers: resolveProviders(config, url),
    useSecureCookies,
    cookies: resolveCookies(useSecureCookies, config.cookies),
    callbackUrl: url.origin,
    // Present from the start, though set per request (resolveOptions, init): a property added to the
    // per-request clone moves it to a new shape with an out-of-object store, a cost on every request.
    provider: undefined,
    csrfToken: undefined,
    csrfTokenVerified: false,
    isOnRedirectProxy: Boolean(
      resolved.static.redirectProxyUrl && new URL(resolved.static.redirectProxyUrl).origin === url.origin,
    ),
  };
}

/**
 * Options for one request of a resolved config. Throws what resolving the providers throws (InvalidEndpoints):
 * a configuration error, answered like the ones `assertConfig` returns. Everything but the action, the
 * provider and the callback URL is computed once per origin: this runs on every session read.
 */
export function resolveOptions(resolved: ResolvedConfig, request: RequestInternal): InternalOptions {
  const origin = request.url.origin;
  let perOrigin = resolved.origins.get(origin);
  if (!perOrigin) {
    perOrigin = resolveOrigin(resolved, origin);
    if (resolved.origins.size >= MAX_ORIGINS) {
      resolved.origins.clear();
      resolved.checks.clear();
    }
    resolved.origins.set(origin, perOrigin);
  }
  const options: InternalOptions = { ...perOrigin };
  options.action = request.action;
  const provider = perOrigin.providers.find((candidate) => candidate.id === request.providerId);
  if (provider) options.provider = provider;
  return options;
}
