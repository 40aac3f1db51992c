/**
 * Configuration checks run before any action, so a misconfigured deployment fails the same way on every
 * route instead of half-working. Returns the first error (answered as a Configuration error) and logs
 * warnings for risky-but-valid settings.
 */
import {
  DuplicateConditionalUI,
  ExperimentalFeatureNotEnabled,
  InvalidCallbackUrl,
  MissingAdapter,
  MissingAdapterMethods,
  MissingAuthorize,
  MissingSecret,
  MissingWebAuthnAutocomplete,
  UntrustedHost,
} from "../errors.js";
import type { Adapter } from "../types.js";
import type { ResolvedConfig } from "./config.js";
import type { InternalOptions, InternalProvider, RequestInternal } from "./internal.js";
import { optionLeftUnsetOf, providerEnvKey } from "./provider-env.js";
import { APP_CHOSEN, redirectTarget } from "./redirect.js";

/** What each flow calls on the adapter; checked up front so a gap fails at start-up, not mid sign-in. */
const METHODS_FOR = {
  databaseSessions: ["createSession", "getSessionAndUser", "updateSession", "deleteSession"],
  // core/account/resolve-user.ts: find the account's owner, link to the signed-in user, or create one.
  accountSignIn: ["createUser", "getUser", "getUserByEmail", "getUserByAccount", "linkAccount"],
  // core/account/credentials-user.ts: the user authorize's id names, or a new one unless another holds its address.
  credentialsDatabase: ["getUser", "getUserByEmail", "createUser"],
  email: ["createVerificationToken", "useVerificationToken", "getUserByEmail", "createUser", "updateUser"],
  webauthn: [
    "createUser",
    "getUser",
    "getUserByEmail",
    "getUserByAccount",
    "linkAccount",
    "getAccount",
    "getAuthenticator",
    "createAuthenticator",
    "listAuthenticatorsByUserId",
    "updateAuthenticatorCounter",
  ],
  // core/password/: users by address, tokens for its links, the hash, and ending sessions on a reset.
  password: [
    "createUser",
    "getUser",
    "getUserByEmail",
    "updateUser",
    "createVerificationToken",
    "useVerificationToken",
    "getPasswordHash",
    "setPasswordHash",
    "deleteUserSessions",
  ],
} satisfies Record<string, Array<keyof Adapter>>;

/**
 * WebAuthn providers' conditional UI. A page can run one conditional-UI request at a time, and that request
 * needs a field whose autocomplete names `webauthn` (WebAuthn Level 3 §5.1.4: conditional mediation is
 * offered through autofill), so both are caught at start-up rather than as a passkey prompt that silently
 * never appears.
 */
function assertConditionalUI(providers: InternalProvider[]): Error | undefined {
  const conditional = providers.filter((provider) => provider.type === "webauthn" && provider.enableConditionalUI);
  if (conditional.length > 1) {
    return new DuplicateConditionalUI(
      `Only one WebAuthn provider may enable conditional UI; these do: ${conditional.map((provider) => provider.id).join(", ")}.`,
    );
  }
  for (const provider of conditional) {
    if (provider.type !== "webauthn") continue;
    const fields = Object.values(provider.formFields ?? {});
    if (!fields.some((field) => field.autocomplete?.split(/\s+/).includes("webauthn"))) {
      return new MissingWebAuthnAutocomplete(
        `The WebAuthn provider "${provider.id}" enables conditional UI, but none of its formFields has "webauthn" in its autocomplete (e.g. "username webauthn").`,
      );
    }
  }
  return undefined;
}

/**
 * The strategy and the providers decide what the adapter must do. No adapter where one is needed →
 * MissingAdapter; an adapter lacking a method some flow calls → MissingAdapterMethods naming them all.
 */
