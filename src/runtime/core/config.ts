/**
 * Resolves the user's AuthConfig into the options every action reads. The parts that depend only on the
 * config object are computed once per config (cached in a WeakMap), the provider list once per origin;
 * the per-request parts (action, provider, callback URL, CSRF state) are filled in by `init`.
 */
import { EventError } from "../errors.js";
import { decode, encode } from "../jwt.js";
import type { AuthConfig, EventsOptions, JWTOptions, LoggerInstance } from "../types.js";
import { resolveCallbacks } from "./callbacks.js";
import { resolveCookies } from "./cookies.js";
import type { InternalOptions, InternalProvider, RequestInternal } from "./internal.js";
import { createLogger } from "./logger.js";
import { resolveProviders } from "./providers.js";
import { normalizeBasePath } from "./request.js";

const DEFAULT_MAX_AGE = 30 * 24 * 60 * 60;
const DEFAULT_UPDATE_AGE = 24 * 60 * 60;

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

interface Resolved {
  static: StaticOptions;
  /** Providers for the last few origins this config served (usually exactly one). */
  providers: Map<string, InternalProvider[]>;
}

const resolvedConfigs = new WeakMap<AuthConfig, Resolved>();
const MAX_ORIGINS = 8;

/** The configured secret(s) as a list; empty strings do not count as a secret. */
export function secretList(secret: AuthConfig["secret"]): string[] {
  const list = Array.isArray(secret) ? secret : secret ? [secret] : [];
  return list.filter((value) => typeof value === "string" && value.length > 0);
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
        logger.error(new EventError(`The ${name} event handler threw.`, { cause: error as Error }));
      }
    };
  }
  return guarded as EventsOptions;
}

function resolveStatic(config: AuthConfig): StaticOptions {
  const logger = createLogger(config);
  const maxAge = config.session?.maxAge ?? DEFAULT_MAX_AGE;
  const jwt: JWTOptions = {
    maxAge: config.jwt?.maxAge ?? maxAge,
    encode: config.jwt?.encode ?? encode,
    decode: config.jwt?.decode ?? decode,
  };
  const options: StaticOptions = {
    basePath: normalizeBasePath(config.basePath),
    secret: secretList(config.secret),
    session: {
      strategy: config.session?.strategy ?? (config.adapter ? "database" : "jwt"),
      maxAge,
      updateAge: config.session?.updateAge ?? DEFAULT_UPDATE_AGE,
      generateSessionToken: config.session?.generateSessionToken ?? (() => crypto.randomUUID()),
    },
    jwt,
    callbacks: resolveCallbacks(config.callbacks),
    events: guardEvents(config.events, logger),
    pages: config.pages ?? {},
    theme: { colorScheme: "auto", ...config.theme },
    logger,
    debug: config.debug === true,
    experimental: config.experimental ?? {},
  };
  if (config.adapter) options.adapter = config.adapter;
  if (config.redirectProxyUrl) options.redirectProxyUrl = config.redirectProxyUrl;
  return options;
}

function cached(config: AuthConfig): Resolved {
  let resolved = resolvedConfigs.get(config);
  if (!resolved) {
    resolved = { static: resolveStatic(config), providers: new Map() };
    resolvedConfigs.set(config, resolved);
  }
  return resolved;
}

/** The logger for `config`, without resolving anything else (used before the request is parsed). */
export function configLogger(config: AuthConfig): LoggerInstance {
  return cached(config).static.logger;
}

/**
 * Options for one request. Throws what resolving the providers throws (InvalidEndpoints): a configuration
 * error, answered like the ones `assertConfig` returns.
 */
export function resolveOptions(config: AuthConfig, request: RequestInternal): InternalOptions {
  const resolved = cached(config);
  const url = new URL(`${request.url.origin}${resolved.static.basePath}`);
  let providers = resolved.providers.get(url.href);
  if (!providers) {
    providers = resolveProviders(config, url);
    if (resolved.providers.size >= MAX_ORIGINS) resolved.providers.clear();
    resolved.providers.set(url.href, providers);
  }
  const useSecureCookies = config.useSecureCookies ?? url.protocol === "https:";
  const options: InternalOptions = {
    ...resolved.static,
    url,
    action: request.action,
    providers,
    useSecureCookies,
    cookies: resolveCookies(useSecureCookies, config.cookies),
    callbackUrl: url.origin,
    csrfTokenVerified: false,
    isOnRedirectProxy: Boolean(
      resolved.static.redirectProxyUrl && new URL(resolved.static.redirectProxyUrl).origin === url.origin,
    ),
  };
  const provider = providers.find((candidate) => candidate.id === request.providerId);
  if (provider) options.provider = provider;
  return options;
}
