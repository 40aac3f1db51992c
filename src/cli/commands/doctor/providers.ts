/**
 * Each provider the auth module configures (providers/auth-providers.ts `configuredProviders`, the list
 * add-provider and remove-provider read) has the settings the runtime reads for it filled (the catalog's
 * env keys, providers/catalog.ts) and the packages it loads declared; and the callback URL it will send
 * users back to, to register with the provider: the dev server's (commands/providers/callback-url.ts), or AUTH_URL's
 * with --production. What a credentials sign-in needs is read from the module itself (credentials-config.ts):
 * an `authorize` that can return a user, and with database sessions an adapter that stores users. The mail
 * settings of the providers that mail are checked once for all of them (mail-settings.ts), the password
 * provider's hashing parameters against OWASP's row (password-hash.ts).
 */

import { envUrl } from "../../../runtime/core/env.js";
import { type Finding, finding, ok } from "../../checks/finding.js";
import { configuredAdapter } from "../../database/setup.js";
import { configuredCatalogProviders } from "../../providers/auth-providers.js";
import type { ProviderEntry } from "../../providers/catalog.js";
import { authBaseUrl, providerCallbackUrl } from "../providers/callback-url.js";
import { checkAppleSecret } from "./apple-secret.js";
import type { DoctorContext } from "./context.js";
import { type CredentialsConfig, readCredentialsConfig } from "./credentials-config.js";
import { checkMailSettings, mailKeys } from "./mail-settings.js";
import { checkPasswordHash } from "./password-hash.js";

/** Where the auth endpoints answer: AUTH_URL's origin and path (or the target's base path) when set, else the dev server's. */
function authBase(ctx: DoctorContext): string | null {
  if ("missing" in ctx.setup) return null;
  const { target, reader, info } = ctx.setup;
  const url = envUrl(ctx.env);
  if (url) {
    try {
      const parsed = new URL(url);
      const path = parsed.pathname.replace(/\/+$/, "");
      return `${parsed.origin}${path || target.basePath}`;
    } catch {
      // url.invalid says so; the dev URL is still the one to show.
    }
  }
  return ctx.production ? null : authBaseUrl(target, reader, info.packageJson);
}

/** The strategy the runtime will use: the one named, else "database" with an adapter (its default), else "jwt". */
function effectiveStrategy(config: CredentialsConfig): "jwt" | "database" | null {
  if (config.strategy) return config.strategy;
  if (config.strategyComputed) return null;
  return config.hasAdapter ? "database" : "jwt";
}

/**
 * A database strategy with no adapter fails every request (MissingAdapter): nobody signs in, whatever the
 * provider. With credentials it is the one combination the runtime cannot serve.
 */
function sessionFindings(config: CredentialsConfig, authPath: string): Finding[] {
  if (config.strategy !== "database" || config.hasAdapter) return [];
  return [
    finding(
      "error",
      "session.database-without-adapter",
      `${authPath} sets session: { strategy: "database" } but hands the runtime no adapter: every request fails with MissingAdapter, so nobody can sign in.`,
      `set session: { strategy: "jwt" } in ${authPath} (sessions in an encrypted cookie), or add the adapter that stores them (adapter: sqlite(db), as init --db sqlite writes it)`,
      authPath,
    ),
  ];
}

/** What is true of the password sign-in: whether authorize lets anyone in yet, and where its user lives. */
function credentialsFindings(
  ctx: DoctorContext,
  provider: ProviderEntry,
  config: CredentialsConfig,
  authPath: string,
): Finding[] {
  const strategy = effectiveStrategy(config);
  if (strategy === "database" && !config.hasAdapter) return [];
  const database = strategy === "database";
  const idRule = "return { id, name, email } of the user whose password matches";
  if (config.deniesEveryone) {
    return [
      finding(
        "info",
        "provider.credentials-denies",
        `${provider.name}: authorize() in ${authPath} returns null on every path (the placeholder init wrote), so nobody signs in with a password yet.`,
        `write the lookup in authorize() in ${authPath}: ${idRule}${database ? " (with database sessions, id is the user's id in the users table; an id not there yet creates that user, its address unverified)" : ""}`,
        authPath,
      ),
    ];
  }
  const builtIn = ctx.project ? configuredAdapter(ctx.reader, ctx.project.info) : null;
  const findings: Finding[] = [];
  if (database && !builtIn) {
    findings.push(
      finding(
        "info",
        "provider.credentials-adapter",
        `${provider.name} with database sessions finds and creates users through the adapter ${authPath} builds, which is not one of the runtime's, so its methods were not checked here.`,
        "make sure it implements getUser, getUserByEmail and createUser besides the session methods: the runtime refuses to start without them (MissingAdapterMethods)",
        authPath,
      ),
    );
  }
  const where = database
    ? "; with database sessions its id names the user in the users table (created there at its first sign-in, its address unverified), and the session is a row there"
    : strategy === "jwt"
      ? "; the session is an encrypted cookie holding that user"
      : "";
  findings.push(ok("provider.ready", `${provider.name}: authorize() in ${authPath} can return a user${where}.`));
  return findings;
}