function assertAdapter(options: InternalOptions): Error | undefined {
  const { adapter, providers } = options;
  const database = options.session.strategy === "database";
  const types = new Set(providers.map((provider) => provider.type));
  const emailProvider = providers.find((provider) => provider.type === "email");
  const webauthnProvider = providers.find((provider) => provider.type === "webauthn");
  const passwordProvider = providers.find((provider) => provider.type === "password");

  if (!adapter) {
    if (passwordProvider) {
      return new MissingAdapter(
        `The password provider "${passwordProvider.id}" needs an adapter to store users, password hashes and link tokens.`,
      );
    }
    if (emailProvider) {
      return new MissingAdapter(
        `The email provider "${emailProvider.id}" needs an adapter to store verification tokens.`,
      );
    }
    if (webauthnProvider) {
      return new MissingAdapter(
        `The WebAuthn provider "${webauthnProvider.id}" needs an adapter to store authenticators.`,
      );
    }
    if (database) {
      return new MissingAdapter(
        'The "database" session strategy needs an adapter to store sessions: pass `adapter`, or use `session: { strategy: "jwt" }`.',
      );
    }
    return undefined;
  }
  const required = new Set<keyof Adapter>();
  const need = (methods: ReadonlyArray<keyof Adapter>) => {
    for (const method of methods) required.add(method);
  };
  if (database) need(METHODS_FOR.databaseSessions);
  // Unlike the reference (§7: credentials sessions are JWTs only), a credentials sign-in may start a database
  // session: it finds or creates the user authorize names. With JWT sessions it never touches the adapter.
  if (database && types.has("credentials")) need(METHODS_FOR.credentialsDatabase);
  if (types.has("oauth") || types.has("oidc")) need(METHODS_FOR.accountSignIn);
  // A proving sign-in that links by address detaches an unproved holder of it (core/account/resolve-user.ts).
  if (
    providers.some(
      (provider) => "allowDangerousEmailAccountLinking" in provider && provider.allowDangerousEmailAccountLinking,
    )
  ) {
    need(["updateUser"]);
  }
  if (emailProvider) need(METHODS_FOR.email);
  if (webauthnProvider) need(METHODS_FOR.webauthn);
  if (passwordProvider) need(METHODS_FOR.password);
  const missing = [...required].filter((method) => typeof adapter[method] !== "function");
  if (missing.length === 0) return undefined;
  // The ORM adapters have the hash methods only with the passwords table (adapters/drizzle-passwords.ts, prisma.ts).
  const passwordHint = missing.some((method) => method === "getPasswordHash" || method === "setPasswordHash")
    ? " Drizzle's adapter has the password methods when its tables include `passwords`, Prisma's when the client" +
      " has the `Password` model: add that table (docs/adapters.md#passwords)."
    : "";
  return new MissingAdapterMethods(
    `The adapter does not implement ${missing.map((method) => `\`${method}\``).join(", ")}, which this configuration's sign-in methods and session strategy need.${passwordHint}`,
  );
}

/**
 * Warnings already given, per destination (the user's logger, or the console): some integrations (Qwik)
 * build a fresh config on every request, and a warning per request would drown the log.
 */
const warned = new WeakMap<object, Set<string>>();

function warnOnce(
  config: ResolvedConfig,
  logger: InternalOptions["logger"],
  code: string,
  message: string,
  key: string = code,
): void {
  const destination = config.warnedAt;
  const given = warned.get(destination) ?? new Set<string>();
  warned.set(destination, given);
  if (given.has(key)) return;
  given.add(key);
  logger.warn(code, message);
}

/**
 * RFC 6761 §6.3 `localhost` and its subdomains, 127.0.0.0/8 (RFC 1122 §3.2.1.3) and `::1` (RFC 4291 §2.5.3),
 * as the WHATWG URL parser writes a hostname (IPv4 canonical, IPv6 bracketed). Names only this machine.
 */
export function isLoopbackHostname(hostname: string): boolean {
  const name = hostname.toLowerCase();
  return name === "localhost" || name.endsWith(".localhost") || name === "[::1]" || /^127(?:\.\d{1,3}){3}$/.test(name);
}

/** A `Host`-style value (`name[:port]`, quoted in `Forwarded`) naming this machine; anything else does not. */
function isLoopbackHost(host: string): boolean {
  const value = host.trim().replace(/^"(.*)"$/, "$1");
  if (value === "" || !URL.canParse(`http://${value}`)) return false;
  const url = new URL(`http://${value}`);
  const bare =
    url.pathname === "/" && url.search === "" && url.hash === "" && url.username === "" && !value.includes("/");
  return bare && isLoopbackHostname(url.hostname);
}