export function checkProviders(ctx: DoctorContext): Finding[] {
  if ("missing" in ctx.setup) return [];
  const { authPath, authSource, info } = ctx.setup;
  const providers = configuredCatalogProviders(authSource, authPath);
  if (providers.length === 0) {
    return [
      finding(
        "warning",
        "provider.none",
        `${authPath} configures no provider from the runtime: nobody can sign in.`,
        "add one with npx create-auth add-provider <id> (github, google, oidc, credentials, email, passkey, …)",
        authPath,
      ),
    ];
  }
  const base = authBase(ctx);
  const declared = { ...info.packageJson.dependencies, ...info.packageJson.devDependencies };
  const config = readCredentialsConfig(authSource, authPath);
  const findings: Finding[] = sessionFindings(config, authPath);
  const mailFindings = checkMailSettings(ctx, providers, { source: authSource, path: authPath }, info.envFile);
  for (const provider of providers) {
    if (provider.kind === "credentials") {
      findings.push(...credentialsFindings(ctx, provider, config, authPath));
      continue;
    }
    // The mail settings are checked once for every provider that mails (mail-settings.ts).
    const mail = mailKeys(provider);
    const blank = provider.envKeys.filter((key) => !mail.includes(key) && !ctx.env[key]?.trim());
    const missingPackages = Object.keys(provider.packages ?? {}).filter((name) => !declared[name]);
    const oauth = provider.kind === "oauth" || provider.kind === "oidc";
    const callback = oauth && base ? providerCallbackUrl(base, provider.id) : null;
    if (blank.length > 0) {
      findings.push(
        finding(
          "error",
          "provider.env-missing",
          `${provider.name} needs ${blank.join(", ")}, ${blank.length === 1 ? "which is" : "which are"} not set: ${oauth ? "sign-in with it fails with a configuration error" : "it cannot send or verify anything"}.`,
          `${provider.registerAt ? `${oauth ? "register the app" : "create the key"} at ${provider.registerAt}${callback ? ` with the callback URL ${callback}` : ""}, then ` : ""}set ${blank.join(" and ")} in ${ctx.production ? "the deployment's environment" : info.envFile}`,
          ctx.production ? undefined : info.envFile,
        ),
      );
    }
    if (missingPackages.length > 0) {
      findings.push(
        finding(
          "error",
          "provider.package-missing",
          `${provider.name} loads ${missingPackages.join(", ")}, which package.json does not declare.`,
          `install it: npm install ${missingPackages.map((name) => `${name}@${provider.packages?.[name]}`).join(" ")}`,
          "package.json",
        ),
      );
    }
    const mailReady = mail.length === 0 || !mailFindings.some((found) => found.level === "error");
    if (blank.length === 0 && missingPackages.length === 0 && mailReady) {
      findings.push(
        ok(
          "provider.ready",
          `${provider.name}: ${provider.envKeys.length > 0 ? `${provider.envKeys.join(", ")} set` : "nothing to set"}${callback ? `; callback URL ${callback}` : ""}.`,
        ),
      );
    }
  }
  findings.push(...mailFindings);
  findings.push(...checkAppleSecret(ctx, providers, info.envFile));
  if (providers.some((provider) => provider.kind === "password"))
    findings.push(...checkPasswordHash(authSource, authPath));
  return findings;
}