/** Every host a proxy would have written in `X-Forwarded-Host` or `Forwarded: host=` (RFC 7239 §5.3). */
function forwardedHosts(headers: Headers): string[] {
  const hosts: string[] = [];
  const xForwardedHost = headers.get("x-forwarded-host");
  if (xForwardedHost !== null) hosts.push(...xForwardedHost.split(","));
  const forwarded = headers.get("forwarded");
  if (forwarded !== null) {
    for (const match of forwarded.matchAll(/(?:^|[;,\s])host=("[^"]*"|[^;,\s]*)/gi)) hosts.push(match[1] ?? "");
  }
  return hosts;
}

/**
 * Whether the URLs may be built on the request's host. Yes when `AUTH_URL` is set (the request's host is then
 * ignored: core/request.ts) or `trustHost` is on. With `trustHost: false` (or AUTH_TRUST_HOST=false), never.
 * With nothing configured, only a request that names this machine alone: its URL's host is loopback, and so is
 * every host a proxy header names. That is a local run (dev, or a production build previewed on localhost at
 * any port), where nobody else's browser can be sent to the URLs built; a deployment is reached by a public
 * name, or through a proxy that says so in X-Forwarded-Host (Next's own server writes the browser's Host there),
 * and must name its URL (OWASP WSTG-INPV-17: a Host the app did not choose poisons emailed links and cached
 * pages). No forwarded header is read for the URL itself here: only `trustHost` makes them believed.
 */
function assertTrustedHost(request: RequestInternal, config: ResolvedConfig): UntrustedHost | undefined {
  const { trustHost, deploymentUrl } = config.rules;
  if (trustHost === true || deploymentUrl) return undefined;
  if (
    trustHost === undefined &&
    isLoopbackHostname(request.url.hostname) &&
    forwardedHosts(request.headers).every(isLoopbackHost)
  ) {
    return undefined;
  }
  return new UntrustedHost(
    `Host must be trusted. URL was: ${request.url.href}. Set AUTH_URL to the site's public URL, or AUTH_TRUST_HOST=true (or \`trustHost: true\`) when your server or proxy sets the Host header safely. Without either, only localhost, 127.0.0.1 and [::1] are trusted, and only with no proxy header naming another host.`,
  );
}

/** Whether an OAuth/OIDC provider has a client id (an empty `AUTH_<ID>_ID` leaves it blank). */
function hasClientId(provider: { clientId?: string | undefined }): boolean {
  return typeof provider.clientId === "string" && provider.clientId.trim() !== "";
}

/** A setting a provider lacks to start a sign-in, in words, with the env keys that fill it. */
interface MissingSetting {
  setting: "client id" | "issuer" | "server URL (`baseUrl`)" | "account id (`accountId`)";
  keys: string[];
}

const OPTION_WORDS = { baseUrl: "server URL (`baseUrl`)", accountId: "account id (`accountId`)" } as const;

/**
 * What an OAuth/OIDC provider lacks to start a sign-in because its `AUTH_<ID>_*` key is blank: a client id
 * (RFC 6749 §2.2: the provider knows the client by it; `AUTH_<ID>_ID`, with `AUTH_<ID>_SECRET` when it has no
 * secret either, as a public client may need none), an OIDC provider's issuer (OpenID Connect Discovery 1.0 §4:
 * its endpoints are found from it; it resolves without one only when that key was meant to fill it,
 * core/providers.ts), or the option a catalog factory makes its endpoints from (a self-hosted server's `baseUrl`:
 * AUTH_NEXTCLOUD_URL, …), when no endpoints were given in its place. Nothing for a configured provider, or one of
 * another type. Names only; never a value.
 */
function missingSettings(provider: InternalProvider): MissingSetting[] {
  if (provider.type !== "oauth" && provider.type !== "oidc") return [];
  const missing: MissingSetting[] = [];
  if (!hasClientId(provider)) {
    const id = providerEnvKey(provider.id, "ID");
    missing.push({
      setting: "client id",
      keys: provider.clientSecret ? [id] : [id, providerEnvKey(provider.id, "SECRET")],
    });
  }
  if (provider.type === "oidc" && !provider.issuer) {
    missing.push({ setting: "issuer", keys: [providerEnvKey(provider.id, "ISSUER")] });
  }
  const unset = optionLeftUnsetOf(provider);
  if (unset && !(provider.authorization?.url && provider.token?.url)) {
    missing.push({ setting: OPTION_WORDS[unset.option], keys: [unset.envKey] });
  }
  return missing;
}

/** A provider listed like the others whose sign-in cannot start until the server's environment is filled in. */
export function isUnconfiguredProvider(provider: InternalProvider): boolean {
  return missingSettings(provider).length > 0;
}

/** The env keys such a provider needs filled (missingSettings). */
export function missingProviderKeys(provider: InternalProvider): string[] {
  return missingSettings(provider).flatMap((missing) => missing.keys);
}

/** `The GitHub provider ("github") has no client id: set …`: in the log and in the error its sign-in throws. */
export function unconfiguredProviderText(provider: InternalProvider): string {
  const missing = missingSettings(provider)
    .map((found) => found.setting)
    .join(" and no ");
  return `The ${provider.name} provider ("${provider.id}") has no ${missing}: ${missingProviderKeysText(provider)}`;
}

/** "set AUTH_GITHUB_ID and AUTH_GITHUB_SECRET …": what to do, in the log and on the configuration error page. */
export function missingProviderKeysText(provider: InternalProvider): string {
  const keys = missingProviderKeys(provider);
  const list = keys.length === 1 ? keys[0] : `${keys.slice(0, -1).join(", ")} and ${keys.at(-1)}`;
  return `set ${list} in the server's environment (from the provider's OAuth app settings), then restart the server.`;
}

/**
 * A provider whose blank `AUTH_<ID>_*` keys leave it unable to sign in is said once here (per provider), and its
 * sign-in answers the configuration error page naming the keys (actions/signin.ts), instead of sending the user
 * to the provider with `client_id=`, or failing every route for want of an issuer.
 */
function warnUnconfiguredProviders(options: InternalOptions, config: ResolvedConfig): void {
  for (const provider of options.providers) {
    const missing = missingSettings(provider).map((found) => found.setting);
    if (missing.length === 0) continue;
    // The documented code for a blank client id stays; an issuer alone missing has its own, and so does an option.
    const code = missing.includes("client id")
      ? "provider-missing-client-id"
      : missing.includes("issuer")
        ? "provider-missing-issuer"
        : "provider-missing-option";
    warnOnce(
      config,
      options.logger,
      code,
      `${unconfiguredProviderText(provider)} Until then its sign-in answers a configuration error page.`,
      `provider-unconfigured:${provider.id}`,
    );
  }
}

/** `config`: the config object as resolved (core/config.ts), from which `options` were made for this request. */
export function assertConfig(
  request: RequestInternal,
  options: InternalOptions,
  config: ResolvedConfig,
): Error | undefined {
  const { logger } = options;
  if (options.debug) {
    warnOnce(
      config,
      logger,
      "debug-enabled",
      "Debug logging is on: it may log tokens and profiles. Never enable it in production.",
    );
  }
  if (options.experimental.enableWebAuthn) {
    warnOnce(config, logger, "experimental-webauthn", "WebAuthn is experimental and may change.");
  }

  const untrusted = assertTrustedHost(request, config);
  if (untrusted) return untrusted;
  // The rest reads the options of the request's origin alone: checked once per origin (core/config.ts).
  const origin = request.url.origin;
  let found = config.checks.get(origin);
  if (found === undefined) {
    found = assertOriginOptions(origin, options, config) ?? null;
    config.checks.set(origin, found);
  }
  return found ?? undefined;
}

/** The checks of assertConfig that read only the options of one origin (`origin`): their first error. */
function assertOriginOptions(origin: string, options: InternalOptions, config: ResolvedConfig): Error | undefined {
  if (options.secret.length === 0) {
    return new MissingSecret(
      "No secret is set: set AUTH_SECRET in your environment or pass `secret` to the config. Create one with `openssl rand -base64 32` (works everywhere) or `npx create-auth secret`; note that `npx auth secret` runs another project's CLI from the public registry, not this one.",
    );
  }
  warnUnconfiguredProviders(options, config);

  // The app's own destinations pass the redirect rule up front: a page that could never be redirected to
  // is the developer's to fix (a request's callbackUrl, by contrast, is the client's and is ignored in init).
  for (const [page, value] of Object.entries(options.pages)) {
    if (value !== undefined && redirectTarget(value, origin, APP_CHOSEN) === undefined) {
      return new InvalidCallbackUrl(
        `pages.${page} (${JSON.stringify(value)}) is not a path on this site or an absolute http(s) URL without credentials.`,
      );
    }
  }

  for (const provider of options.providers) {
    if (provider.type === "credentials" && typeof provider.authorize !== "function") {
      return new MissingAuthorize(`The credentials provider "${provider.id}" needs an \`authorize\` function.`);
    }
    if (provider.type === "webauthn" && !options.experimental.enableWebAuthn) {
      return new ExperimentalFeatureNotEnabled(
        `The WebAuthn provider "${provider.id}" is experimental: set \`experimental: { enableWebAuthn: true }\`.`,
      );
    }
  }
  return assertConditionalUI(options.providers) ?? assertAdapter(options);
}
